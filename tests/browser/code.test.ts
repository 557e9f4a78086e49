// Highlighted code and heading anchors in Chromium, on the blog starter served with the headers the build writes
// (its Content-Security-Policy allows no inline style): token colours come from the code stylesheet's classes in
// the light and the dark scheme and follow the starter's theme switch; nothing is refused by the policy; a
// heading's link shows when it has the keyboard's focus; no accessibility violation.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import { VIEWPORTS, axeViolations, chromePath, useBuiltAndBrowser, watchedPage } from "./helpers.ts";

const POST = `---
title: Some code
description: A post with a highlighted code block.
date: 2026-03-01
---
## The example

\`\`\`ts
const answer = 42; // the answer
\`\`\`
`;

describe.skipIf(!chromePath)("highlighted code in Chromium, under the site's Content-Security-Policy", () => {
  const served = useBuiltAndBrowser(
    () => {
      const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-code-")), "my-site");
      createSite(root, "blog", false);
      writeFileSync(path.join(root, "content", "posts", "some-code.md"), POST);
      return root;
    },
    { siteUrl: "https://example.com" },
  );

  /** The colours of the keyword `const`, the comment and the block, as computed in the page. */
  const colours = (page: import("playwright-core").Page) =>
    page.evaluate(() => {
      const spans = [...document.querySelectorAll("pre.shiki span span")];
      const of = (text: string) => getComputedStyle(spans.find((s) => s.textContent === text)!).color;
      const pre = getComputedStyle(document.querySelector("pre.shiki")!);
      return { keyword: of("const"), comment: of("// the answer"), block: pre.backgroundColor };
    });

  it.each([
    // Every colour is shown at 7:1 on a marked line's tint too: the light theme's comments, #66707b (5:1 on white),
    // as #434950, its keywords, #a0111f, as #92101c.
    ["light", { keyword: "rgb(146, 16, 28)", comment: "rgb(67, 73, 80)", block: "rgb(255, 255, 255)" }],
    ["dark", { keyword: "rgb(255, 149, 147)", comment: "rgb(189, 196, 204)", block: "rgb(10, 12, 16)" }],
  ] as const)("colours the tokens in the %s scheme from classes, with nothing refused", async (scheme, expected) => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: scheme });
    const w = await watchedPage(context, served.origin);
    const response = await w.page.goto(`${served.origin}/blog/some-code/`);
    expect(response?.headers()["content-security-policy"]).toContain("style-src 'self';");
    expect(await colours(w.page)).toEqual(expected);
    expect(await w.page.locator("[style]").count()).toBe(0);
    expect(await axeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  });

  it("is checked under a policy that does refuse inline styles (a style attribute is not applied)", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/blog/some-code/`);
    const colour = await w.page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", '<span id="probe" style="color: rgb(1, 2, 3)">x</span>');
      return getComputedStyle(document.getElementById("probe")!).color;
    });
    expect(colour).not.toBe("rgb(1, 2, 3)");
    await expect.poll(() => w.errors.join("\n")).toMatch(/inline style violates .*style-src/);
    await context.close();
  });

  it("follows the starter's theme switch over the system's scheme", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: "light" });
    const w = await watchedPage(context, served.origin);
    await w.page.goto(`${served.origin}/blog/some-code/`);
    await w.page.getByRole("button", { name: "Dark theme" }).click();
    expect((await colours(w.page)).keyword).toBe("rgb(255, 149, 147)");
    await context.close();
  });

  it("shows a heading's link while it has the keyboard's focus, named for screen readers", async () => {
    const context = await served.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${served.origin}/blog/some-code/`);
    const anchor = page.getByRole("link", { name: "Link to this section: The example" });
    const opacity = () => anchor.evaluate((a) => getComputedStyle(a).opacity);
    expect(await opacity()).toBe("0");
    while (!(await anchor.evaluate((a) => a === document.activeElement))) await page.keyboard.press("Tab");
    expect(await opacity()).toBe("1");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.url()).toBe(`${served.origin}/blog/some-code/#the-example`);
    await context.close();
  });
});
