// Search in Chromium, on the fixture site with `search: true` built under /docs/ and served by preview with the
// headers the build writes (its Content-Security-Policy included): nothing of Pagefind loaded until the box is
// used; a word found only in one note's body finds that note, told in the live region in the page's own words,
// and the result opened from the keyboard; a page without <Search /> loads no script; without JavaScript the box
// is disabled and says why; an index that cannot be loaded is said so, and tried again; dev says where search
// works. Prints what a first search costs.
import { rmSync } from "node:fs";
import path from "node:path";
import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { type DevServer, startDev } from "../../packages/heirloom/src/serve/dev/dev.ts";
import { type PreviewServer, startPreview } from "../../packages/heirloom/src/serve/preview/preview.ts";
import { buildProject, editFile, makeSearchFixture } from "../helpers/site.ts";
import { axeViolations, chromePath, launchBrowser, watchedPage } from "./helpers.ts";

const BASE = "/docs/";

describe.skipIf(!chromePath)("search in the browser", () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let preview: PreviewServer;
  let origin: string;
  let built: BuildResult;
  let root: string;

  beforeAll(async () => {
    root = makeSearchFixture();
    // Without the fixture's own script, a page that renders no search box has no script at all.
    rmSync(path.join(root, "templates", "islands", "main.ts"));
    editFile(root, "content/notes/second.md", "The second note.", "The second note.\n\nA recipe for quince jelly.");
    built = await buildProject(root, { base: BASE, siteUrl: "https://search.example" });
    preview = await startPreview({ outDir: built.outDir, root, forms: [], port: 0, base: BASE });
    origin = new URL(preview.url).origin;
    ({ browser, close: closeBrowser } = await launchBrowser(chromePath!));
  });
  afterAll(async () => {
    await closeBrowser?.();
    await preview?.close();
  });

  it("finds a note by a word of its body, says so in the page's words, and opens it from the keyboard", async () => {
    const context = await browser.newContext();
    const watched = await watchedPage(context, origin);
    const { page } = watched;
    const asked: Request[] = [];
    page.on("request", (r) => asked.push(r));
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportViolation(t: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      ),
    );
    await page.goto(`${origin}${BASE}search`);
    const box = page.getByRole("searchbox", { name: "Diese Seite durchsuchen" });
    await expect.poll(() => box.isEnabled()).toBe(true);
    expect(await page.getByRole("status").textContent()).toBe("");
    await page.waitForLoadState("networkidle");
    // The page loads the box's script, and nothing of Pagefind until the box is used.
    expect(asked.filter((r) => r.url().includes("/pagefind/"))).toEqual([]);
    const beforeUse = asked.length;

    await box.focus();
    await box.fill("quince");
    const status = page.getByRole("status");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("1 Treffer für „quince“.");
    const results = page.locator("#search-results a");
    expect(await results.count()).toBe(1);
    expect(await results.first().textContent()).toBe("Second");
    expect(await results.first().getAttribute("href")).toBe(`${BASE}notes/second`);
    expect(await page.locator("#search-results mark").first().textContent()).toBe("quince");
    // The fixture's own signup form has no label: what axe finds of the search box is what counts here.
    const ofSearch = (await axeViolations(page)).filter((v) => v.nodes.some((node) => node.includes("search")));
    expect(ofSearch).toEqual([]);

    const used = asked.slice(beforeUse);
    expect(used.every((r) => r.url().startsWith(`${origin}${BASE}`))).toBe(true);
    expect(used.map((r) => new URL(r.url()).pathname)).toEqual(
      expect.arrayContaining([`${BASE}pagefind/pagefind.js`, `${BASE}pagefind/pagefind-entry.json`]),
    );
    const chunk = used.find((r) => r.url().endsWith(".pf_index"));
    expect((await chunk?.response())?.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sizes = await Promise.all(used.map(async (r) => (await r.sizes()).responseBodySize));
    const bytes = sizes.reduce((sum, size) => sum + size, 0);
    // The worker's own script is fetched by the worker: the page's request for it reports no body size.
    const files = used.map((r, i) => `${path.basename(new URL(r.url()).pathname)} ${sizes[i]} B`).join(", ");
    console.log(
      `A first search loads ${used.length} files: ${files}; ${(bytes / 1024).toFixed(1)} KB as preview sends them ` +
        `(brotli); the build reports ${((built.search?.firstSearchBytes ?? 0) / 1024).toFixed(1)} KB gzipped, ` +
        "with the box's script and the worker's.",
    );

    // Arrow down from the box to the result, Enter opens it.
    await box.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Second");
    await Promise.all([page.waitForURL(`${origin}${BASE}notes/second`), page.keyboard.press("Enter")]);
    expect(await page.locator("h1").textContent()).toBe("Second");

    expect(violations).toEqual([]);
    // Pagefind ran in its worker, under the worker script's policy, without falling back to the page.
    expect(watched.messages.filter((m) => /fall(ing)? back/i.test(m))).toEqual([]);
    expect(watched.errors.filter((e) => !e.includes("favicon.ico"))).toEqual([]);
    expect(watched.failures.filter((f) => !f.includes("favicon.ico"))).toEqual([]);
    await context.close();
  });

  it("says when nothing is found, and empties the list once the box is cleared with Escape", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}${BASE}search?q=note`);
    const status = page.getByRole("status");
    // The address's ?q= is searched at once: both notes say "note" in their bodies.
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^\d+ Treffer für „note“\.$/);
    expect(await page.locator("#search-results a").count()).toBeGreaterThanOrEqual(2);
    const box = page.getByRole("searchbox");
    await box.fill("zzyzxnothing");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("Keine Treffer für „zzyzxnothing“.");
    expect(await page.locator("#search-results").isHidden()).toBe(true);
    await box.press("Escape");
    expect(await box.inputValue()).toBe("");
    await expect.poll(() => status.textContent()).toBe("");
    await context.close();
  });

  it("says when the index cannot be loaded, and loads it on the next search once it can", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Pagefind's script, whatever its query: the box asks again at an address of its own after a failure.
    const pagefindScript = (url: URL) => url.pathname.endsWith("/pagefind/pagefind.js");
    await context.route(pagefindScript, (route) => route.abort("internetdisconnected"));
    await page.goto(`${origin}${BASE}search`);
    const box = page.getByRole("searchbox");
    await expect.poll(() => box.isEnabled()).toBe(true);
    await box.fill("quince");
    const status = page.getByRole("status");
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toBe("Search could not be loaded. Check the connection and try again.");
    await context.unroute(pagefindScript);
    await box.press("Enter");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("1 Treffer für „quince“.");
    await context.close();
  });

  it("loads no script at all on a page without <Search />, and the report says 0 B", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script" || r.url().endsWith(".js")) scripts.push(r.url());
    });
    await page.goto(`${origin}${BASE}notes/first`);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(built.routes.filter((r) => r.route !== "/search").map((r) => r.jsBytes)).toEqual([0, 0, 0, 0, 0]);
    expect(built.routes.find((r) => r.route === "/search")!.jsBytes).toBeGreaterThan(0);
    await context.close();
  });

  it("keeps the box disabled without JavaScript, its status saying why", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}${BASE}search`);
    expect(await page.getByRole("searchbox").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Suchen" }).isDisabled()).toBe(true);
    expect(await page.getByRole("status").textContent()).toBe(
      "Search needs JavaScript, which is turned off in this browser.",
    );
    await context.close();
  });
});

describe.skipIf(!chromePath)("search in heirloom dev", () => {
  let dev: DevServer | undefined;
  afterAll(async () => void (await dev?.close()));

  it("says in the page that search works in a built site", async () => {
    const root = makeSearchFixture();
    dev = await startDev({ root, port: 0, env: {} });
    const { browser, close } = await launchBrowser(chromePath!);
    try {
      const page = await browser.newPage();
      await page.goto(new URL("search", dev.url).href);
      const box = page.getByRole("searchbox");
      await expect.poll(() => box.isEnabled()).toBe(true);
      await box.fill("note");
      await expect
        .poll(() => page.getByRole("status").textContent(), { timeout: 15_000 })
        .toBe("Search works in a built site: run heirloom build, then heirloom preview.");
    } finally {
      await close();
    }
  });
});
