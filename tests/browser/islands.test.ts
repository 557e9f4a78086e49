// Islands in Chromium, served with the headers the build writes (its Content-Security-Policy included): the
// journal's reading progress hydrates on a note and follows the scroll, at the root and under a base path;
// pages without an island load no script at all; each strategy of the loader (load, idle, visible, media) on
// the fixture's page of islands; in dev, an island hydrated and, once its file is saved, reloaded with its new code;
// a hydration mismatch told in the console of a built site, and in dev's overlay.
// Prints what a page with one island loads and when it is hydrated.
import { readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDev } from "../../packages/heirloom/src/serve/dev/dev.ts";
import { type PreviewServer, startPreview } from "../../packages/heirloom/src/serve/preview/preview.ts";
import { buildProject, copyJournal, makeIslandFixture } from "../helpers/site.ts";
import { axeViolations, chromePath, launchBrowser, useBuiltAndBrowser, watchedPage } from "./helpers.ts";

const NOTE = "blog/first-questions/";

/** Console errors but the browser's own request for /favicon.ico, which neither site answers. */
const errorsOf = (errors: string[]) => errors.filter((e) => !e.includes("/favicon.ico)"));

/** A copy of the journal, built with `base` and served under it. */
async function serveJournal(base = "/"): Promise<{ origin: string; preview: PreviewServer }> {
  const root = copyJournal("heirloom-journal-islands-");
  const built = await buildProject(root, { base, siteUrl: "https://journal.example" });
  const preview = await startPreview({ outDir: built.outDir, root, forms: [], port: 0, base });
  return { origin: new URL(preview.url).origin, preview };
}

/** The fixture site with its page of islands at /islands (tests/fixtures/islands, added as the template "islands"). */
function islandFixture(): string {
  const root = makeIslandFixture();
  // Files saved just before dev starts count as changed once it watches: these were made a minute ago.
  const past = new Date(Date.now() - 60_000);
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) utimesSync(path.join(entry.parentPath, entry.name), past, past);
  }
  return root;
}

/**
 * Adds to the fixture at `root` an island that renders one text in the build and another in the browser (a
 * hydration mismatch), shown on the page of islands.
 */
function addMismatch(root: string): string {
  writeFileSync(
    path.join(root, "templates", "interactive", "Where.tsx"),
    "export default function Where() {\n" +
      '  return <p className="where">Rendered in {typeof window === "undefined" ? "the build" : "the browser"}</p>;\n' +
      "}\n",
  );
  const page = path.join(root, "templates", "IslandsPage.tsx");
  const text = readFileSync(page, "utf8")
    .replace(
      'import Greeting from "./interactive/Greeting.tsx";',
      'import Greeting from "./interactive/Greeting.tsx";\nimport Where from "./interactive/Where.tsx";',
    )
    .replace('<div className="spacer" />', '<Island component={Where} />\n      <div className="spacer" />');
  writeFileSync(page, text);
  return root;
}

/** The words of the catalogue's IslandHydrationMismatch for the island Where on /islands. */
const MISMATCH = "The island Where on /islands rendered differently in the browser than in the HTML the build wrote";

/** Records when each island reports itself hydrated, in ms since the navigation started. */
async function timeHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const times: number[] = [];
    Object.assign(window, { hydratedAt: times });
    addEventListener("heirloom:hydrated", () => times.push(performance.now()));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** When the page's first island is hydrated, in ms since the navigation started, over `runs` fresh contexts. */
async function coldHydrations(browser: Browser, url: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 375, height: 480 } });
    const page = await context.newPage();
    await timeHydration(page);
    await page.goto(url);
    await page.locator("heirloom-island[data-hydrated]").first().waitFor({ state: "attached" });
    times.push(await page.evaluate(() => (window as unknown as { hydratedAt: number[] }).hydratedAt[0]));
    await context.close();
  }
  return times;
}

