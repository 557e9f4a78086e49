// The documentation site (docs/), built and served, in Chromium: a guide page, a page of each reference, the
// front page, German pages and the 404 pages (English, and German under /de/) without an accessibility violation
// in either colour scheme, at both sizes, with no script but the search box's, no console error and no failed
// request; search finding a guide page by a word of its body, in English and in German; the language switch; the
// sidebar and the next link.
import { describe, expect, it } from "vitest";
import { docsBuild } from "../helpers/shared-build.ts";
import {
  VIEWPORTS,
  WCAG_AAA_TAGS,
  axeViolations,
  chromePath,
  accessiblePagesTime,
  expectAccessiblePages,
  useServedAndBrowser,
  watchedPage,
} from "./helpers.ts";

const PAGES = [
  "/",
  "/guide/getting-started/",
  "/guide/content/",
  "/reference/commands/build/",
  "/reference/configuration/site-options/",
  "/reference/errors/",
  "/reference/errors/broken-link/",
  "/de/",
  "/de/guide/getting-started/",
  "/de/guide/routes/",
  "/no/such/page",
  "/de/no/such/page",
];

describe.skipIf(!chromePath)("the documentation in Chromium", () => {
  // The build its Lighthouse test reads too.
  const served = useServedAndBrowser(docsBuild);

  it.each(["light", "dark"] as const)(
    "has no accessibility violation on its pages, %s, at both sizes",
    async (scheme) => {
      await expectAccessiblePages(
        served,
        PAGES,
        scheme,
        async (page, path) => {
          // No script but the search box's (Pagefind loads when the box is used).
          const scripts = await page.locator("script").evaluateAll((all) => all.map((s) => s.getAttribute("src")));
          expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/search-[\w-]+\.js$/)]);
        },
        // Its text, code included, at 7:1 (WCAG's AAA), in the same analysis.
        WCAG_AAA_TAGS,
      );
    },
    accessiblePagesTime(PAGES),
  );

  it.each([
    ["/guide/getting-started/", "Search the documentation", "requestIdleCallback", "/guide/islands/", "Islands"],
    ["/de/", "Die Dokumentation durchsuchen", "Vorlage", "/de/guide/getting-started/", "Erste Schritte"],
  ])("searches from %s: a word of one guide page's body finds it, and opens it", async (from, label, word, to, h1) => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(served.origin + from);
    const box = w.page.getByRole("searchbox", { name: label });
    await expect.poll(() => box.isEnabled()).toBe(true);
    await box.fill(word);
    const results = w.page.locator("form.search ul a");
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The results as they are shown: no accessibility violation either.
    expect(await axeViolations(w.page)).toEqual([]);
    const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toContain(to);
    await results.nth(hrefs.indexOf(to)).click();
    await expect.poll(() => w.page.url()).toBe(served.origin + to);
    expect(await w.page.locator("h1").textContent()).toBe(h1);
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("switches to the same page in German, and back", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.phone });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/guide/getting-started/`);
    const switcher = (label: string) => w.page.getByRole("navigation", { name: label });
    await switcher("Language").getByRole("link", { name: "Deutsch" }).click();
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/de/guide/getting-started/`);
    expect(await w.page.locator("html").getAttribute("lang")).toBe("de");
    expect(await w.page.locator("h1").textContent()).toBe("Erste Schritte");
    expect(await switcher("Sprache").getByRole("link", { name: "Deutsch" }).getAttribute("aria-current")).toBe("page");
    await switcher("Sprache").getByRole("link", { name: "English" }).click();
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/guide/getting-started/`);
    expect(await w.page.locator("h1").textContent()).toBe("Getting started");
    expect(w.errors).toEqual([]);
    await context.close();
  });

  it("follows the sidebar, the table of contents and the next link by keyboard", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/guide/getting-started/`);
    await w.page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "Routes" }).click();
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/guide/routes/`);
    await w.page.getByRole("link", { name: /^Next/ }).focus();
    await w.page.keyboard.press("Enter");
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/guide/templates/`);
    expect(await w.page.locator("h1").textContent()).toBe("Templates");
    expect(w.errors).toEqual([]);
    await context.close();
  });
});
