#!/usr/bin/env node
// Lighthouse audit: builds the site, serves it locally with `heirloom preview`, runs Lighthouse with its
// default mobile preset against every route in Chromium and prints the four category scores.
// Exits 1 when any score is below the threshold (default 95; the target is 100).
// Usage: npm run audit [-- --min 95]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROUTES = ["/", "/home", "/how-it-works", "/pricing"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const minFlag = process.argv.indexOf("--min");
const threshold = minFlag > 0 ? Number(process.argv[minFlag + 1]) : 95;

const chromePath = process.env.CHROME_PATH || ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => existsSync(p));
if (!chromePath) {
  console.error("No Chromium found: install one with `apt-get install -y chromium`, or set CHROME_PATH.");
  process.exit(1);
}

const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-audit-"));
const out = path.join(work, "dist");
const cli = path.join(root, "bin", "heirloom.js");
let server;
let chrome;

try {
  await run(process.execPath, [cli, "build", "--out", out]);
  const port = await freePort();
  server = await startPreview(port);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const rows = [];
  const problems = [];
  for (const route of ROUTES) {
    const url = `http://127.0.0.1:${port}${route}`;
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
    rows.push({ route, ...scores });
    for (const category of CATEGORIES) {
      if (scores[category] === 100) continue;
      for (const ref of lhr.categories[category].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) problems.push(`${route} ${category}: ${audit.title} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
  console.table(rows);
  for (const problem of problems) console.log(`  - ${problem}`);
  const failing = rows.filter((row) => CATEGORIES.some((c) => row[c] < threshold));
  if (failing.length > 0) {
    console.error(`Below ${threshold}: ${failing.map((r) => r.route).join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log(`Every route scores at least ${threshold} in all four categories (Lighthouse ${lighthouseVersion()}, mobile preset).`);
  }
} finally {
  await chrome?.kill();
  server?.kill();
  rmSync(work, { recursive: true, force: true });
}

function lighthouseVersion() {
  return createRequire(import.meta.url)("lighthouse/package.json").version;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

/** Starts `heirloom preview` on the port and resolves once it listens. */
function startPreview(port) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "preview", "--out", out, "--port", String(port)], { cwd: work, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("Serving")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`preview exited with ${code}`)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
