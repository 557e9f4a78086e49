#!/usr/bin/env node
// Scale benchmark: the journal with N generated posts built as a whole process, cold (output and caches removed),
// taken in turn with its peers at the same N: Hugo (the same posts and pages at the same URLs, scripts/scale/hugo.js)
// and the Eleventy peer (its 5 pages and the same N generated ones). Medians, the median of pair ratios against each,
// peak memory; then Heirloom with its cache: nothing changed (against Hugo, which has none) and one post edited.
// N = 12 is the journal as shipped (its own posts, one MDX, an island), none generated. The floor
// (scripts/bench-floor.js: the posts read, parsed and rendered with the same libraries, nothing else) is taken in
// turn too. Last, `heirloom dev` on the largest N: first page served, save to reload. A peer not installed is left
// out, and the script says so.
// Usage: npm run bench:scale [-- 12 1000 10000 | 100000] [--runs 3] [--peer ../shared/bench]
// The peer folder holds gen-posts.mjs (the same generated text for all) and eleventy/ (installed with npm ci).
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { alternate, clean, fmt, median, pairRatio, peakMeaning, timed } from "./builds.js";
import { hugoBuild, hugoMissing, hugoVersion } from "./hugo-peer.js";
import { writeJournalHugoSite } from "./scale/hugo.js";

/** The size that means the journal as shipped: its 12 markdown posts (and one MDX post), none generated. */
const SHIPPED = 12;
const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const counts = args.filter((a, i) => /^\d+$/.test(a) && !["--runs"].includes(args[i - 1])).map(Number);
const sizes = counts.length ? counts : [SHIPPED, 1000, 10000];
const runs = Number(option("--runs", 3));
const peer = path.resolve(root, option("--peer", process.env.HEIRLOOM_BENCH_PEER ?? "../shared/bench"));
const generator = path.join(peer, "gen-posts.mjs");
if (!existsSync(generator)) {
  console.error(
    `No gen-posts.mjs in ${peer}: pass --peer <folder> (the shared bench folder with gen-posts.mjs and eleventy/).`,
  );
  process.exit(2);
}
const eleventyBin = path.join(peer, "eleventy", "node_modules", ".bin", "eleventy");
const eleventyInstalled = existsSync(eleventyBin);
const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-scale-"));
const cli = path.join(root, "packages", "heirloom", "bin", "heirloom.js");
const floorScript = path.join(root, "scripts", "bench-floor.js");

