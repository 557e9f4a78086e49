#!/usr/bin/env node
// Scale benchmark: the journal with N generated posts, built as a whole process, against the Eleventy peer
// with the same N pages, run alternately. For each N: full build, no-change rebuild, one-edit rebuild,
// peak memory, ms per page; then `heirloom dev` on the largest N: first page served, save to reload.
// The floor (scripts/bench-floor.js: the posts read, parsed and rendered with the same libraries, nothing
// else) runs alternately too: what any generator of React templates and markdown-it needs at that size.
// Usage: npm run bench:scale [-- 1000 10000] [--runs 3] [--peer ../shared/bench]
// The peer folder holds gen-posts.mjs (the same generated text for both) and eleventy/ (installed with npm ci).
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const counts = args.filter((a, i) => /^\d+$/.test(a) && !["--runs"].includes(args[i - 1])).map(Number);
const sizes = counts.length ? counts : [1000, 10000];
const runs = Number(option("--runs", 3));
const peer = path.resolve(root, option("--peer", process.env.HEIRLOOM_BENCH_PEER ?? "../shared/bench"));
const generator = path.join(peer, "gen-posts.mjs");
if (!existsSync(generator)) {
  console.error(
    `No gen-posts.mjs in ${peer}: pass --peer <folder> (the shared bench folder with gen-posts.mjs and eleventy/).`,
  );
  process.exit(2);
}
const eleventyInstalled = existsSync(path.join(peer, "eleventy", "node_modules", ".bin", "eleventy"));
const gnuTime = ["/usr/bin/time"].find((p) => existsSync(p));
const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-scale-"));
const cli = path.join(root, "packages", "heirloom", "bin", "heirloom.js");
const floorScript = path.join(root, "scripts", "bench-floor.js");

/** Runs a command as a whole process: wall seconds and peak resident MiB (with GNU time). */
function timed(command, commandArgs, cwd) {
  const started = process.hrtime.bigint();
  const result = gnuTime
    ? spawnSync(gnuTime, ["-f", "%M", command, ...commandArgs], {
        cwd,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      })
    : spawnSync(command, commandArgs, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${commandArgs.join(" ")} failed:\n${result.stderr}`);
  const peak = gnuTime ? Number(result.stderr.trim().split("\n").pop()) / 1024 : NaN;
  return { seconds, peak };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

function prepare(n) {
  const journal = path.join(work, `journal-${n}`);
  // Without what a build of it in place leaves: its output and its cache (node_modules/.cache).
  cpSync(path.join(root, "examples", "journal"), journal, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}dist`) && !src.includes(`${path.sep}node_modules`),
  });
  spawnSync(process.execPath, [generator, String(n), "--journal", path.join(journal, "content", "posts")], {
    stdio: "ignore",
  });
  let eleventy;
  if (eleventyInstalled) {
    // The peer reads its shared data from ../peer-site: both folders are copied side by side.
    eleventy = path.join(work, `peer-${n}`, "eleventy");
    cpSync(path.join(peer, "peer-site"), path.join(work, `peer-${n}`, "peer-site"), { recursive: true });
    cpSync(path.join(peer, "eleventy"), eleventy, {
      recursive: true,
      filter: (src) => !src.includes("node_modules") && !src.includes(`${path.sep}dist`),
    });
    symlinkSync(path.join(peer, "eleventy", "node_modules"), path.join(eleventy, "node_modules"));
    spawnSync(process.execPath, [generator, String(n), "--eleventy", path.join(eleventy, "src", "docs")], {
      stdio: "ignore",
    });
  }
  return { journal, eleventy };
}

