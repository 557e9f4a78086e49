#!/usr/bin/env node
// Screenshots: builds the site, serves it with `heirloom preview` and saves full-page desktop (1280 px)
// and phone (375 px) pictures of every page to docs/screenshots/, as the README shows them.
// Usage: npm run screenshots
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { CHROME_FLAGS, chromePathOrExit, root, serveLocalBuild } from "./local-site.js";

const PAGES = { waitlist: "/", home: "/home", "how-it-works": "/how-it-works", pricing: "/pricing", "not-found": "/no-such-page" };
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };
const target = path.join(root, "docs", "screenshots");

const chromePath = chromePathOrExit();
const site = await serveLocalBuild();
const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
try {
  mkdirSync(target, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: size === "phone", hasTouch: size === "phone", reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const [name, route] of Object.entries(PAGES)) {
      await page.goto(site.origin + route, { waitUntil: "networkidle" });
      const file = path.join(target, `${name}-${size}.png`);
      // A palette PNG keeps the pictures sharp at a fifth of the size, which matters in a git repository.
      await sharp(await page.screenshot({ fullPage: true })).png({ palette: true, quality: 90, effort: 8 }).toFile(file);
      console.log(path.relative(root, file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  site.close();
}
