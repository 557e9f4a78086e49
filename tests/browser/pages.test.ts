// Every page in a real browser at desktop and phone sizes: contents, 404s, console, links, accessibility.
import { gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  chromePath,
  launchBrowser,
  ROUTES,
  type Site,
  startSite,
  UNREGISTERED,
  VIEWPORTS,
  watchedPage,
} from "./helpers.ts";

const HEADINGS: Record<(typeof ROUTES)[number], string> = {
  "/": "Your life stories, preserved forever",
  "/home": "Every life is a story worth keeping",
  "/how-it-works": "How Heirloom works",
  "/pricing": "Simple plans for every family",
};

describe.skipIf(!chromePath)("pages in Chromium", () => {
  let site: Site;
  let closeBrowser: () => Promise<void>;
  const contexts: Partial<Record<keyof typeof VIEWPORTS, BrowserContext>> = {};

  beforeAll(async () => {
    site = await startSite();
    const launched = await launchBrowser(chromePath!);
    closeBrowser = launched.close;
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      contexts[name as keyof typeof VIEWPORTS] = await launched.browser.newContext({
        viewport,
        isMobile: name === "phone",
        hasTouch: name === "phone",
      });
    }
  });

  afterAll(async () => {
    await closeBrowser?.();
    await site?.close();
  });

  describe.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)("at %s size", (size) => {
    it.each(ROUTES)(
      "%s answers 200 and shows its contents, with no console error, failed request or axe violation",
      async (route) => {
        const w = await watchedPage(contexts[size]!, site.origin);
        const response = await w.page.goto(site.origin + route);
        expect(response?.status()).toBe(200);
        expect((await w.page.locator("h1").innerText()).replace(/\s+/g, " ")).toBe(HEADINGS[route]);
        await expect.poll(() => w.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
        expect(await axeViolations(w.page)).toEqual([]);
        expect(w.errors).toEqual([]);
        expect(w.failures).toEqual([]);
        await w.page.close();
      },
    );

    it(
      "shows the spec's contents: " +
        "badge and form on /, steps, benefits and testimonials on /home, plans on /pricing",
      async () => {
        const w = await watchedPage(contexts[size]!, site.origin);
        const { page } = w;
        await page.goto(`${site.origin}/`);
        await expect.poll(() => page.getByText("Coming soon", { exact: true }).isVisible()).toBe(true);
        expect(await page.locator("form[data-waitlist] input").count()).toBe(1);
        expect(await page.getByRole("button", { name: "Join waitlist" }).isVisible()).toBe(true);
        expect(await page.locator("main img").count()).toBe(2);
        for (const img of await page.locator("main img").all())
          expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);

        await page.goto(`${site.origin}/home`);
        expect(await page.getByRole("link", { name: "Begin Your Story" }).first().isVisible()).toBe(true);
        expect(await page.getByRole("link", { name: "Gift Heirloom" }).isVisible()).toBe(true);
        expect(await page.locator("[data-benefit]").count()).toBe(6);
        expect(await page.locator("main blockquote").count()).toBe(3);
        for (const step of ["Talk", "Schedule", "Create", "Share"])
          expect(await page.getByRole("heading", { name: step, exact: true }).isVisible()).toBe(true);

        await page.goto(`${site.origin}/pricing`);
        const plans = page.locator("[data-plan]");
        expect(await plans.count()).toBe(3);
        expect(await plans.nth(1).innerText()).toContain("Most Popular");
        expect(await page.locator("main details").count()).toBe(4);
        await page.locator("main details summary").first().click();
        expect(await page.locator("main details").first().getAttribute("open")).toBe("");
        expect(await page.getByText("next billing cycle").isVisible()).toBe(true);
        expect(w.errors).toEqual([]);
        await page.close();
      },
    );

    it("answers unknown and unregistered paths with the 404 page (status 404) and logs the missing path", async () => {
      const w = await watchedPage(contexts[size]!, site.origin);
      for (const pathname of ["/no/such/page", ...UNREGISTERED]) {
        const before = w.messages.length;
        const response = await w.page.goto(site.origin + pathname);
        expect(response?.status(), pathname).toBe(404);
        expect(await w.page.locator("h1").innerText()).toBe("Page Not Found");
        expect(await w.page.getByText(/does not exist or has been moved/).isVisible()).toBe(true);
        expect(await w.page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
        await expect
          .poll(() => w.messages.slice(before).some((m) => m.includes(pathname)), { timeout: 3000 })
          .toBe(true);
      }
      // The 404 page is styled where it is served: its stylesheet applied at a deep path.
      const background = await w.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).not.toBe("rgba(0, 0, 0, 0)");
      expect(await axeViolations(w.page)).toEqual([]);
      expect(w.errors).toEqual([]);
      expect(w.failures).toEqual([]);
      await w.page.close();
    });

    it("resolves every internal link and asset; the unregistered paths, and only they, answer 404", async () => {
      const w = await watchedPage(contexts[size]!, site.origin);
      const statuses = new Map<string, number>();
      for (const route of [...ROUTES, "/missing"]) {
        await w.page.goto(site.origin + route);
        const urls = await w.page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("[href], [src]")].map(
            (el) => (el as HTMLAnchorElement).href || (el as HTMLImageElement).src,
          ),
        );
        const here = w.page.url();
        for (const url of urls.filter((u) => u.startsWith(site.origin))) {
          const clean = url.split("#")[0];
          if (clean === here) continue; // a link within the page, such as the skip link
          if (!statuses.has(clean)) statuses.set(clean, (await w.page.request.get(clean)).status());
        }
      }
      const bad = [...statuses].filter(
        ([url, status]) => status !== (UNREGISTERED.includes(new URL(url).pathname) ? 404 : 200),
      );
      expect(bad).toEqual([]);
      expect([...statuses.keys()].filter((u) => UNREGISTERED.includes(new URL(u).pathname)).length).toBe(
        UNREGISTERED.length,
      );
      await w.page.close();
    });

    it("loads at most 1.5 KB gzipped of JavaScript on any page, and no other script", async () => {
      const w = await watchedPage(contexts[size]!, site.origin);
      for (const route of [...ROUTES, "/missing"]) {
        const scripts: Array<Promise<number>> = [];
        const listener = (r: import("playwright-core").Response) => {
          if (r.request().resourceType() === "script")
            scripts.push(r.body().then((b) => gzipSync(b, { level: 9 }).length));
        };
        w.page.on("response", listener);
        await w.page.goto(site.origin + route, { waitUntil: "networkidle" });
        w.page.off("response", listener);
        const sizes = await Promise.all(scripts);
        expect(sizes, route).toHaveLength(1);
        expect(sizes[0], route).toBeLessThanOrEqual(1536);
      }
      await w.page.close();
    });

    it("keeps body text at 18 px or more on every page", async () => {
      const w = await watchedPage(contexts[size]!, site.origin);
      for (const route of [...ROUTES, "/missing"]) {
        await w.page.goto(site.origin + route);
        const sizes = await w.page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("p, li, dd, blockquote, label, summary, td, input, button, a")]
            .filter(
              (el) => el.offsetParent !== null && (el.innerText || (el as HTMLInputElement).placeholder || "").trim(),
            )
            .map((el) => ({
              text: (el.innerText || (el as HTMLInputElement).placeholder).trim().slice(0, 40),
              px: parseFloat(getComputedStyle(el).fontSize),
            })),
        );
        expect(sizes.length, route).toBeGreaterThan(10);
        expect(
          sizes.filter((e) => e.px < 18),
          route,
        ).toEqual([]);
      }
      await w.page.close();
    });
  });

  it("gives every link, button and field a tap target of at least 44x44 px on phones", async () => {
    const w = await watchedPage(contexts.phone!, site.origin);
    for (const route of [...ROUTES, "/missing"]) {
      await w.page.goto(site.origin + route);
      await w.page.locator("[data-menu-toggle]").click();
      const targets = await w.page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("a, button, input, summary")]
          .filter((el) => el.offsetParent !== null && !el.classList.contains("skip-link"))
          .map((el) => {
            const r = el.getBoundingClientRect();
            return {
              el: `${el.outerHTML.slice(0, 60)} ${Math.round(r.width)}x${Math.round(r.height)}`,
              small: r.width < 44 || r.height < 44,
            };
          }),
      );
      expect(targets.length, route).toBeGreaterThan(15);
      expect(
        targets.filter((t) => t.small).map((t) => t.el),
        route,
      ).toEqual([]);
    }
    await w.page.close();
  });

  it.each(ROUTES)(
    "lets keyboard users reach every link and button of %s with Tab, with a visible focus ring",
    async (route) => {
      const w = await watchedPage(contexts.desktop!, site.origin);
      const { page } = w;
      await page.goto(site.origin + route);
      const expected = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("a[href], button, input, summary")]
          .filter((el) => el.offsetParent !== null || el.classList.contains("skip-link"))
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      const reached: string[] = [];
      for (let i = 0; i < expected.length + 2; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return undefined;
          const style = getComputedStyle(el);
          const ring =
            (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
          return { html: el.outerHTML.slice(0, 80), ring };
        });
        if (!focused) continue;
        expect(focused.ring, `focus ring on ${focused.html}`).toBe(true);
        reached.push(focused.html);
      }
      for (const el of expected) expect(reached, el).toContain(el);
      await page.close();
    },
  );
});
