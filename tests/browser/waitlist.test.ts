// The waitlist form in Chromium: what is ignored, what is sent, the busy state, the toast and the reset,
// with and without JavaScript, and what the page does with the endpoint's answer. The capture server
// stands in for an endpoint whose answer cannot be read (another origin that tells nothing); the preview's
// local receiver and endpoint/Code.js, served as Apps Script serves it, tell theirs. The timings are
// checked on the browser's controllable clock (exact to the millisecond, whatever the machine's load);
// one test follows them in real time.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { acquireLock } from "../../packages/heirloom/src/output/write/file-lock.ts";
import { compile, threadWorld } from "../endpoint/harness.ts";
import {
  axeViolationsForTags,
  chromePath,
  type Site,
  useSiteAndBrowser,
  VIEWPORTS,
  WCAG_AAA_TAGS,
  watchedPage,
} from "./helpers.ts";
import type { Browser } from "playwright-core";

const TOAST = "Thanks! You're on the waitlist";
const FAILED = "Sorry, we could not add you to the waitlist just now. Please try again.";
const FORMULA = "Please check your email address: it cannot begin with =, +, - or @.";

const toastText = (page: Page) => page.locator("[data-toast-region]").innerText();
const button = (page: Page) => page.locator("form[data-waitlist] button[type=submit]");
const field = (page: Page) => page.locator("form[data-waitlist] input[type=email]");
const problemText = (page: Page) => page.locator("[data-waitlist-problem] p").innerText();
const tryAgain = (page: Page) => page.locator("[data-waitlist-problem] button");
/** The outcome the form last read from an answer (its data-answer marker); null before any. */
const answer = (page: Page) => page.locator("form[data-waitlist]").getAttribute("data-answer");

/** A page of the site at `size`; with `clock`, the page's timers run only when the test moves its clock. */
async function openPage(state: { site: Site; browser: Browser }, size: keyof typeof VIEWPORTS, clock = false) {
  const context = await state.browser.newContext({
    viewport: VIEWPORTS[size],
    isMobile: size === "phone",
    hasTouch: size === "phone",
  });
  const w = await watchedPage(context, state.site.origin);
  if (clock) await w.page.clock.install();
  await w.page.goto(`${state.site.origin}/`);
  await expect.poll(() => w.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
  if (clock) await w.page.clock.pauseAt((await w.page.evaluate(() => Date.now())) + 1000);
  return { ...w, context };
}

/** Counts the page's posts to `url`'s start. */
function countPosts(page: Page, url: string): () => number {
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().startsWith(url)) posts += 1;
  });
  return () => posts;
}

