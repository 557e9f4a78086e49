// A build for sub-path hosting (/heirloom/) in Chromium, served under that prefix with serve.json's headers:
// it must behave exactly as at the root, including the 404 page at any depth.
import { describe, expect, it } from "vitest";
import { chromePath, useSiteAndBrowser, VIEWPORTS, watchedPage } from "./helpers.ts";

describe.skipIf(!chromePath)("a /heirloom/ build in Chromium", () => {
  const state = useSiteAndBrowser({ base: "/heirloom/" });

  it("serves every page with its stylesheet, script and images, and no console error", async () => {
    const context = await state.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const w = await watchedPage(context, state.site.origin);
    for (const route of ["", "home", "how-it-works", "pricing"]) {
      const response = await w.page.goto(`${state.site.origin}/heirloom/${route}`);
      expect(response?.status(), route).toBe(200);
      await expect.poll(() => w.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
      expect(await w.page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe("18px");
      for (const img of await w.page.locator("img").all()) {
        await img.scrollIntoViewIfNeeded(); // lazy images load when near the viewport
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 5000 })
          .toBe(true);
      }
    }
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("shows a styled 404 page with working links and menu at a deep path", async () => {
    const context = await state.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const w = await watchedPage(context, state.site.origin);
    const response = await w.page.goto(`${state.site.origin}/heirloom/a/b/c`);
    expect(response?.status()).toBe(404);
    expect(await w.page.locator("h1").innerText()).toBe("Page Not Found");
    expect(await w.page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe("18px");
    await expect.poll(() => w.messages.some((m) => m.includes("/heirloom/a/b/c"))).toBe(true);
    await w.page.locator("[data-menu-toggle]").click();
    await w.page.locator("#site-menu").getByRole("link", { name: "Pricing" }).click();
    await w.page.waitForURL(`${state.site.origin}/heirloom/pricing`);
    expect(await w.page.locator("[data-plan]").count()).toBe(3);
    await w.page.goto(`${state.site.origin}/heirloom/a/b/c`);
    await w.page.getByRole("link", { name: "Return to Home" }).click();
    await w.page.waitForURL(`${state.site.origin}/heirloom/`);
    expect(await w.page.locator("h1").innerText()).toBe("Your life stories, preserved forever");
    expect(w.errors).toEqual([]);
    await context.close();
  });

  it("posts the waitlist form to the endpoint from a sub-path page", async () => {
    const context = await state.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${state.site.origin}/heirloom/`);
    const before = state.site.capture.posts.length;
    await page.locator("form[data-waitlist] input").fill("sub.path@example.com");
    await page.locator("form[data-waitlist] button").click();
    await expect.poll(() => state.site.capture.posts.length, { timeout: 5000 }).toBe(before + 1);
    expect(state.site.capture.posts.at(-1)?.body).toBe("email=sub.path%40example.com");
    await context.close();
  });
});
