#!/usr/bin/env node
// Corpus benchmark: the Rust blog's 584 posts (scripts/corpus/) built by the Heirloom port, Hugo and Eleventy, each
// as a whole process, taken in turn (A B C, then B C A, ...): a cold build (output and caches removed), a rebuild
// with nothing changed, and a rebuild after one post is edited. Medians, the median of the pair ratios against
// each peer, and peak memory. A peer that is not installed is left out.
// Usage: npm run bench:corpus -- DIR [--runs 5] [--git-dir <repo.git>] [--commit <sha>] [--peer ../shared/bench]
// DIR holds the three sites (heirloom/, hugo/, eleventy/); a missing one is written from the blog's git directory
// (--git-dir or HEIRLOOM_CORPUS_GIT_DIR). --cli <bin/heirloom.js> times another engine's command.
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { alternate, clean, fmt, median, pairRatio, peakMeaning, timed } from "./builds.js";
import { extractSite } from "./corpus/extract.js";
import { writeEleventySite } from "./corpus/eleventy.js";
import { writeHugoSite } from "./corpus/hugo.js";
import { JEKYLL_ERA_COMMIT, datedName } from "./corpus/corpus.js";
import { hugoBuild, hugoMissing, hugoVersion } from "./hugo-peer.js";

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
  if (hugoVersion) tools.push({ ...hugoBuild(site("hugo")), posts: path.join(site("hugo"), "content", "posts") });
  else console.log(hugoMissing);
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

/** A phase's row: each tool's median wall seconds, and the median of pair ratios of the first against each. */
function timeRow(label, tools, results) {
  const [first, ...peers] = tools;
  const row = {};
  for (const tool of tools) row[`${tool.name} s`] = fmt(median(results[tool.name].map((r) => r.seconds)));
  for (const other of peers) {
    row[`${first.name}/${other.name}`] = fmt(pairRatio(results[first.name], results[other.name]));
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
  const cold = await alternate(tools, runs, (tool) => (clean(tool), timed(tool)));
  const unchanged = await alternate(tools, runs, (tool) => timed(tool));
  const edited = await alternate(tools, runs, (tool, i) => {
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
  console.log(
    `Ratios: ${tools[0].name}'s wall time over the peer's, pair by pair, their median. cpu: user + system ` +
      `seconds; peak: ${peakMeaning}. Hugo and Eleventy rebuild every page each time; Eleventy highlights no code. ` +
      `Edited: ${path.basename(tools[0].edited)}. ${tools[0].name}'s pages include a redirect page per post (aliases).`,
  );
} finally {
  for (const [file, bytes] of originals) writeFileSync(file, bytes);
}
