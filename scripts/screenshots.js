#!/usr/bin/env node
// Screenshots: builds the site, serves it with `heirloom preview` and saves full-page desktop (1280 px)
// and phone (375 px) pictures of every page to docs/screenshots/, as the README shows them.
// Usage: npm run screenshots
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import sharp from "sharp";

const root = fileURLToPath(new URL("..", import.meta.url));
const PAGES = { waitlist: "/", home: "/home", "how-it-works": "/how-it-works", pricing: "/pricing", "not-found": "/no-such-page" };
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };
const target = path.join(root, "docs", "screenshots");

const chromePath = process.env.CHROME_PATH || ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => existsSync(p));
if (!chromePath) {
  console.error("No Chromium found: install one with `apt-get install -y chromium`, or set CHROME_PATH.");
  process.exit(1);
}

const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-shots-"));
const out = path.join(work, "dist");
const cli = path.join(root, "bin", "heirloom.js");
let server;
let browser;

try {
  await run(process.execPath, [cli, "build", "--out", out]);
  const port = await freePort();
  server = await startPreview(port);
  browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  mkdirSync(target, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: size === "phone", hasTouch: size === "phone", reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const [name, route] of Object.entries(PAGES)) {
      await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: "networkidle" });
      const file = path.join(target, `${name}-${size}.png`);
      // A palette PNG keeps the pictures sharp at a fifth of the size, which matters in a git repository.
      await sharp(await page.screenshot({ fullPage: true })).png({ palette: true, quality: 90, effort: 8 }).toFile(file);
      console.log(path.relative(root, file));
    }
    await context.close();
  }
} finally {
  await browser?.close();
  server?.kill();
  rmSync(work, { recursive: true, force: true });
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
