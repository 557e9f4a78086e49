#!/usr/bin/env node
// Benchmark: median whole-process `heirloom build` time, and the gzipped bytes each page sends.
// Usage: npm run bench [-- --runs 15]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 11;
const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-bench-"));
const out = path.join(work, "dist");

function buildOnce() {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    [path.join(root, "packages", "heirloom", "bin", "heirloom.js"), "build", "--out", out],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
  return ms;
}

/** Node's own start-up on this machine right now, to tell the generator's time from the machine's noise. */
function bareNodeOnce() {
  const started = process.hrtime.bigint();
  spawnSync(process.execPath, ["-e", "0"]);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

buildOnce(); // warm-up: fills the compiled-CLI cache and the OS file cache
// Interleaved, so both series see the same machine load.
const times = [];
const bare = [];
for (let i = 0; i < runs; i++) {
  times.push(buildOnce());
  bare.push(bareNodeOnce());
}
times.sort((a, b) => a - b);
bare.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const bareMedian = bare[Math.floor(bare.length / 2)];

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const assetsOf = (html, ext) =>
  [...html.matchAll(new RegExp(`(?:src|href)="([^"]+\\.${ext})"`, "g"))].map((m) =>
    path.join(out, m[1].replace(/^\/+/, "")),
  );
const pages = readdirSync(out, { recursive: true })
  .filter((f) => f.endsWith(".html"))
  .sort()
  .map((file) => {
    const html = readFileSync(path.join(out, file), "utf8");
    const js = assetsOf(html, "js").reduce((n, f) => n + gz(f), 0);
    const css = assetsOf(html, "css").reduce((n, f) => n + gz(f), 0);
    return {
      page: file,
      "HTML gz": gz(path.join(out, file)),
      "CSS gz": css,
      "HTML+CSS gz": gz(path.join(out, file)) + css,
      "JS gz": js,
    };
  });

console.log(
  `whole-process build, ${runs} runs: median ${median.toFixed(0)} ms ` +
    `(min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}); ` +
    `budget 250 ms -> ${(median / 250).toFixed(2)}x of budget`,
);
console.log(
  `bare \`node -e 0\` in between: median ${bareMedian.toFixed(0)} ms; ` +
    `the build is ${(median / bareMedian).toFixed(1)}x a bare Node start, ` +
    `${(median - bareMedian).toFixed(0)} ms above it`,
);
console.table(pages);
rmSync(work, { recursive: true, force: true });
