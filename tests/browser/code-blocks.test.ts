// Every kind of code block (tests/fixtures/code-meta/blocks.md: titles, marked, added, removed and focused lines,
// line numbers, a diff) on a post of the blog starter, in Chromium under the headers the build writes: axe-clean at
// AAA in the light and the dark scheme, nothing refused by the policy, no style attribute; the text a reader copies
// holds neither the line numbers nor the signs and [!code …] notes.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import { repoRoot } from "../helpers/site.ts";
import { VIEWPORTS, WCAG_AAA_TAGS, axeViolations, chromePath, useBuiltAndBrowser, watchedPage } from "./helpers.ts";

const POST = `---
title: Every kind of code block
description: Titles, marked lines, diffs and line numbers.
date: 2026-03-01
---
${readFileSync(path.join(repoRoot, "tests/fixtures/code-meta/blocks.md"), "utf8")}`;

describe.skipIf(!chromePath)("every kind of code block in Chromium, under the site's Content-Security-Policy", () => {
  const served = useBuiltAndBrowser(
    () => {
      const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-code-blocks-")), "my-site");
      createSite(root, "blog", false);
      writeFileSync(path.join(root, "content", "posts", "code-blocks.md"), POST);
      return root;
    },
    { siteUrl: "https://example.com" },
  );
  const url = () => `${served.origin}/blog/code-blocks/`;

  it.each(["light", "dark"] as const)("is axe-clean at AAA in the %s scheme, nothing refused", async (scheme) => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: scheme });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(url());
    expect(await w.page.locator("figure.code-figure figcaption").allTextContents()).toEqual([
      "src/app.ts",
      "app/page.js",
    ]);
    // A marked line's background is its theme's tinted, not its theme's own.
    const backgrounds = await w.page.evaluate(() => {
      const of = (selector: string) => getComputedStyle(document.querySelector(selector)!).backgroundColor;
      return { block: of("pre.shiki"), marked: of(".line.highlighted"), added: of(".line.diff.add") };
    });
    expect(backgrounds.marked).not.toBe(backgrounds.block);
    expect(backgrounds.marked).not.toBe("rgba(0, 0, 0, 0)");
    expect(backgrounds.added).toBe(backgrounds.marked);
    expect(await w.page.locator("[style]").count()).toBe(0);
    expect(await axeViolations(w.page, WCAG_AAA_TAGS)).toEqual([]);
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("copies a block's code without its line numbers, signs or notes", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: served.origin });
    const page = await context.newPage();
    await page.goto(url());
    // The numbers and signs are there to see: CSS counters and generated content.
    const before = await page.evaluate(() => {
      const line = document.querySelector("pre.line-numbers.has-diff .line.diff.add")!;
      return getComputedStyle(line, "::before").content;
    });
    expect(before).toBe('counter(line) " +" / "+"');
    const copied = async (index: number) => {
      await page.evaluate((i) => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelectorAll("pre.shiki code")[i]);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      }, index);
      await page.keyboard.press("Control+C");
      return page.evaluate(() => navigator.clipboard.readText());
    };
    const blocks = await page.locator("pre.shiki").evaluateAll((pres) => pres.map((p) => p.className));
    const notes = blocks.indexOf("shiki has-highlighted has-diff has-focused line-numbers");
    const trimmed = (text: string) => text.split("\n").map((line) => line.trimEnd());
    expect(trimmed(await copied(notes))).toEqual(["let x = 1;", "let y = 2;", "let z = 3;", "let w = 4;"]);
    const go = blocks.findIndex((name, i) => name === "shiki line-numbers" && i < notes);
    expect(trimmed(await copied(go))).toEqual(["package main", "func main() {", "}"]);
    await context.close();
  });
});
