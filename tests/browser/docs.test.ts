// The documentation site (docs/), built and served, in Chromium: a guide page, a page of each reference, the
// front page and the 404 page without an accessibility violation in either colour scheme, at both sizes, and
// without a script, a console error or a failed request.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site.ts";
import { VIEWPORTS, chromePath, expectAccessiblePages, useBuiltAndBrowser, watchedPage } from "./helpers.ts";

const PAGES = [
  "/",
  "/guide/getting-started/",
  "/guide/content/",
  "/reference/commands/build/",
  "/reference/configuration/site-options/",
  "/reference/errors/",
  "/reference/errors/broken-link/",
  "/de/",
  "/de/guide/getting-started/",
  "/de/guide/routes/",
  "/no/such/page",
];

describe.skipIf(!chromePath)("the documentation in Chromium", () => {
  const served = useBuiltAndBrowser(() => path.join(repoRoot, "docs"), {
    outDir: path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-docs-browser-")), "dist"),
    siteUrl: "https://heirloom.example",
  });

  it.each(["light", "dark"] as const)(
    "has no accessibility violation on its pages, %s, at both sizes",
    async (scheme) => {
      await expectAccessiblePages(served, PAGES, scheme, async (page, path) => {
        expect(await page.locator("script").count(), path).toBe(0);
      });
    },
  );

  it("switches to the same page in German, and back", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.phone });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/guide/getting-started/`);
    const switcher = (label: string) => w.page.getByRole("navigation", { name: label });
    await switcher("Language").getByRole("link", { name: "Deutsch" }).click();
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/de/guide/getting-started/`);
    expect(await w.page.locator("html").getAttribute("lang")).toBe("de");
    expect(await w.page.locator("h1").textContent()).toBe("Erste Schritte");
    expect(await switcher("Sprache").getByRole("link", { name: "Deutsch" }).getAttribute("aria-current")).toBe("page");
    await switcher("Sprache").getByRole("link", { name: "English" }).click();
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/guide/getting-started/`);
    expect(await w.page.locator("h1").textContent()).toBe("Getting started");
    expect(w.errors).toEqual([]);
    await context.close();
  });

  it("follows the sidebar, the table of contents and the next link by keyboard", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/guide/getting-started/`);
    await w.page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "Routes" }).click();
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/guide/routes/`);
    await w.page.getByRole("link", { name: /^Next/ }).focus();
    await w.page.keyboard.press("Enter");
    await expect.poll(() => w.page.url()).toBe(`${served.origin}/guide/templates/`);
    expect(await w.page.locator("h1").textContent()).toBe("Templates");
    expect(w.errors).toEqual([]);
    await context.close();
  });
});
