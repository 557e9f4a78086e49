// The visitor's own settings: a dark colour scheme, forced colours (Windows contrast themes) and reduced
// motion. Each must leave every control, edge, message and the focus ring visible, and nothing moving.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromePath, contrastRatio, useSiteAndBrowser, VIEWPORTS } from "./helpers.ts";

/** Runs in the page: what makes an element's edge visible, its border or outline and the colour behind it. */
function edgeOf(el: Element): {
  width: number;
  style: string;
  color: string;
  outlineWidth: number;
  outlineStyle: string;
  outlineColor: string;
  background: string;
} {
  const style = getComputedStyle(el);
  let background = "rgb(255, 255, 255)";
  for (let node = el.parentElement; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (!/rgba\(.*, 0\)$/.test(color) && color !== "transparent") {
      background = color;
      break;
    }
  }
  return {
    width: parseFloat(style.borderTopWidth),
    style: style.borderTopStyle,
    color: style.borderTopColor,
    outlineWidth: parseFloat(style.outlineWidth),
    outlineStyle: style.outlineStyle,
    outlineColor: style.outlineColor,
    background,
  };
}

describe.skipIf(!chromePath)("visitor preferences in Chromium", () => {
  const state = useSiteAndBrowser();

  async function open(
    options: Parameters<typeof state.browser.newContext>[0],
    route: string,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await state.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(state.site.origin + route);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
    return { context, page };
  }

  async function focusWithTab(page: Page, selector: string) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  describe("dark colour scheme", () => {
    it("paints a dark page with light text, declares color-scheme, and frames the light artwork", async () => {
      const { context, page } = await open({ viewport: VIEWPORTS.desktop, colorScheme: "dark" }, "/home");
      const look = await page.evaluate(() => ({
        scheme: getComputedStyle(document.documentElement).colorScheme,
        background: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.body).color,
        frame: getComputedStyle(document.querySelector(".hero-image")!).borderTopWidth,
      }));
      expect(look.scheme).toBe("light dark");
      expect(contrastRatio(look.background, "rgb(0, 0, 0)")).toBeLessThan(1.5);
      expect(contrastRatio(look.text, "rgb(255, 255, 255)")).toBeLessThan(1.2);
      expect(parseFloat(look.frame)).toBeGreaterThan(0);
      await context.close();
    });

    it(
      "shows a focus ring of at least 3:1 against the background " + "on links in the header, the page and the footer",
      async () => {
        const { context, page } = await open({ viewport: VIEWPORTS.desktop, colorScheme: "dark" }, "/home");
        for (const selector of [".nav-links a", ".hero .btn", ".cta-box .btn", ".footer-group a"]) {
          await focusWithTab(page, selector);
          const ring = await page.evaluate(() => {
            const el = document.activeElement!;
            const style = getComputedStyle(el);
            let background = "rgb(255, 255, 255)";
            for (let node = el.parentElement; node; node = node.parentElement) {
              const color = getComputedStyle(node).backgroundColor;
              if (!/rgba\(.*, 0\)$/.test(color) && color !== "transparent") {
                background = color;
                break;
              }
            }
            return {
              style: style.outlineStyle,
              width: parseFloat(style.outlineWidth),
              color: style.outlineColor,
              background,
            };
          });
          expect(ring.style, selector).not.toBe("none");
          expect(ring.width, selector).toBeGreaterThanOrEqual(2);
          expect(contrastRatio(ring.color, ring.background), selector).toBeGreaterThanOrEqual(3);
        }
        await context.close();
      },
    );
  });

  describe("forced colours", () => {
    it("keeps buttons, the email field, the toast and the focus ring visible on the waitlist page", async () => {
      const { context, page } = await open(
        { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, forcedColors: "active" },
        "/",
      );
      await page.locator("form[data-waitlist] input").fill("forced@example.com");
      await page.locator("form[data-waitlist] button").click();
      await expect.poll(() => page.locator("[data-toast-region]").innerText()).not.toBe("");
      const edges: Record<string, Awaited<ReturnType<typeof edgeOf>>> = {};
      for (const selector of [
        "form[data-waitlist] input",
        "form[data-waitlist] button",
        "[data-menu-toggle]",
        "[data-toast-region]",
        ".badge",
      ]) {
        edges[selector] = await page.locator(selector).evaluate(edgeOf);
      }
      for (const [selector, edge] of Object.entries(edges)) {
        expect(edge.width, selector).toBeGreaterThan(0);
        expect(edge.style, selector).not.toBe("none");
        expect(edge.color, selector).not.toBe(edge.background);
      }
      // The menu's bars are drawn with a background, which forced colours would otherwise remove.
      const bars = await page.locator(".menu-bars").evaluate((el) => ({
        bars: getComputedStyle(el).backgroundColor,
        behind: getComputedStyle(el.parentElement!.parentElement!).backgroundColor,
      }));
      expect(bars.bars).not.toBe(bars.behind);
      expect(bars.bars).not.toMatch(/rgba\(.*, 0\)$/);

      await focusWithTab(page, "a.brand");
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return {
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          color: style.outlineColor,
          fill: getComputedStyle(document.querySelector(".site-header")!).backgroundColor,
        };
      });
      expect(ring.style).not.toBe("none");
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrastRatio(ring.color, ring.fill)).toBeGreaterThanOrEqual(3);
      await context.close();
    });

    it("keeps the edge of every card, plan, answer, button and the call-to-action band visible", async () => {
      const { context, page } = await open({ viewport: VIEWPORTS.desktop, forcedColors: "active" }, "/pricing");
      const selectors = [
        ".plan",
        ".plan-recommended",
        ".plan-badge",
        ".plan .btn",
        ".card.feature",
        ".faq",
        ".cta-box",
        ".cta-box .btn",
        ".nav-cta",
      ];
      const home = ["/home", [".step", ".testimonial", ".card.feature", ".hero .btn"]] as const;
      const found: string[] = [];
      for (const [route, list] of [["/pricing", selectors], home] as const) {
        if (route !== "/pricing") await page.goto(state.site.origin + route);
        for (const selector of list) {
          for (const edge of await page.locator(selector).evaluateAll((els) =>
            els.map((el) => {
              const style = getComputedStyle(el);
              return {
                width: parseFloat(style.borderTopWidth),
                style: style.borderTopStyle,
                color: style.borderTopColor,
                fill: style.backgroundColor,
              };
            }),
          )) {
            found.push(selector);
            expect(edge.width, `${route} ${selector}`).toBeGreaterThan(0);
            expect(edge.style, `${route} ${selector}`).not.toBe("none");
            expect(edge.color, `${route} ${selector}`).not.toBe(edge.fill);
          }
        }
      }
      expect(found.length).toBeGreaterThan(20);
      await context.close();
    });
  });

  describe("reduced motion", () => {
    it(
      "moves nothing: no running animation after the menu and the toast, " + "no transition longer than 0.01 s",
      async () => {
        const { context, page } = await open(
          { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, reducedMotion: "reduce" },
          "/",
        );
        await page.locator("[data-menu-toggle]").click();
        await page.locator("[data-menu-toggle]").click();
        await page.locator("form[data-waitlist] input").fill("still@example.com");
        await page.locator("form[data-waitlist] button").click();
        await expect.poll(() => page.locator("[data-toast-region]").innerText()).not.toBe("");
        // Two frames: an animation of 0.01 ms has ended by then.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        expect(
          await page.evaluate(() =>
            document.getAnimations().map((a) => `${(a as CSSAnimation).animationName ?? a.id} ${a.playState}`),
          ),
        ).toEqual([]);
        const slow = await page.evaluate(() => {
          const found: string[] = [];
          for (const el of document.querySelectorAll("*")) {
            for (const pseudo of [null, "::before", "::after"]) {
              const style = getComputedStyle(el, pseudo);
              // Durations are lists such as "1e-05s, 0.2s"; the longest counts.
              const [transition, animation] = [style.transitionDuration, style.animationDuration].map((list) =>
                Math.max(
                  ...list.split(",").map((v) => (v.trim().endsWith("ms") ? parseFloat(v) / 1000 : parseFloat(v))),
                ),
              );
              if (transition > 0.01 || (style.animationName !== "none" && animation > 0.01)) {
                found.push(
                  `${el.tagName.toLowerCase()}.${el.className}${pseudo ?? ""} ` +
                    `${style.transitionDuration} ${style.animationDuration}`,
                );
              }
            }
          }
          return found;
        });
        expect(slow).toEqual([]);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
        await context.close();
      },
    );
  });
});
