// The docs starter that `heirloom init --template docs` makes, built and served, in Chromium: every page and the
// 404 page without an accessibility violation in either colour scheme, at both sizes, the text at 7:1 (AAA)
// against its background, with no script but the search box's; search finding a guide page by a word of its
// body only, and opening it; at 320 CSS px the sidebar above the page and nothing scrolling sideways.
import { describe, expect, it } from "vitest";
import { docsStarterBuild } from "../helpers/shared-build.ts";
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

const GUIDE = ["getting-started", "writing-pages", "organizing", "deploying"].map((slug) => `/guide/${slug}/`);
const PAGES = ["/", ...GUIDE, "/no/such/page"];
const NARROW = { width: 320, height: 640 };

describe.skipIf(!chromePath)("the docs starter in Chromium", () => {
  // The build the docs starter's own test reads too.
  const served = useServedAndBrowser(docsStarterBuild);

  it.each(["light", "dark"] as const)(
    "has no accessibility violation on any page, %s, at both sizes, and its text at 7:1",
    async (scheme) => {
      await expectAccessiblePages(
        served,
        PAGES,
        scheme,
        async (page, at) => {
          // No script but the search box's (Pagefind loads when the box is used).
          const scripts = await page.locator("script").evaluateAll((all) => all.map((s) => s.getAttribute("src")));
          expect(scripts, at).toEqual([expect.stringMatching(/^\/assets\/search-[\w-]+\.js$/)]);
        },
        // Its text at 7:1 (WCAG's AAA), in the same analysis.
        WCAG_AAA_TAGS,
      );
    },
    accessiblePagesTime(PAGES),
  );

  it("finds a guide page by a word only its body holds, and opens it", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.phone });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/guide/getting-started/`);
    const box = w.page.getByRole("searchbox", { name: "Search the documentation" });
    await expect.poll(() => box.isEnabled()).toBe(true);
    // "nginx" is written in deploying.md alone: not in a title, a description or the chrome.
    await box.fill("nginx");
    const results = w.page.locator("form.search ul a");
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await w.page.getByRole("status").textContent()).toBe("1 result for “nginx”.");
    // The results as they are shown: no accessibility violation either.
    expect(await axeViolations(w.page)).toEqual([]);
    expect(await results.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/guide/deploying/",
    ]);
    await results.first().click();
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/guide/deploying/`);
    expect(await w.page.locator("h1").textContent()).toBe("Deploying");
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("puts the sidebar above the page at 320 CSS px, beside it on a desktop, and never scrolls sideways", async () => {
    for (const viewport of [NARROW, VIEWPORTS.desktop]) {
      const context = await served.browser.newContext({ viewport });
      const page = await context.newPage();
      for (const at of PAGES) {
        await page.goto(served.origin + at);
        const sidebar = (await page.locator(".sidebar").boundingBox())!;
        const main = (await page.locator("main").boundingBox())!;
        if (viewport === NARROW) expect(sidebar.y + sidebar.height, at).toBeLessThanOrEqual(main.y);
        else expect(sidebar.x + sidebar.width, at).toBeLessThanOrEqual(main.x);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${at} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      }
      await context.close();
    }
  });

  it("sets the text of a page at 18 px or more, and outlines the focused link where it can be seen", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${served.origin}/guide/writing-pages/`);
    const size = await page.evaluate(() => getComputedStyle(document.querySelector(".prose p")!).fontSize);
    expect(Number.parseFloat(size)).toBeGreaterThanOrEqual(18);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to the page" });
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    const outline = await skip.evaluate((a) => getComputedStyle(a).outlineStyle + getComputedStyle(a).outlineWidth);
    expect(outline).toBe("solid3px");
    // The skip link waits off the screen until it has focus.
    expect((await skip.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    await context.close();
  });
});
