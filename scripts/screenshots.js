#!/usr/bin/env node
// Screenshots: builds the site, serves it with `heirloom preview` and saves full-page pictures of every page
// to docs/screenshots/, as the README shows them: desktop (1280 px) and phone (375 px), the desktop in the
// dark colour scheme, and the print view (A4 width, 794 px).
// Usage: npm run screenshots
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { CHROME_FLAGS, chromePathOrExit, root, serveLocalBuild } from "./local-site.js";

const PAGES = {
  waitlist: "/",
  home: "/home",
  "how-it-works": "/how-it-works",
  pricing: "/pricing",
  "not-found": "/no-such-page",
};
const VIEWS = {
  desktop: { viewport: { width: 1280, height: 800 }, colorScheme: "light" },
  phone: { viewport: { width: 375, height: 740 }, colorScheme: "light", mobile: true },
  "desktop-dark": { viewport: { width: 1280, height: 800 }, colorScheme: "dark" },
  // 210 mm at 96 px per inch: the width of an A4 sheet.
  print: { viewport: { width: 794, height: 1123 }, colorScheme: "light", media: "print" },
};
const target = path.join(root, "docs", "screenshots");

const chromePath = chromePathOrExit();
const site = await serveLocalBuild();
const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
try {
  mkdirSync(target, { recursive: true });
  // Earlier formats (the palette PNGs) go, so the folder holds only what the README shows.
  for (const file of readdirSync(target).filter((f) => /\.(png|webp)$/.test(f))) rmSync(path.join(target, file));
  for (const [view, options] of Object.entries(VIEWS)) {
    const context = await browser.newContext({
      viewport: options.viewport,
      deviceScaleFactor: 1,
      isMobile: Boolean(options.mobile),
      hasTouch: Boolean(options.mobile),
      colorScheme: options.colorScheme,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    for (const [name, route] of Object.entries(PAGES)) {
      await page.goto(site.origin + route, { waitUntil: "networkidle" });
      await loadEveryImage(page);
      if (options.media) await page.emulateMedia({ media: options.media });
      const file = path.join(target, `${name}-${view}.${options.media ? "png" : "webp"}`);
      await encode(await page.screenshot({ fullPage: true }), Boolean(options.media)).toFile(file);
      if (options.media) await page.emulateMedia({ media: null });
      console.log(path.relative(root, file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  site.close();
}

/**
 * The screen views as WebP at quality 80: no colour bands (a reduced-palette PNG has them in every gradient
 * and shadow), sharp text, much smaller than a lossless PNG; GitHub shows WebP in READMEs. The print
 * view is black text on white without gradients, so 16 greys in a PNG keep it exact, smaller than WebP would.
 */
function encode(png, print) {
  return print
    ? sharp(png).greyscale().png({ palette: true, colours: 16, effort: 10, compressionLevel: 9 })
    : sharp(png).webp({ quality: 80, effort: 6 });
}

/**
 * Lazy images load only near the viewport, and a full-page capture does not scroll: bring each image into
 * view in turn, wait until it has loaded and decoded, then go back to the top.
 */
async function loadEveryImage(page) {
  for (const image of await page.locator("img").filter({ visible: true }).all()) {
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await image.elementHandle(), {
      timeout: 10_000,
    });
    await image.evaluate((img) => img.decode());
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
