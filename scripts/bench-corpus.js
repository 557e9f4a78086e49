#!/usr/bin/env node
// Corpus benchmark: the Rust blog's 584 posts (scripts/corpus/) built by the Heirloom port, Hugo and Eleventy, each
// as a whole process, taken in turn (A B C, then B C A, ...): a cold build (output and caches removed), a rebuild
// with nothing changed, and a rebuild after one post is edited. Medians, the median of the pair ratios against
// each peer, and peak memory. A peer that is not installed is left out.
// Usage: npm run bench:corpus -- DIR [--runs 5] [--git-dir <repo.git>] [--commit <sha>] [--peer ../shared/bench]
// DIR holds the three sites (heirloom/, hugo/, eleventy/); a missing one is written from the blog's git directory
// (--git-dir or HEIRLOOM_CORPUS_GIT_DIR). --cli <bin/heirloom.js> times another engine's command.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { extractSite } from "./corpus/extract.js";
import { writeEleventySite } from "./corpus/eleventy.js";
import { writeHugoSite } from "./corpus/hugo.js";
import { JEKYLL_ERA_COMMIT, datedName } from "./corpus/corpus.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dir = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!dir) {
  console.error(
    "Usage: npm run bench:corpus -- DIR [--runs 5] [--git-dir <repo.git>] [--commit <sha>] [--peer <folder>]",
  );
  process.exit(2);
}
const work = path.resolve(dir);
const runs = Number(option("--runs", 5));
const gitDir = option("--git-dir", process.env.HEIRLOOM_CORPUS_GIT_DIR);
const commit = option("--commit", JEKYLL_ERA_COMMIT);
const peer = path.resolve(root, option("--peer", process.env.HEIRLOOM_BENCH_PEER ?? "../shared/bench"));
const cli = path.resolve(option("--cli", path.join(root, "packages", "heirloom", "bin", "heirloom.js")));
const gnuTime = ["/usr/bin/time"].find((p) => existsSync(p));
const hugoCommand = spawnSync("hugo", ["version"], { encoding: "utf8" }).status === 0 ? "hugo" : undefined;

/** Writes the sites DIR lacks; returns the tools that can run. */
function prepare() {
  const site = (name) => path.join(work, name);
  const needed = [
    ["heirloom", "site.config.ts", () => extractSite({ gitDir, commit, out: site("heirloom"), repair: true })],
    ["hugo", "hugo.toml", () => writeHugoSite({ gitDir, commit, out: site("hugo") })],
    ["eleventy", "eleventy.config.js", () => writeEleventySite({ gitDir, commit, out: site("eleventy"), peer })],
  ];
  for (const [name, marker, write] of needed) {
    if (existsSync(path.join(site(name), marker))) continue;
    if (!gitDir) {
      console.error(`${site(name)} holds no ${marker}: pass --git-dir <the Rust blog's git directory> to write it.`);
      process.exit(2);
    }
    write();
  }
  const eleventyBin = path.join(site("eleventy"), "node_modules", ".bin", "eleventy");
  const tools = [heirloomTool(site("heirloom"))];
  if (hugoCommand) tools.push(hugoTool(site("hugo")));
  if (existsSync(eleventyBin)) tools.push(eleventyTool(site("eleventy"), eleventyBin));
  return tools;
}

// Each tool: how to build, what a cold build removes, where the edited post is, where its pages are written.
function heirloomTool(site) {
  // With a site URL, as published (canonical URLs, sitemap, feeds), as Hugo writes with its baseURL.
  const buildArgs = [cli, "build", "--root", site, "--out", path.join(site, "dist")];
  return {
    name: "Heirloom",
    site,
    command: [process.execPath, ...buildArgs, "--site-url", "https://blog.rust-lang.org"],
    clean: [path.join(site, "dist"), path.join(site, "node_modules", ".cache"), path.join(site, ".heirloom")],
    posts: path.join(site, "content", "posts"),
    out: path.join(site, "dist"),
  };
}

function hugoTool(site) {
  return {
    name: "Hugo",
    site,
    command: [hugoCommand, "--quiet", "--source", site],
    env: { HUGO_CACHEDIR: path.join(site, ".hugo-cache") },
    clean: [path.join(site, "public"), path.join(site, "resources"), path.join(site, ".hugo-cache")],
    posts: path.join(site, "content", "posts"),
    out: path.join(site, "public"),
  };
}

function eleventyTool(site, bin) {
  return {
    name: "Eleventy",
    site,
    command: [process.execPath, bin, "--quiet"],
    clean: [path.join(site, "dist"), path.join(site, ".cache")],
    posts: path.join(site, "src", "posts"),
    out: path.join(site, "dist"),
  };
}

/**
 * Runs a build as a whole process: wall seconds, cpu seconds (user + system) and peak resident MiB, with GNU time;
 * without it, wall seconds and the process's high-water mark read from /proc while it runs (it only grows).
 */