function benchSize(n) {
  const { journal, eleventy } = prepare(n);
  // With a site URL, as published: canonical and social tags on every page, the sitemap and the Atom feed.
  const heirloom = (...extra) =>
    timed(process.execPath, [cli, "build", "--root", journal, "--site-url", "https://journal.example", ...extra], root);
  const peerBuild = () =>
    timed(process.execPath, [path.join(eleventy, "node_modules", ".bin", "eleventy"), "--quiet"], eleventy);
  // The floor: the same posts through the same libraries with nothing else (scripts/bench-floor.js).
  const floorBuild = () =>
    timed(process.execPath, [floorScript, path.join(journal, "content", "posts"), path.join(work, `floor-${n}`)], root);
  heirloom("--no-cache"); // warm-up: compiles the CLI and templates, fills the OS file cache
  if (eleventy) peerBuild();
  floorBuild();
  const full = [];
  const peerRuns = [];
  const floorRuns = [];
  const ratios = [];
  const floorRatios = [];
  for (let i = 0; i < runs; i++) {
    const a = heirloom("--no-cache");
    full.push(a);
    const floor = floorBuild();
    floorRuns.push(floor);
    if (eleventy) {
      const b = peerBuild();
      peerRuns.push(b);
      ratios.push(a.seconds / b.seconds);
      floorRatios.push(floor.seconds / b.seconds);
    }
  }
  const unchanged = [];
  const edited = [];
  heirloom();
  for (let i = 0; i < runs; i++) {
    unchanged.push(heirloom());
    appendFileSync(path.join(journal, "content", "posts", "page-0500.md"), `\nEdited for run ${i}.\n`);
    edited.push(heirloom());
  }
  const fullSeconds = median(full.map((r) => r.seconds));
  return {
    n,
    journal,
    row: {
      "full build s": fmt(fullSeconds),
      "ms per page": fmt((fullSeconds * 1000) / n, 3),
      "peak MiB": fmt(median(full.map((r) => r.peak)), 0),
      "no-change s": fmt(median(unchanged.map((r) => r.seconds))),
      "no-change / full": fmt(median(unchanged.map((r) => r.seconds)) / fullSeconds),
      "one edit s": fmt(median(edited.map((r) => r.seconds))),
      "Eleventy s": eleventy ? fmt(median(peerRuns.map((r) => r.seconds))) : "-",
      "Eleventy peak MiB": eleventy ? fmt(median(peerRuns.map((r) => r.peak)), 0) : "-",
      "ratio (median of pairs)": eleventy ? fmt(median(ratios)) : "-",
      "floor s": fmt(median(floorRuns.map((r) => r.seconds))),
      "floor ratio": eleventy ? fmt(median(floorRatios)) : "-",
    },
  };
}

/** `heirloom dev` on the journal: time to the first page, then save-to-reload over several saves. */
async function benchDev(journal) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, "dev", "--root", journal, "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    let output = "";
    const printed = (pattern) =>
      new Promise((resolve, reject) => {
        const look = () => pattern.exec(output) && resolve(pattern.exec(output));
        child.stdout.on("data", look);
        child.stderr.on("data", look);
        child.on("exit", (code) => reject(new Error(`dev exited with ${code}`)));
        look();
      });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const [, url] = await printed(/Dev server at (\S+)/);
    const get = (p) => fetch(new URL(p, url)).then((r) => r.text());
    await get("blog/page-0001/");
    const firstPage = performance.now() - started;
    // Saves are timed once every folder is watched (pages are served before that)
    // and once the type check that follows the start has ended (it shares the machine's two cores).
    await printed(/Watching/);
    await printed(/type check/);
    let onReload;
    http.get(new URL("__heirloom/events", url), (res) =>
      res.on("data", (chunk) => String(chunk).includes("event: reload") && onReload?.()),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const toReload = [];
    const toPage = [];
    for (let i = 0; i < 15; i++) {
      const reloaded = new Promise((resolve) => (onReload = resolve));
      const saved = performance.now();
      appendFileSync(path.join(journal, "content", "posts", "page-0002.md"), `\nSaved ${i}.\n`);
      await reloaded;
      toReload.push(performance.now() - saved);
      while (!(await get("blog/page-0002/")).includes(`Saved ${i}.`));
      toPage.push(performance.now() - saved);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      "first page served ms": fmt(firstPage, 0),
      "save → reload event ms (median)": fmt(median(toReload), 0),
      "save → new page served ms (median)": fmt(median(toPage), 0),
    };
  } finally {
    child.kill();
  }
}

try {
  const results = sizes.map(benchSize);
  console.log(
    `journal with N generated posts, whole-process build, medians of ${runs} runs` +
      `${eleventyInstalled ? ", Eleventy peer run alternately" : " (Eleventy peer not installed)"}:`,
  );
  console.table(Object.fromEntries(results.map((r) => [`N = ${r.n}`, r.row])));
  const largest = results[results.length - 1];
  console.log(`heirloom dev on the journal with ${largest.n} posts:`);
  console.table({ dev: await benchDev(largest.journal) });
  console.log("The save → reload figures include the file watcher's debounce.");
  console.log(
    "floor: the posts alone read, parsed and rendered with the same libraries on one thread " +
      "(scripts/bench-floor.js); floor ratio: its time over Eleventy's.",
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
