// Printing: black text on white paper without the site's controls and pictures, link targets written out,
// FAQ answers printed open (without JavaScript), plans and answers never split, and a sensible page count.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromePath, useSiteAndBrowser } from "./helpers.ts";

/**
 * Pages of a PDF, counted in its bytes: Chromium writes one uncompressed `/Type /Page` dictionary per page
 * (the page tree itself is `/Type /Pages`, which the lookahead leaves out). No PDF library needed.
 */
function countPdfPages(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

describe.skipIf(!chromePath)("print in Chromium", () => {
  const state = useSiteAndBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // A dark-mode visitor: printing must still give dark ink on white paper. JavaScript is off, so the
    // answers print open through CSS alone.
    context = await state.browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: "dark",
      javaScriptEnabled: false,
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  async function openForPrint(route: string) {
    await page.emulateMedia({ media: "screen" });
    await page.goto(state.site.origin + route);
    await page.emulateMedia({ media: "print" });
  }

  it(
    "hides the navigation, menu toggle, waitlist form, buttons and decorative art, " + "and prints black on white",
    async () => {
      for (const [route, hidden] of [
        [
          "/",
          [
            "#site-menu",
            "[data-menu-toggle]",
            "form[data-waitlist]",
            "[data-waitlist-problem]",
            ".waitlist-photos",
            ".skip-link",
            ".toast",
          ],
        ],
        [
          "/home",
          ["#site-menu", ".hero-image", ".feature-icon", ".step-icon", ".portrait", ".hero .btn", ".cta-box .btn"],
        ],
        ["/pricing", ["#site-menu", ".plan .btn", ".cta-box .btn"]],
      ] as const) {
        await openForPrint(route);
        const shown = await page.evaluate(
          (selectors) =>
            selectors.filter((s) =>
              [...document.querySelectorAll<HTMLElement>(s)].some(
                (el) => getComputedStyle(el).display !== "none" && el.checkVisibility(),
              ),
            ),
          [...hidden],
        );
        expect(shown, route).toEqual([]);
        const colours = await page.evaluate(() => ({
          body: [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor],
          text: [
            ...new Set(
              [...document.querySelectorAll("main p, main li, main h1, main h2, main h3, footer p")].map(
                (el) => getComputedStyle(el).color,
              ),
            ),
          ],
        }));
        expect(colours.body, route).toEqual(["rgb(0, 0, 0)", "rgb(255, 255, 255)"]);
        expect(colours.text, route).toEqual(["rgb(0, 0, 0)"]);
      }
    },
  );

  it("writes each link's address after it, except for the brand", async () => {
    await openForPrint("/pricing");
    const after = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
        .filter((a) => a.checkVisibility())
        .map((a) => ({
          href: a.getAttribute("href"),
          brand: a.classList.contains("brand"),
          content: getComputedStyle(a, "::after").content,
        })),
    );
    expect(after.length).toBeGreaterThan(10);
    for (const link of after) expect(link.content, link.href!).toBe(link.brand ? "none" : `" (${link.href})"`);
  });

  it("prints the FAQ answers open without JavaScript and keeps plans and answers whole", async () => {
    await openForPrint("/pricing");
    // checkVisibility() is false inside the hidden content box of a closed <details>; the element's box
    // grows by the answer's height only when the answer is laid out on the page.
    const faq = await page.evaluate(() =>
      [...document.querySelectorAll("details")].map((d) => ({
        open: d.open,
        shown: d.querySelector(".prose")!.checkVisibility(),
        answerHeight: d.getBoundingClientRect().height - d.querySelector("summary")!.getBoundingClientRect().height,
        breakInside: getComputedStyle(d).breakInside,
      })),
    );
    expect(faq).toHaveLength(4);
    for (const answer of faq) {
      expect(answer.open).toBe(false);
      expect(answer.shown).toBe(true);
      expect(answer.answerHeight).toBeGreaterThan(30);
      expect(answer.breakInside).toBe("avoid");
    }
    expect(
      await page.locator("[data-plan]").evaluateAll((plans) => plans.map((p) => getComputedStyle(p).breakInside)),
    ).toEqual(["avoid", "avoid", "avoid"]);
    // On screen the answers stay closed until asked for.
    await page.emulateMedia({ media: "screen" });
    expect(
      await page
        .locator("details .prose")
        .first()
        .evaluate((el) => el.checkVisibility()),
    ).toBe(false);
  });

  // Measured with Debian's Chromium and its fonts: 4 A4 pages each (the home page 4, / and 404 one each).
  it.each([
    ["/pricing", 4],
    ["/how-it-works", 4],
  ] as const)("prints %s on at most %i A4 pages", async (route, most) => {
    await page.emulateMedia({ media: null });
    await page.goto(state.site.origin + route);
    const pages = countPdfPages(await page.pdf({ format: "A4" }));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(most);
  });
});