async function timed(tool) {
  const [command, ...commandArgs] = tool.command;
  const env = { ...process.env, ...tool.env, NO_COLOR: "1" };
  const started = process.hrtime.bigint();
  const child = gnuTime
    ? spawn(gnuTime, ["-f", "%U %S %M", command, ...commandArgs], { cwd: tool.site, env })
    : spawn(command, commandArgs, { cwd: tool.site, env });
  let stderr = "";
  let peakKiB = Number.NaN;
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdout.resume();
  const poll = gnuTime ? undefined : setInterval(() => (peakKiB = highWaterMark(child.pid) ?? peakKiB), 20);
  const status = await new Promise((resolve) => child.on("close", resolve));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(poll);
  if (status !== 0) throw new Error(`${tool.name} failed (exit ${status}):\n${stderr.slice(-4000)}`);
  if (!gnuTime) return { seconds, cpu: Number.NaN, peak: peakKiB / 1024 };
  const [user, system, kib] = stderr.trim().split("\n").pop().split(" ").map(Number);
  return { seconds, cpu: user + system, peak: kib / 1024 };
}

function highWaterMark(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const clean = (tool) => tool.clean.forEach((p) => rmSync(p, { recursive: true, force: true }));

/** Pages a build wrote: its .html files, static ones (an image's page) included. */
function pagesIn(folder) {
  return readdirSync(folder, { recursive: true }).filter((f) => String(f).endsWith(".html")).length;
}

/** The post every tool edits: the middle one of the main blog whose slug has no dot (the same file name everywhere). */
function postToEdit(tool) {
  const names = readdirSync(tool.posts).filter(
    (n) => /^\d{4}-\d\d-\d\d-.+\.md$/.test(n) && !datedName(n).slug.includes("."),
  );
  return names.sort()[Math.floor(names.length / 2)];
}

/** Runs `phase` for every tool, each run in a turned order (A B C, B C A, ...); results by tool name. */
async function alternate(tools, phase) {
  const results = Object.fromEntries(tools.map((t) => [t.name, []]));
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < tools.length; j++) {
      const tool = tools[(i + j) % tools.length];
      results[tool.name].push(await phase(tool, i));
    }
  }
  return results;
}

/** A phase's row: each tool's median wall seconds, and the median of pair ratios of the first against each. */
function timeRow(label, tools, results) {
  const [first, ...peers] = tools;
  const row = {};
  for (const tool of tools) row[`${tool.name} s`] = fmt(median(results[tool.name].map((r) => r.seconds)));
  for (const other of peers) {
    const ratios = results[first.name].map((r, i) => r.seconds / results[other.name][i].seconds);
    row[`${first.name}/${other.name}`] = fmt(median(ratios));
  }
  return [label, row];
}

/** A phase's row of costs: each tool's median cpu seconds and peak memory. */
function costRow(label, tools, results) {
  const row = {};
  for (const tool of tools) {
    row[`${tool.name} cpu s`] = fmt(median(results[tool.name].map((r) => r.cpu)));
    row[`${tool.name} MiB`] = fmt(median(results[tool.name].map((r) => r.peak)), 0);
  }
  return [label, row];
}

const tools = prepare();
const originals = new Map();
try {
  for (const tool of tools) {
    // Warm-up: compiles Heirloom's CLI, loads Hugo and Eleventy once, fills the OS file cache; counts the pages.
    clean(tool);
    await timed(tool);
    tool.pages = pagesIn(tool.out);
    tool.edited = path.join(tool.posts, postToEdit(tool));
    originals.set(tool.edited, readFileSync(tool.edited));
  }
  const cold = await alternate(tools, (tool) => (clean(tool), timed(tool)));
  const unchanged = await alternate(tools, (tool) => timed(tool));
  const edited = await alternate(tools, (tool, i) => {
    appendFileSync(tool.edited, `\nEdited for run ${i}.\n`);
    return timed(tool);
  });
  console.log(
    `The Rust blog at ${commit.slice(0, 12)}, whole-process builds taken in turn, medians of ${runs} runs; ` +
      `pages written: ${tools.map((t) => `${t.name} ${t.pages}`).join(", ")}.`,
  );
  const phases = [
    ["cold (no output, no cache)", cold],
    ["nothing changed", unchanged],
    ["one post edited", edited],
  ];
  console.table(Object.fromEntries(phases.map(([label, results]) => timeRow(label, tools, results))));
  console.table(Object.fromEntries(phases.map(([label, results]) => costRow(label, tools, results))));
  const peak = gnuTime ? "GNU time's maximum resident set" : "the process's VmHWM (no cpu without GNU time)";
  console.log(
    `Ratios: ${tools[0].name}'s wall time over the peer's, pair by pair, their median. cpu: user + system ` +
      `seconds; peak: ${peak}. Hugo and Eleventy rebuild every page each time; Eleventy highlights no code. ` +
      `Edited: ${path.basename(tools[0].edited)}. ${tools[0].name}'s pages include a redirect page per post (aliases).`,
  );
} finally {
  for (const [file, bytes] of originals) writeFileSync(file, bytes);
}
