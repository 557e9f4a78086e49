// The mobile menu in Chromium: only on small screens; opens, closes on a chosen link and on Escape.
import { describe, expect, it } from "vitest";
import { chromePath, useSiteAndBrowser, VIEWPORTS, watchedPage } from "./helpers.ts";

describe.skipIf(!chromePath)("the mobile menu in Chromium", () => {
  const state = useSiteAndBrowser();

  async function open(size: keyof typeof VIEWPORTS, route = "/home") {
    const context = await state.browser.newContext({
      viewport: VIEWPORTS[size],
      isMobile: size === "phone",
      hasTouch: size === "phone",
    });
    const w = await watchedPage(context, state.site.origin);
    await w.page.goto(state.site.origin + route);
    await expect.poll(() => w.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
    const toggle = w.page.locator("[data-menu-toggle]");
    const pricing = w.page.locator("#site-menu").getByRole("link", { name: "Pricing" });
    return { ...w, context, toggle, pricing };
  }

  it("is not shown on desktops, where the navigation is always visible", async () => {
    const { context, toggle, pricing, page } = await open("desktop");
    expect(await toggle.isVisible()).toBe(false);
    expect(await pricing.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Begin Your Story" }).first().isVisible()).toBe(true);
    await context.close();
  });

  it("opens and closes with the toggle on phones, aria-expanded following", async () => {
    const { context, toggle, pricing, errors } = await open("phone");
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await pricing.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => pricing.isVisible()).toBe(true);
    for (const name of ["How It Works", "Testimonials", "Contact", "Log In", "Begin Your Story"]) {
      expect(await context.pages()[0].locator("#site-menu").getByRole("link", { name }).isVisible(), name).toBe(true);
    }
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => pricing.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("closes when a link is chosen, and that link takes the visitor there", async () => {
    const { context, toggle, pricing, page } = await open("phone");
    await toggle.click();
    await expect.poll(() => pricing.isVisible()).toBe(true);
    // Hold the navigation for a moment so the menu's own state can be read first.
    await page.evaluate(() => document.addEventListener("click", (e) => e.preventDefault(), { once: true }));
    await pricing.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => pricing.isVisible()).toBe(false);
    await toggle.click();
    await pricing.click();
    await page.waitForURL(`${state.site.origin}/pricing`);
    expect(await page.locator("h1").innerText()).toBe("Simple plans for every family");
    expect(await page.locator("[data-menu-toggle]").getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("closes on Escape and gives focus back to the toggle", async () => {
    const { context, toggle, pricing, page } = await open("phone");
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("#site-menu") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => pricing.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-menu-toggle"))).toBe(true);
    await context.close();
  });

  it("works on the 404 page at a deep path too", async () => {
    const { context, toggle, pricing } = await open("phone", "/a/b/c");
    await toggle.click();
    await expect.poll(() => pricing.isVisible()).toBe(true);
    expect(await pricing.getAttribute("href")).toBe("/pricing");
    await context.close();
  });
});
