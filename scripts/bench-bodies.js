#!/usr/bin/env node
// Benchmark: what a body costs per page. The journal with N generated posts (1,000 unless said) is built from
// scratch (--no-cache) as a whole process in four forms, taken in turn each run: plain markdown; markdown with a
// fenced TypeScript block in every post, highlighted by Shiki; the same without highlighting (highlight: false);
// and the plain posts as .mdx files. Shiki's cost is the highlighted form against the unhighlighted one (the same
// bytes in, so only the highlighting differs); MDX's, the .mdx form against plain markdown.
// Usage: npm run bench:bodies [-- 1000] [--runs 5] [--peer ../shared/bench]
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const n = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== "--runs") ?? 1000);
const runs = Number(option("--runs", 5));
const peer = path.resolve(root, option("--peer", process.env.HEIRLOOM_BENCH_PEER ?? "../shared/bench"));
const generator = path.join(peer, "gen-posts.mjs");
if (!existsSync(generator)) {
  console.error(`No gen-posts.mjs in ${peer}: pass --peer <folder> (the shared bench folder with gen-posts.mjs).`);
  process.exit(2);
}
const cli = path.join(root, "packages", "heirloom", "bin", "heirloom.js");
const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-bodies-"));

const CODE = [
  "",
  "```ts",
  "// The first questions of a conversation, asked one at a time.",
  'const questions: string[] = ["Where did you grow up?", "Who taught you to cook?", "What was your first job?"];',
  "for (const [index, question] of questions.entries()) {",
  "  console.log(`${index + 1}. ${question}`);",
  "}",
  "```",
  "",
].join("\n");

/** A copy of the journal with N generated posts, changed by `shape` (given its posts folder and config file). */
function journal(name, shape) {
  const dir = path.join(work, name);
  cpSync(path.join(root, "examples", "journal"), dir, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}dist`) && !src.includes(`${path.sep}node_modules`),
  });
  const posts = path.join(dir, "content", "posts");
  spawnSync(process.execPath, [generator, String(n), "--journal", posts], { stdio: "ignore" });
  shape?.(posts, path.join(dir, "site.config.ts"));
  return dir;
}
const generated = (posts) => readdirSync(posts).filter((f) => /^page-\d+\.md$/.test(f));
const withCode = (posts) => {
  for (const file of generated(posts)) appendFileSync(path.join(posts, file), CODE);
};
const noHighlight = (config) => {
  const text = readFileSync(config, "utf8");
  writeFileSync(
    config,
    text.replace('  urlFormat: "directory",', '  urlFormat: "directory",\n  markdown: { highlight: false },'),
  );
};

const forms = {
  markdown: journal("markdown"),
  "markdown + code, highlighted": journal("code", withCode),
  "markdown + code, not highlighted": journal("code-plain", (posts, config) => (withCode(posts), noHighlight(config))),
  mdx: journal("mdx", (posts) => {
    for (const file of generated(posts)) renameSync(path.join(posts, file), path.join(posts, `${file}x`));
  }),
};

function build(dir) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, "build", "--root", dir, "--no-cache"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (result.status !== 0) throw new Error(`${dir} failed:\n${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
try {
  const times = Object.fromEntries(Object.keys(forms).map((form) => [form, []]));
  for (const dir of Object.values(forms)) build(dir); // warm-up: compiles, Shiki's languages, the OS file cache
  for (let i = 0; i < runs; i++) for (const [form, dir] of Object.entries(forms)) times[form].push(build(dir));
  const seconds = Object.fromEntries(Object.entries(times).map(([form, list]) => [form, median(list)]));
  console.log(`The journal with ${n} generated posts, built with --no-cache, medians of ${runs} runs taken in turn:`);
  console.table(
    Object.fromEntries(
      Object.entries(seconds).map(([form, s]) => [
        form,
        { "build s": s.toFixed(2), "ms per page": ((s * 1000) / n).toFixed(2) },
      ]),
    ),
  );
  // Per run, then the median: the forms of one run were built moments apart.
  const perPage = (a, b) => median(times[a].map((t, i) => ((t - times[b][i]) * 1000) / n)).toFixed(2);
  console.log(`Shiki: +${perPage("markdown + code, highlighted", "markdown + code, not highlighted")} ms per page`);
  console.log(`MDX: +${perPage("mdx", "markdown")} ms per page`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
