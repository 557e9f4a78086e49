// The waitlist form in Chromium: what is ignored, what is sent, the busy state, the toast and the reset,
// with and without JavaScript. The capture server stands in for the production endpoint. The timings are
// checked on the browser's controllable clock (exact to the millisecond, whatever the machine's load);
// one test follows them in real time.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromePath, useSiteAndBrowser, VIEWPORTS, watchedPage } from "./helpers.ts";

const TOAST = "Thanks! You're on the waitlist";

describe.skipIf(!chromePath)("the waitlist form in Chromium", () => {
  const state = useSiteAndBrowser();

  const postsSince = (n: number) => state.site.capture.posts.slice(n);
  const toastText = (page: Page) => page.locator("[data-toast-region]").innerText();
  const button = (page: Page) => page.locator("form[data-waitlist] button[type=submit]");
  const field = (page: Page) => page.locator("form[data-waitlist] input[type=email]");

  /** A page at `size`; with `clock`, the page's timers run only when the test moves its clock. */
  async function open(size: keyof typeof VIEWPORTS, options: { clock?: boolean } = {}) {
    const context = await state.browser.newContext({
      viewport: VIEWPORTS[size],
      isMobile: size === "phone",
      hasTouch: size === "phone",
    });
    const w = await watchedPage(context, state.site.origin);
    if (options.clock) await w.page.clock.install();
    await w.page.goto(`${state.site.origin}/`);
    await expect.poll(() => w.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
    if (options.clock) await w.page.clock.pauseAt((await w.page.evaluate(() => Date.now())) + 1000);
    return { ...w, context };
  }

  /** Submits `email`: at once the busy label, the disabled button and the toast; exactly one POST of the field. */
  async function submit(page: Page, email: string) {
    const before = state.site.capture.posts.length;
    await field(page).fill(email);
    await button(page).click();
    expect(await button(page).innerText()).toBe("Joining...");
    expect(await button(page).isDisabled()).toBe(true);
    expect(await toastText(page)).toBe(TOAST);
    expect(await page.locator("[data-toast-region]").isVisible()).toBe(true);
    await expect.poll(() => postsSince(before).length, { timeout: 3000 }).toBe(1);
    const [post] = postsSince(before);
    expect(post.contentType).toBe("application/x-www-form-urlencoded");
    expect([...new URLSearchParams(post.body)]).toEqual([["email", email]]);
  }

  const idle = async (page: Page) => ({
    label: await button(page).innerText(),
    disabled: await button(page).isDisabled(),
    value: await field(page).inputValue(),
  });

  /** On the paused clock: busy until 1000 ms, idle and cleared from then; the toast until 5000 ms. */
  async function followOnClock(page: Page, email: string) {
    await submit(page, email);
    await page.clock.runFor(999);
    expect(await idle(page)).toEqual({ label: "Joining...", disabled: true, value: email });
    await page.clock.runFor(1);
    expect(await idle(page)).toEqual({ label: "Join waitlist", disabled: false, value: "" });
    expect(await toastText(page)).toBe(TOAST);
    await page.clock.runFor(3999);
    expect(await toastText(page)).toBe(TOAST);
    await page.clock.runFor(1);
    expect(await toastText(page)).toBe("");
  }

  describe.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)("at %s size", (size) => {
    it("ignores an empty value, a value of only spaces and an invalid address: nothing is sent", async () => {
      const { page, context, errors } = await open(size, { clock: true });
      const before = state.site.capture.posts.length;
      for (const value of ["", "    ", "not-an-email", "ann@"]) {
        await field(page).fill(value);
        await button(page).click();
        await page.clock.runFor(1500);
        expect(await button(page).innerText(), value).toBe("Join waitlist");
        expect(await button(page).isDisabled()).toBe(false);
        expect(await toastText(page)).toBe("");
      }
      expect(await field(page).evaluate((i: HTMLInputElement) => i.validity.typeMismatch)).toBe(true);
      expect(postsSince(before)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(
      "sends a valid address once: Joining..., reset after exactly 1 s, the toast for exactly 5 s; " +
        "a second submission works the same",
      async () => {
        const { page, context, errors } = await open(size, { clock: true });
        await followOnClock(page, `ann.${size}@example.com`);
        await followOnClock(page, `ben.${size}@example.com`);
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  });

  it("follows the same states in real time: reset after about 1 s, the toast gone after about 5 s", async () => {
    const { page, context, errors } = await open("desktop");
    const submitted = Date.now();
    await submit(page, "real.time@example.com");
    await expect.poll(() => button(page).innerText(), { timeout: 3000, interval: 50 }).toBe("Join waitlist");
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(900);
    expect(await idle(page)).toEqual({ label: "Join waitlist", disabled: false, value: "" });
    await expect.poll(() => toastText(page), { timeout: 8000, interval: 100 }).toBe("");
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(4900);
    expect(errors).toEqual([]);
    await context.close();
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