/** The gzipped bytes of every script a page loads, by URL, gathered while `load` runs. */
async function scriptsLoaded(page: Page, load: () => Promise<unknown>): Promise<Map<string, number>> {
  const sizes: Array<Promise<[string, number]>> = [];
  const listener = (r: import("playwright-core").Response) => {
    if (r.request().resourceType() !== "script") return;
    sizes.push(r.body().then((b) => [new URL(r.url()).pathname, gzipSync(b, { level: 9 }).length]));
  };
  page.on("response", listener);
  await load();
  page.off("response", listener);
  return new Map(await Promise.all(sizes));
}

describe.skipIf(!chromePath)("the journal's island in Chromium", () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let journal: { origin: string; preview: PreviewServer };

  beforeAll(async () => {
    journal = await serveJournal();
    ({ browser, close: closeBrowser } = await launchBrowser(chromePath!));
  });
  afterAll(async () => {
    await closeBrowser?.();
    await journal?.preview.close();
  });

  it("hydrates the MDX post's timer (an island of templates/mdx.tsx) once in view, on the test's clock", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 480 } });
    const w = await watchedPage(context, journal.origin);
    await w.page.clock.install();
    await w.page.goto(`${journal.origin}/blog/the-right-length/`, { waitUntil: "networkidle" });
    const island = w.page.locator('heirloom-island[src*="/ConversationTimer-"]');
    const button = island.getByRole("button");
    // Rendered with the page, and inert until hydrated, which waits until it is scrolled to (load="visible").
    expect(await button.textContent()).toBe("Start a 20-minute timer");
    expect(await button.isDisabled()).toBe(true);
    expect(await island.getAttribute("data-hydrated")).toBeNull();
    await island.scrollIntoViewIfNeeded();
    const hydrated = w.page.locator('heirloom-island[src*="/ConversationTimer-"][data-hydrated]');
    await hydrated.waitFor({ state: "attached" });
    await expect.poll(() => button.isDisabled()).toBe(false);
    await button.click();
    expect(await button.textContent()).toBe("Pause");
    await w.page.clock.runFor(61_000);
    expect(await island.getByRole("timer").textContent()).toBe("18:59");
    await button.click();
    expect(await button.textContent()).toBe("Resume");
    await w.page.clock.runFor(10_000);
    expect(await island.getByRole("timer").textContent()).toBe("18:59");
    expect(await axeViolations(w.page)).toEqual([]);
    expect(errorsOf(w.errors)).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("hydrates the reading progress on a note, which then follows the scroll; no error, no CSP report", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 480 } });
    const w = await watchedPage(context, journal.origin);
    const bar = w.page.locator("progress.reading-progress");
    const scripts = await scriptsLoaded(w.page, async () => {
      await w.page.goto(`${journal.origin}/${NOTE}`, { waitUntil: "networkidle" });
      await w.page.locator("heirloom-island[data-hydrated]").waitFor({ state: "attached" });
    });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.getAttribute("aria-hidden")).toBe("true");
    const value = () => bar.evaluate((el: HTMLProgressElement) => el.value);
    expect(await value()).toBe(0);
    await w.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(value).toBe(100);
    await w.page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(value).toBe(0);
    expect(await axeViolations(w.page)).toEqual([]);
    expect(errorsOf(w.errors)).toEqual([]);
    expect(w.failures).toEqual([]);

    const files = [...scripts.keys()].map((p) => p.replace(/-\w+\.js$/, ""));
    // The shared chunks esbuild splits out (one or more, as the site's islands share code), never another island.
    expect([...new Set(files)].sort()).toEqual(
      ["loader", "ReadingProgress", "runtime", "chunk"].map((f) => `/assets/islands/${f}`).sort(),
    );
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const each = [...scripts].map(([p, n]) => `${path.basename(p)} ${n}`).join(", ");
    const times = await coldHydrations(browser, `${journal.origin}/${NOTE}`, 5);
    console.log(
      `a note with one island (load="idle"): ${total} B of JavaScript gzipped in ${scripts.size} files ` +
        `(${each}); hydrated ${median(times).toFixed(0)} ms after the navigation started ` +
        `(median of ${times.length} loads with a cold cache: ${times.map((t) => t.toFixed(0)).join(", ")})`,
    );
    // React 19's react-dom client is most of it (about 66 KB).
    expect(total).toBeLessThanOrEqual(75 * 1024);
    await context.close();
  });

  it("loads no script at all on the pages without an island: no React, no loader", async () => {
    const context = await browser.newContext();
    const w = await watchedPage(context, journal.origin);
    const requests: string[] = [];
    w.page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    for (const pathname of ["/", "/blog/", "/blog/page/2/", "/legal/privacy/", "/no/such/page"]) {
      const scripts = await scriptsLoaded(w.page, () =>
        w.page.goto(journal.origin + pathname, { waitUntil: "networkidle" }),
      );
      expect([...scripts.keys()], pathname).toEqual([]);
      expect(await w.page.locator("heirloom-island").count(), pathname).toBe(0);
    }
    expect(requests.filter((p) => p.startsWith("/assets/islands/"))).toEqual([]);
    expect(errorsOf(w.errors)).toEqual([]);
    await context.close();
  });

  it("keeps the bar hidden without JavaScript, where it could show nothing true", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 480 } });
    const page = await context.newPage();
    await page.goto(`${journal.origin}/${NOTE}`);
    expect(await page.locator("progress.reading-progress").isVisible()).toBe(false);
    expect(await page.locator("h1").innerText()).toBe("The first questions");
    await context.close();
  });

  it("hydrates under a base path, every module loaded from below it", async () => {
    const under = await serveJournal("/journal/");
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 480 } });
      const w = await watchedPage(context, under.origin);
      const requests: string[] = [];
      w.page.on("request", (r) => requests.push(new URL(r.url()).pathname));
      await w.page.goto(`${under.origin}/journal/${NOTE}`);
      await w.page.locator("heirloom-island[data-hydrated]").waitFor({ state: "attached" });
      expect(await w.page.locator("progress.reading-progress").isVisible()).toBe(true);
      expect(requests.filter((p) => p.endsWith(".js")).every((p) => p.startsWith("/journal/assets/islands/"))).toBe(
        true,
      );
      expect(requests.filter((p) => p.endsWith(".js")).length).toBeGreaterThanOrEqual(4);
      expect(errorsOf(w.errors)).toEqual([]);
      expect(w.failures).toEqual([]);
      await context.close();
    } finally {
      await under.preview.close();
    }
  });
});

