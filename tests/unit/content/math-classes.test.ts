// KaTeX's style attributes as classes (content/markdown/math-classes.ts): every declaration KaTeX writes spelled by a
// class and read back from it, none left as a style attribute in markdown or MDX, the two the same; a class that
// spells no declaration of KaTeX's gives no rule.
import { describe, expect, it } from "vitest";
import {
  classDeclaration,
  classedKatex,
  declarationClass,
  mathClassRules,
} from "../../../packages/heirloom/src/content/markdown/math-classes.ts";
import { renderMd, renderMdx } from "../../helpers/body-syntax.ts";

const MATH = { math: true };
// Each of KaTeX's constructs that writes a style attribute: vlists (heights, tops, vertical-align), struts, spaces
// (margins), rules (border widths), \color, \colorbox and \fcolorbox (in the HTML and the MathML), extensible
// arrows and braces (min-width, SVG widths), \not, \cancel, \pmb (text-shadow) and an error's colour.
const FORMULAS = [
  "\\frac{a}{b}",
  "\\sqrt[3]{x}",
  "\\sum_{i=0}^n i^2",
  "\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}",
  "\\color{red}{y} \\color{#0a0}{z}",
  "\\colorbox{#ff0}{z} \\fcolorbox{red}{blue}{w}",
  "\\rule{1em}{2em} \\kern3em \\hspace{1cm} \\mathrlap{x}",
  "\\xrightarrow{abc} \\overbrace{ab}^{c} \\widehat{xyz} \\oiint",
  "\\not= \\cancel{x} \\boxed{q} \\pmb{x} \\left( \\frac{a}{b} \\right)",
  "\\frac{a",
];

describe("math classes", () => {
  it("spells a declaration as a class and reads it back", () => {
    expect(declarationClass("height", "0.6944em")).toBe("hk-height_0_6944em");
    expect(declarationClass("vertical-align", "-0.25em")).toBe("hk-vertical-align_-0_25em");
    expect(declarationClass("color", "#cc0000")).toBe("hk-color___hcc0000");
    expect(declarationClass("border", "0.04em solid red")).toBe("hk-border_0_04em__ssolid__sred");
    for (const [property, value] of [
      ["height", "0.6944em"],
      ["top", "-3.394em"],
      ["color", "#cc0000"],
      ["text-shadow", "0.02em 0.01em 0.04px"],
      ["width", "100%"],
    ]) {
      expect(classDeclaration(declarationClass(property, value)!)).toBe(`${property}:${value}`);
    }
  });

  it("leaves a declaration not KaTeX's as written, and reads no rule from a class that spells none", () => {
    expect(declarationClass("background-image", "url(x)")).toBeUndefined();
    expect(declarationClass("color", "red;}body{x:y")).toBeUndefined();
    expect(declarationClass("color", "rgb(1,2,3)")).toBeUndefined();
    expect(classedKatex('<span style="height:1em;cursor:pointer">')).toBe(
      '<span class="hk-height_1em" style="cursor:pointer">',
    );
    const page = '<p class="hk-cursor_pointer hk-height hk-color_x__{ hk-width_1em">hk-top_</p>';
    expect(mathClassRules(page)).toBe(".hk-width_1em{width:1em!important}");
    // A value is lengths, numbers, words and #colours, one space apart: "red..7d " and "-.-" are none.
    expect(mathClassRules('<p class="hk-color_red__7d__s hk-top_-_-">')).toBe("");
  });

  it.each(FORMULAS)("writes %s with no style attribute, with the same classes in markdown and MDX", (tex) => {
    const body = `$$\n${tex}\n$$\n`;
    const { html } = renderMd(body, MATH);
    expect(html).not.toMatch(/ style="/);
    expect(html).toMatch(/ class="[^"]*\bhk-/);
    const classes = (written: string) => written.match(/ class="[^"]*"/g);
    expect(classes(renderMdx(body, MATH))).toEqual(classes(html));
  });

  it("keeps \\color's colour, in the HTML and in the rules, and an error's", () => {
    const { html } = renderMd("$\\color{red}{y}$ and $\\frac{a$", MATH);
    expect(html).toContain(
      '<span class="mord hk-color_red"><span class="mord mathnormal hk-margin-right_0_0359em hk-color_red">y',
    );
    expect(html).toContain('<span class="katex-error hk-color___hcc0000" title="ParseError');
    const rules = mathClassRules(html).split("\n");
    expect(rules).toContain(".hk-color_red{color:red!important}");
    expect(rules).toContain(".hk-color___hcc0000{color:#cc0000!important}");
    expect(rules).toEqual([...new Set(rules)].sort());
  });
});