/** Copies of the journal (with N generated posts unless N is SHIPPED) and of the peers with the same posts. */
function prepare(n) {
  const journal = path.join(work, `journal-${n}`);
  // Without what a build of it in place leaves: its output and its cache (node_modules/.cache).
  cpSync(path.join(root, "examples", "journal"), journal, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}dist`) && !src.includes(`${path.sep}node_modules`),
  });
  if (n !== SHIPPED) generate(n, "--journal", path.join(journal, "content", "posts"));
  const hugo = path.join(work, `hugo-${n}`);
  if (hugoVersion) writeJournalHugoSite({ journal, out: hugo });
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
    generate(n, "--eleventy", path.join(eleventy, "src", "docs"));
  }
  return { journal, hugo: hugoVersion && hugo, eleventy };
}

function generate(n, flag, folder) {
  const result = spawnSync(process.execPath, [generator, String(n), flag, folder], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`gen-posts.mjs ${n} ${flag} failed:\n${result.stderr}`);
}

/** The builds of one size: Heirloom's, its peers' and the floor's, each with what a cold build removes. */
function buildsOf(n, { journal, hugo, eleventy }) {
  // With a site URL, as published: canonical and social tags on every page, the sitemap and the Atom feed.
  const heirloom = {
    name: "Heirloom",
    site: journal,
    command: [process.execPath, cli, "build", "--root", journal, "--site-url", "https://journal.example"],
    clean: ["dist", ".heirloom", path.join("node_modules", ".cache")].map((p) => path.join(journal, p)),
  };
  const floorOut = path.join(work, `floor-${n}`);
  const floor = {
    name: "floor",
    site: root,
    command: [process.execPath, floorScript, path.join(journal, "content", "posts"), floorOut],
    clean: [floorOut],
  };
  const peers = [];
  if (hugo) peers.push(hugoBuild(hugo));
  if (eleventy) {
    const bin = path.join(eleventy, "node_modules", ".bin", "eleventy");
    const clean = [path.join(eleventy, "dist"), path.join(eleventy, ".cache")];
    peers.push({ name: "Eleventy", site: eleventy, command: [process.execPath, bin, "--quiet"], clean });
  }
  return { heirloom, peers, floor };
}

/** Cold builds taken in turn, then Heirloom's rebuilds with its cache (nothing changed in turn with Hugo). */
async function benchSize(n) {
  const folders = prepare(n);
  const { heirloom, peers, floor } = buildsOf(n, folders);
  const all = [heirloom, ...peers, floor];
  // Warm-up: compiles Heirloom's CLI and templates, loads the peers once, fills the OS file cache.
  for (const build of all) await timed(build);
  const cold = await alternate(all, runs, (build) => (clean(build), timed(build)));
  await timed(heirloom);
  const hugo = peers.find((p) => p.name === "Hugo");
  const cached = await alternate([heirloom, ...(hugo ? [hugo] : [])], runs, (build) =>
    build === hugo ? (clean(build), timed(build)) : timed(build),
  );
  const edited = [];
  for (let i = 0; i < runs; i++) {
    appendFileSync(path.join(folders.journal, "content", "posts", editedPost(n)), `\nEdited for run ${i}.\n`);
    edited.push(await timed(heirloom));
  }
  return { n, journal: folders.journal, names: all.map((b) => b.name), cold, cached, edited };
}

const editedPost = (n) =>
  n === SHIPPED ? "recording-voices.md" : `page-${String(Math.ceil(n / 2)).padStart(4, "0")}.md`;
const label = (n) => (n === SHIPPED ? `N = ${n} (as shipped)` : `N = ${n}`);
const seconds = (results) => median(results.map((r) => r.seconds));

/** Cold builds: each one's median seconds, Heirloom's and the floor's ratios pair by pair, ms per page. */
function coldRow({ n, names, cold }) {
  const row = {};
  for (const name of names) row[`${name} s`] = fmt(seconds(cold[name]));
  for (const peer of ["Hugo", "Eleventy"]) {
    row[`Heirloom/${peer}`] = cold[peer] ? fmt(pairRatio(cold.Heirloom, cold[peer])) : "-";
  }
  row["floor/Eleventy"] = cold.Eleventy ? fmt(pairRatio(cold.floor, cold.Eleventy)) : "-";
  row["Heirloom ms per page"] = fmt((seconds(cold.Heirloom) * 1000) / n, 3);
  return [label(n), row];
}

/** Peak memory of the cold builds, MiB (medians). */
function memoryRow({ n, names, cold }) {
  return [
    label(n),
    Object.fromEntries(names.map((name) => [`${name} MiB`, fmt(median(cold[name].map((r) => r.peak)), 0)])),
  ];
}

/** Heirloom with its cache: nothing changed (against its cold build, and against Hugo pair by pair), one edit. */
function cachedRow({ n, cold, cached, edited }) {
  return [
    label(n),
    {
      "nothing changed s": fmt(seconds(cached.Heirloom)),
      "/ Heirloom cold": fmt(seconds(cached.Heirloom) / seconds(cold.Heirloom)),
      "/ Hugo (pairs)": cached.Hugo ? fmt(pairRatio(cached.Heirloom, cached.Hugo)) : "-",
      "one post edited s": fmt(seconds(edited)),
    },
  ];
}

/** `heirloom dev` on the journal: time to the first page, then save-to-reload over several saves. */
async function benchDev({ n, journal }) {
  const [first, edited] = n === SHIPPED ? ["first-questions", "recording-voices"] : ["page-0001", "page-0002"];
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
    await get(`blog/${first}/`);
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
      appendFileSync(path.join(journal, "content", "posts", `${edited}.md`), `\nSaved ${i}.\n`);
      await reloaded;
      toReload.push(performance.now() - saved);
      while (!(await get(`blog/${edited}/`)).includes(`Saved ${i}.`));
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

if (!hugoVersion) console.log(hugoMissing);
if (!eleventyInstalled)
  console.log(`The Eleventy peer is not installed (npm ci in ${path.join(peer, "eleventy")}): left out.`);
try {
  const results = [];
  for (const n of sizes) {
    results.push(await benchSize(n));
    // Only the largest size's journal is kept, for the dev server.
    if (n !== Math.max(...sizes))
      for (const folder of ["journal", "hugo", "peer", "floor"])
        rmSync(path.join(work, `${folder}-${n}`), { recursive: true, force: true });
  }
  const peersRun = [hugoVersion ? "Hugo" : "", eleventyInstalled ? "Eleventy" : ""].filter(Boolean).join(" and ");
  console.log(
    `The journal with N generated posts: whole-process builds taken in turn${peersRun ? ` with ${peersRun}` : ""}, ` +
      `medians of ${runs} runs.${hugoVersion ? ` ${hugoVersion.split(" ").slice(0, 2).join(" ")}.` : ""}`,
  );
  console.log(
    "Cold (output and caches removed), wall seconds; ratios: Heirloom's time over the peer's, " +
      "pair by pair, their median:",
  );
  console.table(Object.fromEntries(results.map(coldRow)));
  console.log(`Peak memory of the cold builds (${peakMeaning}):`);
  console.table(Object.fromEntries(results.map(memoryRow)));
  console.log("Heirloom with its cache (Hugo has none: each of its builds is cold, taken in turn):");
  console.table(Object.fromEntries(results.map(cachedRow)));
  const largest = results.find((r) => r.n === Math.max(...sizes));
  console.log(`heirloom dev on the journal at ${label(largest.n)}:`);
  console.table({ dev: await benchDev(largest) });
  console.log("The save → reload figures include the file watcher's debounce.");
  console.log(
    "Hugo: the same posts and pages at the same URLs, minimal layouts (scripts/scale/hugo-site/), an RSS feed of " +
      "the newest 20, code highlighted by Chroma. Eleventy: its 5 pages and the N generated ones, no highlighting. " +
      "floor: the posts alone read, parsed and rendered with the same libraries on one thread " +
      "(scripts/bench-floor.js).",
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