describe.skipIf(!chromePath)("each strategy of the loader in Chromium", () => {
  const served = useBuiltAndBrowser(islandFixture);

  const hydrated = (page: Page, name: string) =>
    page.locator(`heirloom-island:has(.${name})`).evaluate((el) => el.hasAttribute("data-hydrated"));

  it("hydrates at load (the island answers clicks), when idle, when visible and when the media matches", async () => {
    const context = await served.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/islands`);
    const counter = w.page.getByRole("button", { name: "Apples: 3" });
    await w.page.locator("heirloom-island[data-hydrated]:has(.counter)").waitFor({ state: "attached" });
    await counter.click();
    await expect.poll(() => w.page.locator(".counter").innerText()).toBe("Apples: 4");
    await expect.poll(() => w.page.locator(".greeting.idle").innerText()).toBe("Hello, idle (hydrated)");
    // Below the fold, and wider than the media query: neither is hydrated yet.
    expect(await hydrated(w.page, "visible")).toBe(false);
    expect(await hydrated(w.page, "narrow")).toBe(false);
    expect(await w.page.locator(".greeting.visible").innerText()).toBe("Hello, visible (static)");
    await w.page.locator(".greeting.visible").scrollIntoViewIfNeeded();
    await expect.poll(() => w.page.locator(".greeting.visible").innerText()).toBe("Hello, visible (hydrated)");
    expect(await hydrated(w.page, "narrow")).toBe(false);
    await w.page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => w.page.locator(".greeting.narrow").innerText()).toBe("Hello, narrow (hydrated)");
    expect(errorsOf(w.errors)).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
    const times = await coldHydrations(served.browser, `${served.origin}/islands`, 5);
    console.log(
      `an island with load="load" (its modules preloaded): hydrated ${median(times).toFixed(0)} ms after the ` +
        `navigation started (median of ${times.length} loads with a cold cache: ` +
        `${times.map((t) => t.toFixed(0)).join(", ")})`,
    );
  });
});

describe.skipIf(!chromePath)("a hydration mismatch in a built site, in Chromium", () => {
  const served = useBuiltAndBrowser(() => addMismatch(islandFixture()));

  it("keeps the page working with the browser's render, and tells the console in the catalogue's words", async () => {
    const context = await served.browser.newContext();
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/islands`);
    await w.page.locator("heirloom-island[data-hydrated]:has(.where)").waitFor({ state: "attached" });
    expect(await w.page.locator(".where").innerText()).toBe("Rendered in the browser");
    await w.page.getByRole("button", { name: "Apples: 3" }).click();
    await expect.poll(() => w.page.locator(".counter").innerText()).toBe("Apples: 4");
    const told = errorsOf(w.errors);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`error IslandError: ${MISMATCH}, so React replaced that HTML with the browser's render`);
    expect(told[0]).toContain("hint: an island's first render in the browser must match its render in the build");
    expect(await w.page.locator("#heirloom-dev-overlay").count()).toBe(0);
    await context.close();
  });
});

