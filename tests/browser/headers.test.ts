// The site's own headers in Chromium, served by preview from the serve.json the build wrote: a page with a remote
// image, a remote script and a style attribute, allowed by `headers`, loads with no violation of its policy; the
// same page without the settings shows the violations the build warned about, one for one.
import { writeFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreview } from "../../packages/heirloom/src/serve/preview/preview.ts";
import { buildProject, editFile, makeFixture } from "../helpers/site.ts";
import { chromePath, launchBrowser } from "./helpers.ts";

const FRONT = "---\norder: 3\ntitle: Third\nprice: 7\ntags:\n  - three\nfeatured: false\n---\n";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10"/></svg>';

/** A second origin on this machine: an image and a script that says it ran. */
async function startOtherOrigin(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === "/badge.svg") return void res.writeHead(200, { "content-type": "image/svg+xml" }).end(SVG);
    if (req.url === "/analytics.js") {
      return void res.writeHead(200, { "content-type": "text/javascript" }).end("window.analyticsRan = true;");
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The fixture site with a note that uses the other origin, widened by `headers` when given; built. */
async function buildWith(origin: string, headers?: string) {
  const root = makeFixture();
  editFile(root, "site.config.ts", 'folder: "notes",', 'folder: "notes",\n      html: true,');
  if (headers) editFile(root, "site.config.ts", 'urlFormat: "file",', `urlFormat: "file",\n  headers: ${headers},`);
  const body = [
    `<img id="badge" src="${origin}/badge.svg" alt="build passing">`,
    "",
    `<script src="${origin}/analytics.js"></script>`,
    "",
    '<p style="color: rebeccapurple">Styled</p>',
    "",
  ].join("\n");
  writeFileSync(path.join(root, "content", "notes", "third.md"), FRONT + body);
  const built = await buildProject(root);
  return { root, built };
}

/** The violations Chromium reports on the page, as "directive blocked" (the directive without -elem/-attr). */
async function violationsOn(browser: Browser, url: string, expected: number) {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction((n) => (window as unknown as { violations: string[] }).violations.length >= n, expected);
  // The events of one load are queued together: two frames after load, none is left to come.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const seen = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  const state = await page.evaluate(() => ({
    ran: (window as unknown as { analyticsRan?: boolean }).analyticsRan === true,
    imageWidth: (document.getElementById("badge") as HTMLImageElement).naturalWidth,
    color: getComputedStyle(document.querySelector("main p[style]")!).color,
  }));
  await page.close();
  return { violations: seen.map((v) => v.replace(/-(?:elem|attr)\b/, "")).sort(), state };
}

describe.skipIf(!chromePath)("a page with another origin's image and script, in Chromium", () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let other: { origin: string; server: Server };
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    ({ browser, close: closeBrowser } = await launchBrowser(chromePath!));
    other = await startOtherOrigin();
  }, 60_000);

  afterAll(async () => {
    for (const close of closers) await close();
    await closeBrowser?.();
    await new Promise((resolve) => other?.server.close(resolve));
  });

  async function served(headers?: string) {
    const { root, built } = await buildWith(other.origin, headers);
    const preview = await startPreview({ outDir: built.outDir, root, forms: [], port: 0 });
    closers.push(preview.close);
    return { url: `${preview.url}notes/third`, warnings: built.warnings };
  }

  it("without settings: the violations the build warned about, one for one", async () => {
    const { url, warnings } = await served();
    const warned = warnings
      .filter((w) => w.includes("Content-Security-Policy blocks"))
      .map((w) => {
        const directive = /blocks \(([a-z-]+)\)/.exec(w)![1];
        const address = /uses the (?:image|script) (\S+),/.exec(w)?.[1] ?? "inline";
        return `${directive} ${address}`;
      })
      .sort();
    expect(warned).toEqual([
      `img-src ${other.origin}/badge.svg`,
      `script-src ${other.origin}/analytics.js`,
      "style-src inline",
    ]);
    const { violations, state } = await violationsOn(browser, url, warned.length);
    expect(violations).toEqual(warned);
    expect(state).toMatchObject({ ran: false, imageWidth: 0 });
  }, 120_000);

  it("allowed by headers: it loads with no violation, and the build warns of nothing", async () => {
    const policy = `policy: { "img-src": ["${other.origin}"], "script-src": ["${other.origin}"] }`;
    const headers = `{ ${policy}, paths: { "/notes/*": { policy: { "style-src": ["'unsafe-inline'"] } } } }`;
    const { url, warnings } = await served(headers);
    expect(warnings.filter((w) => w.includes("Content-Security-Policy"))).toEqual([]);
    const { violations, state } = await violationsOn(browser, url, 0);
    expect(violations).toEqual([]);
    expect(state).toEqual({ ran: true, imageWidth: 20, color: "rgb(102, 51, 153)" });
  }, 120_000);
});
