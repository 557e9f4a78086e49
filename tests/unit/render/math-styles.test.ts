// A page's math stylesheet (render/math-styles.ts): linked right after KaTeX's (as markdown and as React write that
// link), under the base path, named by its rules; a page without KaTeX's link left as it was.
import { describe, expect, it } from "vitest";
import { katexStylesheetPath } from "../../../packages/heirloom/src/content/markdown/math.ts";
import { withMathStyles } from "../../../packages/heirloom/src/render/math-styles.ts";

const BODY = '<span class="strut hk-height_1em hk-vertical-align_-0_25em"></span><span class="hk-color_red">x</span>';
const RULES = [
  ".hk-color_red{color:red!important}",
  ".hk-height_1em{height:1em!important}",
  ".hk-vertical-align_-0_25em{vertical-align:-0.25em!important}",
].join("\n");

describe("a page's math stylesheet", () => {
  it.each([
    ["markdown", ">"],
    ["MDX", "/>"],
  ])("is linked after KaTeX's link as %s writes it, under the base path", (_syntax, end) => {
    const katex = `<link rel="stylesheet" href="/docs/${katexStylesheetPath()}"${end}`;
    const { html, styles } = withMathStyles(`<p>${katex}${BODY}</p>`, "/docs/");
    expect(styles).toEqual([expect.stringMatching(/^assets\/math-[0-9A-F]{8}\.css$/), `${RULES}\n`]);
    expect(html).toBe(`<p>${katex}<link rel="stylesheet" href="/docs/${styles![0]}">${BODY}</p>`);
  });

  it("is named by its rules: the same classes, the same name; others, another", () => {
    const katex = `<link rel="stylesheet" href="/${katexStylesheetPath()}">`;
    const one = withMathStyles(katex + BODY, "/").styles!;
    expect(withMathStyles(`<main>${BODY}${katex}${BODY}</main>`, "/").styles).toEqual(one);
    expect(withMathStyles(katex + BODY.replace("red", "blue"), "/").styles![0]).not.toBe(one[0]);
  });

  it("is none for a page that links no KaTeX stylesheet or uses no class", () => {
    expect(withMathStyles(`<p>${BODY}</p>`, "/")).toEqual({ html: `<p>${BODY}</p>` });
    const bare = `<link rel="stylesheet" href="/${katexStylesheetPath()}"><span class="katex">x</span>`;
    expect(withMathStyles(bare, "/")).toEqual({ html: bare });
  });
});
