// Large text and narrow screens: at 320 CSS px (WCAG 1.4.10), with the WCAG 1.4.12 text-spacing override,
// and with text made twice as large, no page scrolls sideways and no text is cut off or spills out of its box.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_PAGES,
  applyTextSpacing,
  chromePath,
  launchWithMinimumFontSize,
  overflowReport,
  useSiteAndBrowser,
} from "./helpers.ts";

const NARROW = { width: 320, height: 640 };

describe.skipIf(!chromePath)("reflow and large text in Chromium", () => {
  const state = useSiteAndBrowser();

  async function expectEverythingFits(page: Page, route: string, width: number) {
    const report = await overflowReport(page);
    expect(report.viewport, route).toBe(width);
    expect(report.scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(width);
    expect(report.spilled, `${route}: text cut off or spilling out`).toEqual([]);
  }

  it("fits 320 CSS px on every page (reflow), menu and FAQ answers open", async () => {
    const context = await state.browser.newContext({ viewport: NARROW, isMobile: true });
    const page = await context.newPage();
    for (const route of ALL_PAGES) {
      await page.goto(state.site.origin + route);
      await expectEverythingFits(page, route, NARROW.width);
    }
    await context.close();
  });

  it("fits 320 CSS px with the WCAG 1.4.12 text spacing applied, the site's stylesheet and CSP in force", async () => {
    const context = await state.browser.newContext({ viewport: NARROW, isMobile: true });
    const page = await context.newPage();
    const cspReports: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && cspReports.push(m.text()));
    for (const route of ALL_PAGES) {
      await page.goto(state.site.origin + route);
      await applyTextSpacing(page);
      const spacing = await page.evaluate(() => getComputedStyle(document.querySelector("main p")!).letterSpacing);
      expect(parseFloat(spacing), `${route}: the override applies`).toBeGreaterThan(2);
      await expectEverythingFits(page, route, NARROW.width);
    }
    expect(cspReports).toEqual([]);
    await context.close();
  });

  describe("with text at twice its size", () => {
    // Two emulations of enlarged text, because Chromium has no text-only zoom of its own:
    // 1. The minimum font size setting at 32 px (every text at least 32 px: body text 18 -> 32 px, more
    //    than 175%), layout lengths unchanged, in the narrowest viewport WCAG asks for: 320 px.
    // 2. The default font size at 32 px instead of 16 (CDP Page.setFontSizes, what Chrome's "Font size"
    //    setting changes): every rem-based size doubles, text 18 -> 36 px, which is 200% text zoom.
    //    Because this stylesheet sizes its layout in rem too, the layout doubles with the text, so the
    //    test runs at 640 px: 320 px would amount to a 160 px-wide screen, below WCAG's 320 px floor.
    let minimumFont: Awaited<ReturnType<typeof launchWithMinimumFontSize>>;
    beforeAll(async () => {
      minimumFont = await launchWithMinimumFontSize(chromePath!, 32, NARROW);
    });
    afterAll(async () => {
      await minimumFont?.close();
    });

    it("fits 320 CSS px with a minimum font size of 32 px on every page", async () => {
      const page = minimumFont.context.pages()[0] ?? (await minimumFont.context.newPage());
      for (const route of ALL_PAGES) {
        await page.goto(state.site.origin + route);
        expect(await page.evaluate(() => getComputedStyle(document.querySelector("main p")!).fontSize), route).toBe(
          "32px",
        );
        await expectEverythingFits(page, route, NARROW.width);
      }
    });

    it("fits 640 CSS px with the default font size doubled (200% text) on every page", async () => {
      const context = await state.browser.newContext({ viewport: { width: 640, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Page.enable");
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
      for (const route of ALL_PAGES) {
        await page.goto(state.site.origin + route);
        expect(await page.evaluate(() => getComputedStyle(document.body).fontSize), route).toBe("36px");
        await expectEverythingFits(page, route, 640);
      }
      await context.close();
    });
  });
});
