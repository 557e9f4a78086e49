// The blog starter that `heirloom init` makes, built and served, in Chromium: every page (a tag's and the tags', a
// year's and the archive's) and the 404 page without an accessibility violation in either colour scheme, at both
// sizes; its theme switch shown only with JavaScript, working, and remembered; the counter island of its MDX post
// hydrated and counting by pointer and keyboard; the picture beside a post served as AVIF and WebP, no wider than
// its column on a phone, and in the width its column needs on a desktop.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import {
  VIEWPORTS,
  accessiblePagesTime,
  chromePath,
  expectAccessiblePages,
  useBuiltAndBrowser,
  watchedPage,
} from "./helpers.ts";

const PAGES = [
  "/",
  "/blog/",
  "/blog/an-island/",
  "/blog/hello-world/",
  "/blog/second-post/",
  "/tags/",
  "/tags/writing/",
  "/archive/",
  "/archive/2026/",
  "/no/such/page",
];

describe.skipIf(!chromePath)("the blog starter in Chromium", () => {
  const served = useBuiltAndBrowser(
    () => {
      const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-starter-")), "my-site");
      createSite(root, "blog", false);
      return root;
    },
    { siteUrl: "https://example.com" },
  );

  it.each(["light", "dark"] as const)(
    "has no accessibility violation on any page, %s, at both sizes",
    async (scheme) => {
      await expectAccessiblePages(served, PAGES, scheme, async (page) => {
        await expect.poll(() => page.locator("[data-theme-switch]").isVisible()).toBe(true);
        // An island is checked as it is used: in view, and hydrated.
        for (const island of await page.locator("heirloom-island").all()) {
          await island.locator("button").scrollIntoViewIfNeeded();
          await expect.poll(() => island.getAttribute("data-hydrated")).not.toBeNull();
        }
      });
    },
    accessiblePagesTime(PAGES),
  );

  it("switches to the dark theme and back, and remembers the choice on the next page", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: "light" });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/`);
    const toggle = w.page.getByRole("button", { name: "Dark theme" });
    const background = () => w.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await w.page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await background()).not.toBe(light);
    await w.page.goto(`${served.origin}/blog/`);
    await expect.poll(() => w.page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await w.page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
    await w.page.getByRole("button", { name: "Dark theme" }).click();
    expect(await background()).toBe(light);
    await context.close();
  });

  it("keeps the switch hidden and the counter disabled without JavaScript, where they could do nothing", async () => {
    const context = await served.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${served.origin}/`);
    expect(await page.locator("[data-theme-switch]").isVisible()).toBe(false);
    expect(await page.locator("h1").innerText()).toBe("Welcome");
    await page.goto(`${served.origin}/blog/an-island/`);
    expect(await page.getByRole("button", { name: "Count a press" }).isDisabled()).toBe(true);
    expect(await page.locator(".counter [aria-live=polite]").innerText()).toBe("Pressed 0 times");
    await context.close();
  });

  it("hydrates the counter island of the MDX post, which counts presses by click and keyboard, politely", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.phone });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/blog/an-island/`);
    const island = w.page.locator("heirloom-island");
    expect(await island.getAttribute("src")).toMatch(/^\/assets\/islands\/Counter-\w+\.js$/);
    expect(await island.getAttribute("load")).toBe("visible");
    await island.scrollIntoViewIfNeeded();
    await expect.poll(() => island.getAttribute("data-hydrated")).not.toBeNull();
    const button = w.page.getByRole("button", { name: "Count a press" });
    const count = w.page.locator(".counter [aria-live=polite]");
    expect(await button.isEnabled()).toBe(true);
    expect(await count.innerText()).toBe("Pressed 0 times");
    await button.click();
    expect(await count.innerText()).toBe("Pressed 1 time");
    // Reached with the Tab key from the top of the page, and pressed with Enter and with Space.
    await w.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let tabs = 0;
    while (!(await button.evaluate((b) => b === document.activeElement)) && tabs < 30) {
      await w.page.keyboard.press("Tab");
      tabs += 1;
    }
    expect(tabs).toBeLessThan(30);
    await w.page.keyboard.press("Enter");
    expect(await count.innerText()).toBe("Pressed 2 times");
    await w.page.keyboard.press("Space");
    expect(await count.innerText()).toBe("Pressed 3 times");
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    // A page without an island loads no React.
    await w.page.goto(`${served.origin}/blog/hello-world/`);
    expect(await w.page.locator('script[src*="/assets/islands/"]').count()).toBe(0);
    await context.close();
  });

  it("serves the picture beside a post as AVIF and WebP, sized, no wider than its column at 375 px", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.phone });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/blog/hello-world/`);
    const picture = w.page.locator(".body picture");
    const types = await picture.locator("source").evaluateAll((all) => all.map((s) => s.getAttribute("type")));
    expect(types).toEqual(["image/avif", "image/webp"]);
    const img = picture.locator("img");
    expect(await img.getAttribute("alt")).toMatch(/^Green hills/);
    expect(await img.getAttribute("srcset")).toMatch(/ 480w, .+ 960w, .+ 1440w$/);
    const [width, height] = [Number(await img.getAttribute("width")), Number(await img.getAttribute("height"))];
    expect(width).toBeGreaterThan(VIEWPORTS.phone.width * 2);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\.avif$/);
    const box = (await img.boundingBox())!;
    const column = (await w.page.locator(".body").boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    expect(box.width).toBeLessThanOrEqual(column.width);
    expect(box.height / box.width).toBeCloseTo(height / width, 2);
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("fetches the width the column needs on a desktop, as markdown.images.sizes tells, not the window's", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop, deviceScaleFactor: 1 });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/blog/hello-world/`);
    const img = w.page.locator(".body picture img");
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    // The column is 39.5rem (632 px): of 480, 960 and 1440, the 960 fills it; the window (1280 px) would take 1440.
    expect((await img.boundingBox())!.width).toBe(632);
    expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/-960\.avif$/);
    await context.close();
  });
});
