// A page with every GitHub alert, a container and formulas (markdown.containers and markdown.math on the blog
// starter), as .md and as .mdx, in Chromium: no accessibility violation at AAA contrast in either colour scheme,
// KaTeX's fonts loaded, each alert a note with its title for screen readers and its icon hidden from them; nothing
// refused by the site's Content-Security-Policy (KaTeX's style attributes are classes: render/math-styles.ts).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import {
  VIEWPORTS,
  WCAG_AAA_TAGS,
  accessiblePagesTime,
  axeViolations,
  chromePath,
  useBuiltAndBrowser,
  watchedPage,
} from "./helpers.ts";

const BODY = [
  ...["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"].map((kind) => `> [!${kind}]\n> The ${kind} alert's text.\n`),
  ":::danger[Mind the step]\nA container with a title.\n:::\n",
  "Euler's identity, $e^{i\\pi} + 1 = 0$, and an integral:\n",
  "$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n",
].join("\n");
const FRONT = (title: string) => `---\ntitle: ${title}\ndescription: Alerts and formulas.\ndate: 2026-04-01\n---\n`;
const PAGES = ["/blog/alerts/", "/blog/alerts-mdx/"];

describe.skipIf(!chromePath)("alerts and formulas in Chromium", () => {
  const served = useBuiltAndBrowser(() => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-alerts-")), "my-site");
    createSite(root, "blog", false);
    const config = path.join(root, "site.config.ts");
    const definition = readFileSync(config, "utf8");
    writeFileSync(config, definition.replace("markdown: {", "markdown: { containers: true, math: true,"));
    writeFileSync(path.join(root, "content/posts/alerts.md"), FRONT("Alerts") + BODY);
    writeFileSync(path.join(root, "content/posts/alerts-mdx.mdx"), FRONT("Alerts in MDX") + BODY);
    return root;
  });

  it.each(["light", "dark"] as const)(
    "has no violation at AAA contrast, %s, at both sizes, and no console error: the policy refuses nothing",
    async (scheme) => {
      for (const viewport of Object.values(VIEWPORTS)) {
        const context = await served.browser.newContext({ viewport, colorScheme: scheme });
        const w = await watchedPage(context, served.origin);
        for (const page of PAGES) {
          expect((await w.page.goto(served.origin + page))?.status()).toBe(200);
          expect(await axeViolations(w.page, WCAG_AAA_TAGS), `${page} ${scheme} ${viewport.width}px`).toEqual([]);
        }
        expect(w.errors).toEqual([]);
        expect(w.failures).toEqual([]);
        await context.close();
      }
    },
    accessiblePagesTime(PAGES),
  );

  it.each(PAGES)("shows %s's alerts as notes and typesets its formulas with KaTeX's fonts", async (page) => {
    const tab = await served.browser.newPage();
    await tab.goto(served.origin + page);
    const notes = tab.getByRole("note");
    await expect.poll(() => notes.count()).toBe(6);
    expect(await notes.first().locator("svg").getAttribute("aria-hidden")).toBe("true");
    expect(await notes.nth(5).locator(".markdown-alert-title").innerText()).toBe("Mind the step");
    expect(await tab.locator(".katex math").count()).toBe(2);
    await tab.evaluate(() => document.fonts.ready);
    expect(await tab.evaluate(() => document.fonts.check("1em KaTeX_Main"))).toBe(true);
    expect(await axeViolations(tab)).toEqual([]);
    await tab.close();
  });
});