describe.skipIf(!chromePath)("the waitlist form in Chromium", () => {
  const state = useSiteAndBrowser();

  const postsSince = (n: number) => state.site.capture.posts.slice(n);
  const open = (size: keyof typeof VIEWPORTS, options: { clock?: boolean } = {}) =>
    openPage(state, size, options.clock);

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
    // The capture server's page tells nothing: no answer is taken as received.
    expect(await problemText(page)).toBe("");
    expect(await tryAgain(page).isVisible()).toBe(false);
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

describe.skipIf(!chromePath)("the waitlist form reading the local receiver's answer", () => {
  const state = useSiteAndBrowser({ endpoint: "receiver" });
  const receiver = () => `${state.site.origin}/__heirloom/waitlist`;
  const entries = () => path.join(state.site.root, ".heirloom", "waitlist.jsonl");
  const stored = (email: string) =>
    existsSync(entries())
      ? readFileSync(entries(), "utf8")
          .split("\n")
          .filter((line) => line && JSON.parse(line).email === email).length
      : 0;
  /** Holds the entries file's lock as another process would: the receiver answers busy after its 5 s wait. */
  const holdLock = () => acquireLock(`${entries()}.lock`, { timeoutMs: 1000 });
  const answered = { timeout: 15_000, interval: 100 };

  async function open() {
    const opened = await openPage(state, "desktop", true);
    return { ...opened, posts: countPosts(opened.page, receiver()) };
  }

  /** Submits `email`: at once the busy label, the disabled button and the toast, as with any endpoint. */
  async function submit(page: Page, email: string) {
    await field(page).fill(email);
    await button(page).click();
    expect(await button(page).innerText()).toBe("Joining...");
    expect(await button(page).isDisabled()).toBe(true);
    expect(await toastText(page)).toBe(TOAST);
  }

  /** Posts a message from the page itself, as a script of the page could, and waits until it is handled. */
  const spoof = (page: Page, outcome: string) =>
    page.evaluate(
      (outcome) =>
        new Promise<void>((resolve) => {
          addEventListener("message", () => queueMicrotask(resolve), { once: true });
          postMessage({ form: "waitlist", outcome, message: "spoofed" }, location.origin);
        }),
      outcome,
    );

  it("changes nothing when the answer is received: reset after exactly 1 s, the toast for exactly 5 s", async () => {
    const { page, context, errors, posts } = await open();
    await submit(page, "ann.local@example.com");
    await expect.poll(() => answer(page), answered).toBe("received");
    await page.clock.runFor(999);
    expect(await button(page).innerText()).toBe("Joining...");
    await page.clock.runFor(1);
    expect([await button(page).innerText(), await field(page).inputValue()]).toEqual(["Join waitlist", ""]);
    await page.clock.runFor(3999);
    expect(await toastText(page)).toBe(TOAST);
    await page.clock.runFor(1);
    expect(await toastText(page)).toBe("");
    expect([await problemText(page), await tryAgain(page).isVisible()]).toEqual(["", false]);
    expect([posts(), stored("ann.local@example.com")]).toEqual([1, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("posts once more after busy, keeps the toast, and stores the address once", { timeout: 60_000 }, async () => {
    const { page, context, posts } = await open();
    const release = await holdLock();
    await submit(page, "ben.busy@example.com");
    await expect.poll(() => answer(page), answered).toBe("busy");
    expect([await toastText(page), await problemText(page), posts()]).toEqual([TOAST, "", 1]);
    // A message from the page itself, not from the hidden frame, is not the endpoint's answer.
    await spoof(page, "failed");
    await spoof(page, "failed");
    expect([await toastText(page), await problemText(page)]).toEqual([TOAST, ""]);
    await release();
    await page.clock.runFor(999);
    expect(posts()).toBe(1); // the second post waits at least 1 s
    await page.clock.runFor(2001); // and at most 3 s
    await expect.poll(() => answer(page), answered).toBe("received");
    expect([await toastText(page), await problemText(page), posts()]).toEqual([TOAST, "", 2]);
    await page.clock.runFor(2000);
    expect(await toastText(page)).toBe("");
    expect(stored("ben.busy@example.com")).toBe(1);
    await context.close();
  });

  it("after busy twice shows the message in place of the toast, with a Try again button that sends the address again", {
    timeout: 60_000,
  }, async () => {
    const { page, context, posts } = await open();
    const release = await holdLock();
    await submit(page, "cleo.twice@example.com");
    await expect.poll(() => answer(page), answered).toBe("busy");
    await page.clock.runFor(3000);
    await expect.poll(() => problemText(page), answered).toBe(FAILED);
    expect([await toastText(page), posts(), stored("cleo.twice@example.com")]).toEqual(["", 2, 0]);
    expect(await page.locator("[data-waitlist-problem] p").getAttribute("role")).toBe("alert");
    expect(await tryAgain(page).innerText()).toBe("Try again");
    await page.clock.resume(); // axe waits on timers of its own
    for (const colorScheme of ["light", "dark"] as const) {
      // Reduced motion, so that colours are read at their end and not halfway through a transition.
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      expect(await axeViolationsForTags(page, WCAG_AAA_TAGS), colorScheme).toEqual([]);
    }
    await release();
    // From the form's button, the next Tab reaches Try again; Enter sends the same address.
    await button(page).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Try again");
    await page.keyboard.press("Enter");
    expect([await toastText(page), await button(page).innerText(), await problemText(page)]).toEqual([
      TOAST,
      "Joining...",
      "",
    ]);
    expect(await tryAgain(page).isVisible()).toBe(false);
    expect(await field(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(() => answer(page), answered).toBe("received");
    expect([posts(), stored("cleo.twice@example.com")]).toEqual([3, 1]);
    await context.close();
  });

  it("shows the receiver's words for an address beginning with =, gives it back, and posts it once", async () => {
    const { page, context, posts } = await open();
    // The receiver refuses it at once: the form may be idle again before the test looks.
    await field(page).fill("=1+1@example.com");
    await button(page).click();
    await expect.poll(() => problemText(page), answered).toBe(FORMULA);
    expect(await toastText(page)).toBe("");
    expect(await tryAgain(page).isVisible()).toBe(false);
    expect([await button(page).innerText(), await field(page).inputValue()]).toEqual([
      "Join waitlist",
      "=1+1@example.com",
    ]);
    await page.clock.runFor(5000);
    expect([await field(page).inputValue(), posts(), stored("=1+1@example.com")]).toEqual(["=1+1@example.com", 1, 0]);
    await context.close();
  });
});

describe.skipIf(!chromePath)(
  "the waitlist form reading endpoint/Code.js's answer, served as Apps Script serves it",
  () => {
    const endpoint = "https://script.google.com/macros/s/TEST/exec";
    /** Apps Script runs the script's page in a frame of its own, from a sandbox origin of googleusercontent.com. */
    const sandbox = "https://n-abc123def-0lu-script.googleusercontent.com";
    const state = useSiteAndBrowser({ endpoint });

    /** A page whose posts reach Code.js on the offline fakes, its answer served inside Google's frame. */
    async function open() {
      const opened = await openPage(state, "phone", true);
      const world = threadWorld({}, compile(), { SITE_ORIGIN: state.site.origin });
      const pages: string[] = [];
      await opened.context.route(`${endpoint}*`, (route) => {
        pages.push(world.post(route.request().postData() ?? "").page.getContent());
        const frame = `<iframe src="${sandbox}/userCodeAppPanel?page=${pages.length - 1}"></iframe>`;
        return route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Web app</title>${frame}` });
      });
      await opened.context.route(`${sandbox}/**`, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: pages[Number(new URL(route.request().url()).searchParams.get("page"))],
        }),
      );
      const listed = () =>
        world
          .cells()
          .map((row) => row[1]!.display)
          .slice(1);
      return { ...opened, world, listed, posts: () => pages.length };
    }

    it("keeps the toast when received, and after busy twice shows the message whose Try again stores it", async () => {
      const { page, context, world, listed, posts } = await open();
      await field(page).fill("dora@example.com");
      await button(page).click();
      await expect.poll(() => answer(page), { timeout: 10_000 }).toBe("received");
      expect([await toastText(page), listed()]).toEqual([TOAST, ["dora@example.com"]]);
      await page.clock.runFor(5000);

      world.locks.holder = 999; // another execution keeps the script lock past the wait
      await field(page).fill("ed@example.com");
      await button(page).click();
      await expect.poll(() => answer(page), { timeout: 10_000 }).toBe("busy");
      await page.clock.runFor(3000);
      await expect.poll(() => problemText(page), { timeout: 10_000 }).toBe(FAILED);
      expect([await toastText(page), posts(), listed()]).toEqual(["", 3, ["dora@example.com"]]);

      world.locks.holder = null;
      await tryAgain(page).click();
      expect(await toastText(page)).toBe(TOAST);
      await expect.poll(() => answer(page), { timeout: 10_000 }).toBe("received");
      expect([await problemText(page), posts(), listed()]).toEqual(["", 4, ["dora@example.com", "ed@example.com"]]);
      await context.close();
    });

    it("shows Code.js's words for an address beginning with +", async () => {
      const { page, context, listed } = await open();
      await field(page).fill("+tag@example.com");
      await button(page).click();
      await expect.poll(() => problemText(page), { timeout: 10_000 }).toBe(FORMULA);
      expect([await toastText(page), await field(page).inputValue(), listed()]).toEqual(["", "+tag@example.com", []]);
      await context.close();
    });
  },
);
