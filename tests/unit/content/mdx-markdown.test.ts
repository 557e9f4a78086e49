// One markdown, two syntaxes: the same text as an .md and as an .mdx body renders the same HTML, on the CommonMark
// spec's 652 examples and GFM's extension examples (compared as the spec compares HTML), but where MDX's syntax
// reads the text otherwise: `<` starts JSX, `{` an expression, and an indented block is not code.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../packages/heirloom/src/index.ts";
import { renderMdx } from "../../helpers/mdx.ts";
import { normalizeHtml } from "../../helpers/normalize-html.ts";

interface Example {
  markdown: string;
  html: string;
  section: string;
  number: number;
  /** GFM's: the extension an example is of. */
  extension?: string;
}

const tabs = (example: Example) => ({ ...example, markdown: example.markdown.replaceAll("→", "\t") });
const commonmark = (createRequire(import.meta.url)("commonmark-spec").tests as Example[]).map(tabs);
const gfmFile = path.join(import.meta.dirname, "../../fixtures/gfm-spec/extensions.json");
const gfm = (JSON.parse(readFileSync(gfmFile, "utf8")) as Example[]).map(tabs);

// React writes an attribute without a value as disabled="": the same attribute as markdown-it's bare `disabled`.
const normalized = (html: string) => normalizeHtml(html).replace(/ ([\w-]+)=""/g, " $1");

/** The example's HTML as an .md body and as an .mdx body (the compile's error, where MDX refuses the text). */
function bothSyntaxes(markdown: string) {
  const md = normalized(renderMarkdown(markdown).html);
  try {
    return { md, mdx: normalized(renderMdx(markdown).html) };
  } catch (error) {
    return { md, mdx: `error: ${(error as Error).message}` };
  }
}

/** Why MDX reads an example otherwise, the first that applies; undefined: it must render the same. */
function mdxSyntax(example: Example): string | undefined {
  const { md } = bothSyntaxes(example.markdown);
  // Four spaces (or a tab) of indentation make code in markdown and keep a line in its paragraph; MDX has no
  // indented code (its indentation is JSX's), so such a line is read as the block it starts.
  const indented = /^(?:[ ]{0,3}(?:>|[-+*]|\d{1,9}[.)])[ ]?)*(?: {4}|\t)/m.test(example.markdown);
  if (indented || (md.includes("<pre><code>") && !/```|~~~/.test(example.markdown))) return "indentation";
  if (/[{}]/.test(example.markdown)) return "an expression";
  if (example.markdown.includes("<")) return "JSX (raw HTML, autolinks in <>, a lone <)";
  return undefined;
}

/** The examples that render otherwise in MDX, by the reason that explains them. */
function differing(examples: Example[]) {
  const found: Record<string, number[]> = {};
  for (const example of examples) {
    const { md, mdx } = bothSyntaxes(example.markdown);
    if (md === mdx) continue;
    (found[mdxSyntax(example) ?? "unexplained"] ??= []).push(example.number);
  }
  return found;
}

/** How many of CommonMark's examples MDX reads otherwise, by reason. */
const [INDENTATION, JSX] = [57, 95];

describe("CommonMark's 652 examples as .md and as .mdx", () => {
  const found = differing(commonmark);

  it("render the same HTML but where MDX's syntax reads the text otherwise", () => {
    const count = Object.values(found).flat().length;
    console.log(
      `CommonMark examples that render otherwise in MDX (${count} of ${commonmark.length}):\n` +
        Object.entries(found)
          .map(([reason, numbers]) => `  ${reason}: ${numbers.length}: ${numbers.join(", ")}`)
          .join("\n"),
    );
    expect(found.unexplained).toBeUndefined();
  });

  it("differ where MDX reads an indented block as text, an expression or JSX, and in no other example", () => {
    expect(found.indentation).toHaveLength(INDENTATION);
    expect(found["an expression"]).toEqual([172, 176]);
    expect(found["JSX (raw HTML, autolinks in <>, a lone <)"]).toHaveLength(JSX);
    // Of the examples with a <, those where it is in code or escaped render the same ("`<a>`", "\<a>").
    const withAngle = commonmark.filter((e) => e.markdown.includes("<") && mdxSyntax(e)?.startsWith("JSX"));
    expect(withAngle.length).toBeGreaterThan(JSX);
  });
});

describe("GFM's extension examples as .md and as .mdx", () => {
  it("render the same HTML: tables with align=, strikethrough, task lists, bare addresses", () => {
    expect(gfm.map((e) => e.extension).sort()).toEqual(
      [...Array(11).fill("autolink"), "disabled", "disabled", "strikethrough", "strikethrough"]
        .concat(Array(8).fill("table"), "tagfilter")
        .sort(),
    );
    const found = differing(gfm);
    // "www.commonmark.org/he<lp" and the raw HTML GitHub filters: JSX in MDX.
    expect(found).toEqual({ "JSX (raw HTML, autolinks in <>, a lone <)": [627, 653] });
  });

  it("render tables as GitHub writes them, a column's alignment as align= (the CSP refuses style=)", () => {
    const example = gfm.find((e) => e.number === 199)!;
    const { html } = renderMdx(example.markdown);
    expect(html).toContain('<th align="center">abc</th><th align="right">defghi</th>');
    expect(html).not.toContain("style");
  });
});
