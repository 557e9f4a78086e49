#!/usr/bin/env node
// Dev-loop benchmark: starts `heirloom dev` on a copy of the project and measures, for a one-file change,
// the time from saving to the reload event, to the new page being served, and the rebuild itself
// (medians over several saves), for a content file saved in place and renamed over, and for a template.
// Usage: npm run bench:dev [-- --runs 15]
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 15;
const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-bench-dev-"));
for (const entry of ["site.config.ts", "content", "templates"])
  cpSync(path.join(root, entry), path.join(work, entry), { recursive: true });

const child = spawn(
  process.execPath,
  [path.join(root, "packages", "heirloom", "bin", "heirloom.js"), "dev", "--port", "0"],
  {
    cwd: work,
    stdio: ["ignore", "pipe", "pipe"],
  },
);
const buildTimes = [];
let onBuilt;
child.stderr.on("data", (chunk) => {
  for (const match of String(chunk).matchAll(/built in (\d+) ms/g)) {
    buildTimes.push(Number(match[1]));
    onBuilt?.();
  }
});
// The address, once every file is watched (saves are timed from then on).
const url = await new Promise((resolve, reject) => {
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    const match = /Dev server at (\S+)/.exec(output);
    if (match && /Watching/.test(output)) resolve(match[1]);
  });
  child.on("exit", (code) => reject(new Error(`dev exited with ${code}`)));
});

let onReload;
http.get(new URL("/__heirloom/events", url), (res) => {
  res.on("data", (chunk) => {
    if (String(chunk).includes("event: reload")) onReload?.();
  });
});
// Files copied just before the start count as saved during the watcher's first scan: let that rebuild end.
for (let seen = -1; seen !== buildTimes.length; ) {
  seen = buildTimes.length;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/**
 * Saves `file` with `from` replaced by replace(i), `runs` times; the page at `route` must then show shown(i).
 * `save` writes in place, or renames a temporary file over the old one, as editors' safe writes and sed -i do.
 */
async function measure(file, from, replace, route, shown, save = writeFileSync) {
  const full = path.join(work, file);
  const original = readFileSync(full, "utf8");
  const saveToReload = [];
  const saveToPage = [];
  const rebuild = [];
  for (let i = 0; i < runs; i++) {
    const reloaded = new Promise((resolve) => (onReload = resolve));
    const built = new Promise((resolve) => (onBuilt = resolve));
    const started = performance.now();
    save(full, original.replace(from, replace(i)));
    await reloaded;
    saveToReload.push(performance.now() - started);
    const html = await (await fetch(new URL(route, url))).text();
    if (!html.includes(shown(i))) throw new Error(`the page at ${route} does not show "${shown(i)}"`);
    saveToPage.push(performance.now() - started);
    await built;
    rebuild.push(buildTimes.at(-1));
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  // Put the file back and let that build finish before the next measurement.
  const restored = new Promise((resolve) => (onReload = resolve));
  writeFileSync(full, original);
  await restored;
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { saveToReload: median(saveToReload), saveToPage: median(saveToPage), rebuild: median(rebuild) };
}

/** A save that renames a temporary file in the same folder over the old one. */
function renameOver(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
};

try {
  const rows = {
    "content file (pages/waitlist.md)": await measure(
      "content/pages/waitlist.md",
      "badge: Coming soon",
      (i) => `badge: Coming soon ${i}`,
      "/",
      (i) => `>Coming soon ${i}<`,
    ),
    "content file, renamed over": await measure(
      "content/pages/waitlist.md",
      "badge: Coming soon",
      (i) => `badge: Coming soon ${i}`,
      "/",
      (i) => `>Coming soon ${i}<`,
      renameOver,
    ),
    "template (components/Footer.tsx)": await measure(
      "templates/components/Footer.tsx",
      "<p>{footer.legal}</p>",
      (i) => `<p>{footer.legal} Edit ${i}</p>`,
      "/home",
      (i) => `Edit ${i}`,
    ),
  };
  console.log(`heirloom dev, one-file change, median of ${runs} saves (ms):`);
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([k, v]) => [
        k,
        { "save → reload event": v.saveToReload, "save → new page served": v.saveToPage, rebuild: v.rebuild },
      ]),
    ),
  );
  console.log("The save → reload figures include the file watcher's 30 ms debounce.");
} finally {
  child.kill();
  rmSync(work, { recursive: true, force: true });
}
