// WCAG AAA enhanced contrast (7:1, 4.5:1 for large text) on every page in the light and the dark colour
// scheme, including the states axe does not see: hover, the busy button, the toast and the placeholder.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_PAGES,
  axeViolationsForTags,
  chromePath,
  contrastRatio,
  useSiteAndBrowser,
  VIEWPORTS,
  WCAG_AAA_TAGS,
} from "./helpers.ts";

const SCHEMES = ["light", "dark"] as const;

describe.skipIf(!chromePath)("contrast in Chromium", () => {
  const state = useSiteAndBrowser();
  const contexts = new Map<string, BrowserContext>();

  beforeAll(async () => {
    for (const colorScheme of SCHEMES) {
      for (const size of ["desktop", "phone"] as const) {
        // Reduced motion, so that hover colours are read at their end and not halfway through a transition.
        const context = await state.browser.newContext({
          viewport: VIEWPORTS[size],
          isMobile: size === "phone",
          colorScheme,
          reducedMotion: "reduce",
        });
        contexts.set(`${colorScheme}-${size}`, context);
      }
    }
  });
  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  async function open(key: string, route: string): Promise<Page> {
    const page = await contexts.get(key)!.newPage();
    await page.goto(state.site.origin + route);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
    return page;
  }

  describe.each(SCHEMES)("%s scheme", (scheme) => {
    it("takes the scheme's colours: the page background follows the preference", async () => {
      const page = await open(`${scheme}-desktop`, "/");
      const [background, text] = await page.evaluate(() => [
        getComputedStyle(document.body).backgroundColor,
        getComputedStyle(document.body).color,
      ]);
      const darkBackground =
        contrastRatio(background, "rgb(0, 0, 0)") < contrastRatio(background, "rgb(255, 255, 255)");
      expect(darkBackground).toBe(scheme === "dark");
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(12);
      await page.close();
    });

    it("has no WCAG A, AA or AAA violation on any page on a desktop, FAQ answers open", async () => {
      const page = await contexts.get(`${scheme}-desktop`)!.newPage();
      for (const route of ALL_PAGES) {
        await page.goto(state.site.origin + route);
        await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
        expect(await axeViolationsForTags(page, WCAG_AAA_TAGS), route).toEqual([]);
      }
      await page.close();
    });

    it(
      "meets enhanced contrast on a phone with the menu open " + "(the other pages' colours are the desktop's)",
      async () => {
        const page = await open(`${scheme}-phone`, "/home");
        await page.locator("[data-menu-toggle]").click();
        await expect.poll(() => page.locator("#site-menu").isVisible()).toBe(true);
        expect(await axeViolationsForTags(page, ["wcag2aaa"])).toEqual([]);
        await page.close();
      },
    );

    it("keeps 7:1 (4.5:1 for large text) when hovered, busy, in the toast and in the placeholder", async () => {
      const page = await open(`${scheme}-desktop`, "/home");
      const pairs: Array<{ what: string; ratio: number; needed: number }> = [];
      const hovered = async (selector: string) => {
        const target = page.locator(selector).first();
        await target.hover();
        pairs.push({ what: `${selector}:hover`, ...(await target.evaluate(readPair)) });
      };
      await hovered(".hero .btn-primary");
      await hovered(".hero .btn:not(.btn-primary)");
      await hovered(".nav-links a");
      await hovered(".cta-box .btn");
      await hovered(".footer-group a");
      await page.goto(`${state.site.origin}/pricing`);
      await hovered(".faq summary");
      await hovered(".plan .btn:not(.btn-primary)");

      await page.goto(`${state.site.origin}/`);
      const input = page.locator("form[data-waitlist] input");
      pairs.push({ what: "placeholder", ...(await input.evaluate(readPair, "::placeholder")) });
      await input.fill("contrast@example.com");
      await page.locator("form[data-waitlist] button").click();
      await expect.poll(() => page.locator("form[data-waitlist] button").isDisabled()).toBe(true);
      pairs.push({ what: "busy button", ...(await page.locator("form[data-waitlist] button").evaluate(readPair)) });
      pairs.push({ what: "toast", ...(await page.locator("[data-toast-region]").evaluate(readPair)) });

      expect(pairs.filter((p) => p.ratio < p.needed)).toEqual([]);
      expect(pairs).toHaveLength(10);
      await page.close();
    });
  });
});

/**
 * Runs in the page: the text colour of an element (or its pseudo-element) against the first opaque
 * background behind it, and the ratio WCAG AAA asks for at its size and weight.
 */
function readPair(el: Element, pseudo?: string): { ratio: number; needed: number } {
  const style = getComputedStyle(el, pseudo);
  let background = "rgb(255, 255, 255)";
  for (let node: Element | null = el; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (!/rgba\(.*, 0\)$/.test(color) && color !== "transparent") {
      background = color;
      break;
    }
  }
  // No helper functions inside: this function is sent to the page as source text.
  const luminances = [style.color, background].map((color) =>
    color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0),
  );
  const [hi, lo] = luminances.sort((a, b) => b - a);
  const px = parseFloat(style.fontSize);
  const large = px >= 24 || (px >= 18.66 && Number(style.fontWeight) >= 700);
  return { ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100, needed: large ? 4.5 : 7 };
}
