// The blog starter that `heirloom init` makes, built and served, in Chromium: every page and the 404 page
// without an accessibility violation in either colour scheme, at both sizes, and its island (the theme switch)
// shown only with JavaScript, working, and remembered.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import { VIEWPORTS, axeViolations, chromePath, useBuiltAndBrowser, watchedPage } from "./helpers.ts";

const PAGES = ["/", "/blog/", "/blog/hello-world/", "/blog/second-post/", "/no/such/page"];

describe.skipIf(!chromePath)("the blog starter in Chromium", () => {
  const served = useBuiltAndBrowser(
    () => {
      const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-starter-")), "my-site");
      createSite(root, "blog", false);
      return root;
    },
    { siteUrl: "https://example.com" },
  );

  it.each(["light", "dark"] as const)(
    "has no accessibility violation on any page, %s, at both sizes",
    async (scheme) => {
      for (const viewport of Object.values(VIEWPORTS)) {
        const context = await served.browser.newContext({ viewport, colorScheme: scheme });
        const w = await watchedPage(context, served.origin);
        for (const page of PAGES) {
          const response = await w.page.goto(served.origin + page);
          expect(response?.status(), page).toBe(page.startsWith("/no/") ? 404 : 200);
          await expect.poll(() => w.page.locator("[data-theme-switch]").isVisible()).toBe(true);
          expect(await axeViolations(w.page), `${page} ${scheme} ${viewport.width}px`).toEqual([]);
        }
        expect(w.errors).toEqual([]);
        expect(w.failures).toEqual([]);
        await context.close();
      }
    },
  );

  it("switches to the dark theme and back, and remembers the choice on the next page", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: "light" });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/`);
    const toggle = w.page.getByRole("button", { name: "Dark theme" });
    const background = () => w.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await w.page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await background()).not.toBe(light);
    await w.page.goto(`${served.origin}/blog/`);
    await expect.poll(() => w.page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await w.page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
    await w.page.getByRole("button", { name: "Dark theme" }).click();
    expect(await background()).toBe(light);
    await context.close();
  });

  it("keeps the switch hidden without JavaScript, where it could do nothing", async () => {
    const context = await served.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${served.origin}/`);
    expect(await page.locator("[data-theme-switch]").isVisible()).toBe(false);
    expect(await page.locator("h1").innerText()).toBe("Welcome");
    await context.close();
  });
});
