// The waitlist form in Chromium: what is ignored, what is sent, the busy state, the toast and the reset,
// with and without JavaScript. The capture server stands in for the production endpoint.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromePath, useSiteAndBrowser, VIEWPORTS, watchedPage } from "./helpers.ts";

const TOAST = "Thanks! You're on the waitlist";

describe.skipIf(!chromePath)("the waitlist form in Chromium", () => {
  const state = useSiteAndBrowser();

  const postsSince = (n: number) => state.site.capture.posts.slice(n);
  const settle = (page: Page) => page.waitForTimeout(700);
  const toastText = (page: Page) => page.locator("[data-toast-region]").innerText();
  const button = (page: Page) => page.locator("form[data-waitlist] button[type=submit]");
  const field = (page: Page) => page.locator("form[data-waitlist] input[type=email]");

  async function open(size: keyof typeof VIEWPORTS) {
    const context = await state.browser.newContext({ viewport: VIEWPORTS[size], isMobile: size === "phone", hasTouch: size === "phone" });
    const w = await watchedPage(context, state.site.origin);
    await w.page.goto(`${state.site.origin}/`);
    await expect.poll(() => w.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
    return { ...w, context };
  }

  /** Submits `email` and checks every state the spec names, with real time. */
  async function submitAndFollow(page: Page, email: string) {
    const before = state.site.capture.posts.length;
    await field(page).fill(email);
    const submitted = Date.now();
    await button(page).click();
    // At once: busy label, disabled button, the toast in the live region.
    expect(await button(page).innerText()).toBe("Joining...");
    expect(await button(page).isDisabled()).toBe(true);
    expect(await toastText(page)).toBe(TOAST);
    expect(await page.locator("[data-toast-region]").isVisible()).toBe(true);
    // After about 1 s: idle again, field cleared.
    await expect.poll(() => button(page).innerText(), { timeout: 2500, interval: 50 }).toBe("Join waitlist");
    const resetAfter = Date.now() - submitted;
    expect(resetAfter).toBeGreaterThanOrEqual(900);
    expect(resetAfter).toBeLessThan(2000);
    expect(await button(page).isDisabled()).toBe(false);
    expect(await field(page).inputValue()).toBe("");
    // Exactly one POST whose only field is email.
    await expect.poll(() => postsSince(before).length, { timeout: 3000 }).toBe(1);
    const [post] = postsSince(before);
    expect(post.contentType).toBe("application/x-www-form-urlencoded");
    expect([...new URLSearchParams(post.body)]).toEqual([["email", email]]);
    return submitted;
  }

  describe.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)("at %s size", (size) => {
    it("ignores an empty value, a value of only spaces and an invalid address: nothing is sent", async () => {
      const { page, context, errors } = await open(size);
      const before = state.site.capture.posts.length;
      for (const value of ["", "    ", "not-an-email", "ann@"]) {
        await field(page).fill(value);
        await button(page).click();
        await settle(page);
        expect(await button(page).innerText(), value).toBe("Join waitlist");
        expect(await button(page).isDisabled()).toBe(false);
        expect(await toastText(page)).toBe("");
      }
      expect(await field(page).evaluate((i: HTMLInputElement) => i.validity.typeMismatch)).toBe(true);
      expect(postsSince(before)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("sends a valid address once: Joining..., the toast for 5 s, reset after 1 s; a second submission works the same", async () => {
      const { page, context, errors } = await open(size);
      const email = `ann.${size}@example.com`;
      const first = await submitAndFollow(page, email);
      // The toast stays about 5 s: present at 4 s, gone by 6.5 s.
      await page.waitForTimeout(Math.max(0, first + 4000 - Date.now()));
      expect(await toastText(page)).toBe(TOAST);
      await expect.poll(() => toastText(page), { timeout: Math.max(100, first + 6500 - Date.now()), interval: 100 }).toBe("");
      expect(Date.now() - first).toBeGreaterThanOrEqual(4900);

      const second = `ben.${size}@example.com`;
      await submitAndFollow(page, second);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it("still delivers the POST without JavaScript, through the hidden frame", async () => {
    const context = await state.browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${state.site.origin}/`);
    const before = state.site.capture.posts.length;
    await field(page).fill("no.script@example.com");
    await button(page).click();
    await expect.poll(() => postsSince(before).length, { timeout: 5000 }).toBe(1);
    expect([...new URLSearchParams(postsSince(before)[0].body)]).toEqual([["email", "no.script@example.com"]]);
    // The page itself stays: the response went into the hidden frame.
    expect(page.url()).toBe(`${state.site.origin}/`);
    expect(await page.locator("h1").innerText()).toBe("Your life stories, preserved forever");
    await context.close();
  });
});
