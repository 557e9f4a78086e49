// KaTeX under the site's Content-Security-Policy (render/math-styles.ts): a fraction, a root, a sum with limits, a
// matrix and \color, built on the blog starter and served by preview (style-src 'self'), laid out within a pixel of
// KaTeX's own output with its style attributes (a page with no policy), with no violation told in the console.
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import { KATEX_OPTIONS, katexStylesheetPath, loadKatex } from "../../packages/heirloom/src/content/markdown/math.ts";
import { chromePath, useServedAndBrowser, watchedPage } from "./helpers.ts";
import { buildProject } from "../helpers/site.ts";

const FORMULAS = [
  "\\frac{a+b}{2c}",
  "\\sqrt[3]{x^2+1}",
  "\\sum_{i=0}^{n} i^2 = \\frac{n(n+1)(2n+1)}{6}",
  "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}",
  "\\color{red}{E = mc^2}",
];
const BODY = FORMULAS.map((tex) => `$$\n${tex}\n$$\n`).join("\n");
const FRONT = "---\ntitle: Formulas\ndescription: Five formulas.\ndate: 2026-04-01\n---\n";

/**
 * Each formula's boxes: every element of its HTML, from the formula's top and its leftmost element (a display
 * formula is centred in its column, which is not as wide on the two pages), in the order of the document.
 */
async function boxes(page: Page): Promise<number[][][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".katex-display .katex-html")].map((root) => {
      const all = [...root.querySelectorAll("*")].map((element) => element.getBoundingClientRect());
      const left = Math.min(...all.map((box) => box.left));
      const top = root.getBoundingClientRect().top;
      return all.map((box) => [box.left - left, box.top - top, box.width, box.height]);
    }),
  );
}

describe.skipIf(!chromePath)("math under the site's policy in Chromium", () => {
  let outDir = "";
  const served = useServedAndBrowser(async () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-math-")), "my-site");
    createSite(root, "blog", false);
    const config = path.join(root, "site.config.ts");
    writeFileSync(config, readFileSync(config, "utf8").replace("markdown: {", "markdown: { math: true,"));
    writeFileSync(path.join(root, "content/posts/formulas.md"), FRONT + BODY);
    outDir = (await buildProject(root, {})).outDir;
    return { root, outDir };
  });

  it("lays out a fraction, a root, a sum, a matrix and \\color within a pixel of KaTeX's inline styles", async () => {
    const context = await served.browser.newContext({ viewport: { width: 1000, height: 900 } });
    const w = await watchedPage(context, served.origin);
    const response = await w.page.goto(`${served.origin}/blog/formulas/`);
    expect(response?.headers()["content-security-policy"]).toMatch(/style-src 'self'/);
    await w.page.evaluate(() => document.fonts.ready);
    const classed = await boxes(w.page);
    const size = await w.page.evaluate(
      () => getComputedStyle(document.querySelector(".katex-display")!.parentElement!).fontSize,
    );
    const red = await w.page.evaluate(() => getComputedStyle(document.querySelector("[class*=hk-color]")!).color);
    expect(red).toBe("rgb(255, 0, 0)");
    expect(await w.page.locator("style, [style]").count()).toBe(0);
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);

    // KaTeX's own output, its style attributes as it writes them, on a page served with no policy.
    const katex = loadKatex();
    const raw = FORMULAS.map((tex) => katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: true }));
    expect(raw.join("")).toContain(' style="');
    const laidOut = async (html: string[], name: string) => {
      const reference = `${served.origin}/${name}/`;
      await context.route(reference, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><html lang="en"><meta charset="utf-8"><title>KaTeX</title><link rel="stylesheet"
            href="/${katexStylesheetPath()}"><div style="font-size:${size}">${html.join("")}</div>`,
        }),
      );
      const plain = await context.newPage();
      await plain.goto(reference);
      await plain.evaluate(() => document.fonts.ready);
      return boxes(plain);
    };
    const inline = await laidOut(raw, "inline");
    // Without its styles (what the policy left of it) KaTeX's layout is off by far more than a pixel.
    const bare = await laidOut(
      raw.map((html) => html.replace(/ style="[^"]*"/g, "")),
      "bare",
    );
    const off = bare.flat(2).reduce((most, value, i) => Math.max(most, Math.abs(value - inline.flat(2)[i])), 0);
    expect(off).toBeGreaterThan(5);
    expect(inline.map((formula) => formula.length)).toEqual(classed.map((formula) => formula.length));
    expect(classed).toHaveLength(FORMULAS.length);
    classed.forEach((formula, f) =>
      formula.forEach((box, e) =>
        box.forEach((value, i) =>
          expect(Math.abs(value - inline[f][e][i]), `formula ${f}, element ${e}`).toBeLessThanOrEqual(1),
        ),
      ),
    );
    await context.close();
  }, 120_000);

  it("publishes the page's math classes in a stylesheet of their own", () => {
    const assets = path.join(outDir, "assets");
    const sheets = readdirSync(assets).filter((name) => /^math-[0-9A-F]{8}\.css$/.test(name));
    expect(sheets).toHaveLength(1);
    const page = readFileSync(path.join(outDir, "blog/formulas/index.html"), "utf8");
    expect(page).toContain(`<link rel="stylesheet" href="/assets/${sheets[0]}">`);
    const css = readFileSync(path.join(assets, sheets[0]), "utf8");
    expect(css).toContain(".hk-color_red{color:red!important}");
    const bytes = statSync(path.join(assets, sheets[0])).size;
    const gzipped = gzipSync(readFileSync(path.join(assets, sheets[0]))).length;
    console.log(`math classes' stylesheet of the test page: ${bytes} B, ${gzipped} B gzipped`);
  });
});
