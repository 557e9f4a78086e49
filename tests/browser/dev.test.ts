// `heirloom dev` in Chromium: a saved edit reloads the open page; an error shows as an overlay over the
// last good page; the fix reloads the page without it.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDev } from "../../packages/heirloom/src/serve/dev/dev.ts";
import { makeProject, templatesDir } from "../helpers/site.ts";
import { chromePath, launchBrowser } from "./helpers.ts";

describe.skipIf(!chromePath)("heirloom dev in Chromium", () => {
  let root: string;
  let dev: DevServer;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    root = makeProject();
    cpSync(templatesDir, path.join(root, "templates"), { recursive: true });
    dev = await startDev({ root, templatesDir: path.join(root, "templates"), env: {}, port: 0, typeCheck: true });
    ({ browser, close: closeBrowser } = await launchBrowser(chromePath!));
  });

  afterAll(async () => {
    await closeBrowser?.();
    await dev?.close();
  });

  it("reloads on save, shows a content error as an overlay, and recovers when the file is fixed", async () => {
    const page = await browser.newPage();
    // The dev server sends the production Content-Security-Policy: its own script and overlay must live with it.
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => errors.push(e.message));
    const response = await page.goto(dev.url);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    const file = path.join(root, "content/pages/waitlist.md");
    const original = readFileSync(file, "utf8");
    const overlay = page.locator("#heirloom-dev-overlay");

    writeFileSync(file, original.replace("badge: Coming soon", "badge: Opening this spring"));
    await expect.poll(() => page.locator(".badge").innerText(), { timeout: 10_000 }).toBe("Opening this spring");

    writeFileSync(file, original.replace("badge: Coming soon", "badge:"));
    await expect.poll(() => overlay.isVisible(), { timeout: 10_000 }).toBe(true);
    const text = await overlay.innerText();
    expect(text).toContain("The build failed; the page shows the last good version underneath.");
    expect(text).toContain("content/pages/waitlist.md");
    // The error's page in the documentation, named in the text and a link to it.
    const docs = overlay.locator('a[href^="https://heirloom.github.io/heirloom/docs/reference/errors/"]');
    expect(await docs.count()).toBe(1);
    const address = await docs.getAttribute("href");
    expect(address).toMatch(/\/reference\/errors\/[a-z-]+\/$/);
    expect(await docs.innerText()).toBe(address);
    expect(text).toMatch(new RegExp(`  see [A-Z][A-Za-z]+: ${address}`));
    expect(await overlay.getAttribute("role")).toBe("alert");
    expect(await page.locator(".badge").innerText()).toBe("Opening this spring");

    writeFileSync(file, original);
    await expect.poll(() => page.locator(".badge").innerText(), { timeout: 10_000 }).toBe("Coming soon");
    expect(await overlay.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the background type check's errors over the page, and takes them away when they are fixed", async () => {
    const page = await browser.newPage();
    await page.goto(`${dev.url}pricing`);
    const overlay = page.locator("#heirloom-dev-overlay");
    const pricing = path.join(root, "templates", "pages", "PricingPage.tsx");
    const original = readFileSync(pricing, "utf8");
    writeFileSync(pricing, original.replace("{plan.name}</h3>", "{plan.title}</h3>"));
    await expect.poll(() => overlay.isVisible(), { timeout: 60_000, interval: 100 }).toBe(true);
    const text = await overlay.innerText();
    expect(text).toContain("TypeScript found problems in site.config.ts or templates/; the page shows what was built.");
    expect(text).toMatch(
      /TypeCheckError: Property 'title' does not exist on type [\s\S]*at templates\/pages\/PricingPage\.tsx:\d+:\d+/,
    );
    writeFileSync(pricing, original);
    await expect.poll(() => overlay.count(), { timeout: 60_000, interval: 100 }).toBe(0);
    await page.close();
  }, 150_000);
});