describe.skipIf(!chromePath)("islands in dev, in Chromium", () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let dev: DevServer;
  let root: string;

  beforeAll(async () => {
    root = islandFixture();
    dev = await startDev({ root, env: {}, port: 0 });
    ({ browser, close: closeBrowser } = await launchBrowser(chromePath!));
  });
  afterAll(async () => {
    await closeBrowser?.();
    await dev?.close();
  });

  it("hydrates under dev's CSP, and a save to the island reloads the page with its new code", async () => {
    const context = await browser.newContext();
    const w = await watchedPage(context, new URL(dev.url).origin);
    const response = await w.page.goto(new URL("/islands", dev.url).href);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    const counter = w.page.locator(".counter");
    const hydrated = w.page.locator("heirloom-island[data-hydrated]:has(.counter)");
    await hydrated.waitFor({ state: "attached" });
    await counter.click();
    await expect.poll(() => counter.innerText()).toBe("Apples: 4");
    const file = path.join(root, "templates", "interactive", "Counter.tsx");
    const code = readFileSync(file, "utf8");
    writeFileSync(file, code.replace("{label}: {count}", "{label} = {count}").replace("count + 1", "count + 2"));
    await expect.poll(() => counter.innerText(), { timeout: 10_000 }).toBe("Apples = 3");
    await hydrated.waitFor({ state: "attached" });
    await counter.click();
    await expect.poll(() => counter.innerText()).toBe("Apples = 5");
    expect(errorsOf(w.errors)).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("shows a hydration mismatch in the overlay, naming the island and the page", async () => {
    const context = await browser.newContext();
    const w = await watchedPage(context, new URL(dev.url).origin);
    await w.page.goto(new URL("/islands", dev.url).href);
    await w.page.locator("heirloom-island[data-hydrated]:has(.counter)").waitFor({ state: "attached" });
    const overlay = w.page.locator("#heirloom-dev-overlay");
    expect(await overlay.count()).toBe(0);
    addMismatch(root);
    await expect.poll(() => overlay.isVisible(), { timeout: 10_000 }).toBe(true);
    const text = await overlay.innerText();
    expect(text).toContain("An island did not hydrate as the build rendered it; the page shows the browser's render.");
    expect(text).toContain(`IslandError: ${MISMATCH}`);
    expect(text).toContain("move what differs (the time, a random number, window, localStorage) into an effect");
    expect(await w.page.locator(".where").innerText()).toBe("Rendered in the browser");
    await context.close();
  });
});
