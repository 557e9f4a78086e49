// Printing: black text on white paper without the site's controls and pictures, link targets written out,
// FAQ answers printed open (without JavaScript), plans and answers never split, every page on three A4
// sheets at most with its body text at 12.5pt and nothing but the controls left out.
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

  // The brief's four pages and the 404 page, each on three A4 sheets at most. Measured with Debian's Chromium
  // and its fonts: / and the 404 page 1, the others 3 (the third of /how-it-works a sixth empty).
  const PRINTED: Array<[route: string, least: number]> = [
    ["/", 1],
    ["/home", 2],
    ["/how-it-works", 2],
    ["/pricing", 2],
    ["/no-such-page", 1],
  ];

  it.each(PRINTED)("prints %s on at most 3 A4 pages (at least %i)", async (route, least) => {
    await page.emulateMedia({ media: null });
    await page.goto(state.site.origin + route);
    const pages = countPdfPages(await page.pdf({ format: "A4" }));
    expect(pages).toBeGreaterThanOrEqual(least);
    expect(pages).toBeLessThanOrEqual(3);
  });

  it("keeps the body text at 12.5pt with space-and-a-half between its lines on every page", async () => {
    for (const [route] of PRINTED) {
      await openForPrint(route);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("main p, main li, footer p, footer li")]
          .filter((el) => el.checkVisibility())
          .map((el) => ({ el, style: getComputedStyle(el) }))
          .filter(({ style }) => {
            const size = Number.parseFloat(style.fontSize);
            return size < (12.5 * 96) / 72 - 0.01 || Number.parseFloat(style.lineHeight) < size * 1.5 - 0.01;
          })
          .map(({ el, style }) => `${el.textContent!.trim().slice(0, 30)}: ${style.fontSize}/${style.lineHeight}`),
      );
      expect(small, route).toEqual([]);
    }
  });

  it("prints every heading, paragraph, item and answer of every page but the controls", async () => {
    for (const [route] of PRINTED) {
      await openForPrint(route);
      const lost = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("main :is(h1, h2, h3, p, li, summary, blockquote, figcaption)")]
          .filter((el) => !el.closest(".btn, form, .note, .toast, [data-waitlist-problem]") && !el.checkVisibility())
          .map((el) => el.textContent!.trim().slice(0, 40)),
      );
      expect(lost, route).toEqual([]);
    }
  });

  it("prints the brief's three plans with their prices and every feature", async () => {
    await openForPrint("/pricing");
    const plans = await page.locator("[data-plan]").evaluateAll((cards) =>
      cards.map((card) => {
        const printed = (card as HTMLElement).innerText;
        const shown = (el: Element | null) => el && (el as HTMLElement).checkVisibility() && el.textContent!.trim();
        return {
          name: shown(card.querySelector("h3")),
          price: shown(card.querySelector(".amount")),
          features: [...card.querySelectorAll("li")].map(shown).filter((f) => f && printed.includes(f)).length,
        };
      }),
    );
    expect(plans).toEqual([
      { name: "Essential Memories", price: "$29", features: 4 },
      { name: "Legacy Collection", price: "$49", features: 6 },
      { name: "Family Archive", price: "$89", features: 8 },
    ]);
  });
});
