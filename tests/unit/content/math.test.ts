// Math with markdown.math (content/markdown/math.ts, content/mdx/mdx-syntax.ts): $…$ and $$…$$ typeset by KaTeX at
// build time, the same in markdown and MDX, HTML for the eye and MathML for screen readers, KaTeX's stylesheet
// linked once before a body's first formula and never by a body without one.
import { describe, expect, it } from "vitest";
import { katexStylesheetPath } from "../../../packages/heirloom/src/content/markdown/math.ts";
import { comparable, renderMd, renderMdx } from "../../helpers/body-syntax.ts";

const MATH = { math: true };
const BODY = "The area is $\\int_0^1 x\\,dx$, see\n\n$$\n\\frac{a}{b} = c^2\n$$\n\nand $y$ too.\n";

describe("math", () => {
  it("typesets $…$ inline and $$…$$ on its own, keeping x\\,dx's backslash, the same in markdown and MDX", () => {
    const { html } = renderMd(BODY, MATH);
    expect(html).toMatch(
      /^<p>The area is <link rel="stylesheet" href="\/assets\/katex-[0-9A-F]{8}\.css"><span class="katex">/,
    );
    expect(html).toContain('<annotation encoding="application/x-tex">\\int_0^1 x\\,dx</annotation>');
    const display = '<span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns';
    expect(html).toContain(`${display}="http://www.w3.org/1998/Math/MathML" display="block">`);
    expect(html).toContain("<mfrac><mi>a</mi><mi>b</mi></mfrac>");
    expect(html).toContain('<span class="katex-html" aria-hidden="true">');
    expect(html.match(/<link /g)).toHaveLength(1);
    expect(comparable(renderMdx(BODY, MATH))).toBe(comparable(html));
  });

  it("links the stylesheet under the base path, and not at all in a body without math", () => {
    expect(renderMd("$x$", MATH, "/docs/").html).toContain(`href="/docs/${katexStylesheetPath()}"`);
    expect(renderMdx("$x$", MATH, "/docs/")).toContain(`href="/docs/${katexStylesheetPath()}"`);
    expect(renderMd("No formula, $5 and $6.\n", MATH).html).not.toContain("<link");
    expect(renderMdx("No formula here.\n", MATH)).not.toContain("<link");
  });

  it("shows a formula KaTeX cannot read as written, in its error colour, and the page still builds", () => {
    const { html } = renderMd("$\\frac{a$\n", MATH);
    expect(html).toContain('<span class="katex-error hk-color___hcc0000" title="ParseError: KaTeX parse error');
  });

  it("is off unless the site turns it on: dollars stay text, x\\,dx losing its backslash as CommonMark says", () => {
    expect(renderMd("$x\\,dx$\n").html).toBe("<p>$x,dx$</p>");
    expect(renderMdx("$x\\,dx$\n")).toBe("<p>$x,dx$</p>");
  });
});
