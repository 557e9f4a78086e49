// GitHub's markdown by default, as GitHub renders a README: tables (alignment without a style attribute),
// strikethrough, task lists, bare addresses as links, footnotes; each turned off by `gfm`, and checked with zod.
import { describe, expect, it } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import { markdownRenderer } from "../../../packages/heirloom/src/content/markdown/markdown.ts";
import { renderMarkdown } from "../../../packages/heirloom/src/index.ts";

const html = (text: string, markdown = {}) => renderMarkdown(text, markdown).html;

describe("tables", () => {
  const table = "| Left | Centre | Right | None |\n| :-- | :-: | --: | --- |\n| a | b | c | d |";

  it("write a column's alignment as GitHub does, align=, never a style attribute (the build's CSP refuses it)", () => {
    const out = html(table);
    expect(out).toContain('<th align="left">Left</th>\n<th align="center">Centre</th>\n<th align="right">Right</th>');
    expect(out).toContain('<td align="left">a</td>\n<td align="center">b</td>\n<td align="right">c</td>\n<td>d</td>');
    expect(out).not.toContain("style=");
  });

  it("are text with gfm: { tables: false } and gfm: false", () => {
    expect(html(table, { gfm: { tables: false } })).toMatch(/^<p>\| Left/);
    expect(html(table, { gfm: false })).toMatch(/^<p>\| Left/);
  });
});

describe("strikethrough", () => {
  it("is <del>, as GitHub writes it; ~~ stays as written with gfm: { strikethrough: false }", () => {
    expect(html("Was ~~£10~~ £8.")).toBe("<p>Was <del>£10</del> £8.</p>");
    expect(html("Was ~~£10~~ £8.", { gfm: { strikethrough: false } })).toBe("<p>Was ~~£10~~ £8.</p>");
  });
});

describe("task lists", () => {
  it("show [ ] and [x] as disabled checkboxes, each in a label with its item's text, and the list's classes", () => {
    expect(html("- [ ] Record the call\n- [x] Book it *early*\n- [ ]\n- Plain")).toBe(
      '<ul class="contains-task-list">\n' +
        '<li class="task-list-item"><label><input class="task-list-item-checkbox" type="checkbox" disabled> ' +
        "Record the call</label></li>\n" +
        '<li class="task-list-item"><label><input class="task-list-item-checkbox" type="checkbox" disabled checked> ' +
        "Book it <em>early</em></label></li>\n" +
        "<li>[ ]</li>\n<li>Plain</li>\n</ul>",
    );
  });

  it("are plain items with gfm: { tasklists: false }", () => {
    expect(html("- [x] Done", { gfm: { tasklists: false } })).toBe("<ul>\n<li>[x] Done</li>\n</ul>");
  });
});

describe("autolinks", () => {
  it("link what GitHub links: http(s):// and www. addresses and e-mail addresses", () => {
    expect(html("See https://example.com/a, www.example.org and ask help@example.com.")).toBe(
      '<p>See <a href="https://example.com/a">https://example.com/a</a>, ' +
        '<a href="http://www.example.org">www.example.org</a> and ask ' +
        '<a href="mailto:help@example.com">help@example.com</a>.</p>',
    );
    // Not what GitHub does not link: a name ending like a domain (.md is Moldova's), //host, ftp://.
    expect(html("Read README.md, //cdn.example/x and ftp://files.example/a.")).toBe(
      "<p>Read README.md, //cdn.example/x and ftp://files.example/a.</p>",
    );
  });

  it("are text with gfm: { autolinks: false }", () => {
    expect(html("https://example.com", { gfm: { autolinks: false } })).toBe("<p>https://example.com</p>");
  });
});

describe("footnotes", () => {
  it("link each reference to its note and back; a site's own footnote plugin is kept", async () => {
    const out = html("Recorded in 1962.[^tape]\n\n[^tape]: On a reel-to-reel tape.");
    expect(out).toContain('<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup>');
    expect(out).toContain('<li id="fn1" class="footnote-item"><p>On a reel-to-reel tape. <a href="#fnref1"');
    // A site that lists markdown-it-footnote among its plugins (as the README once showed) gets one list, not two.
    const footnote = (await import("markdown-it-footnote")).default;
    const own = html("A[^1]\n\n[^1]: Note.", { plugins: [footnote] });
    expect(own.match(/<section class="footnotes">/g)).toHaveLength(1);
  });

  it("are text with gfm: { footnotes: false }", () => {
    expect(html("A[^1]", { gfm: { footnotes: false } })).toBe("<p>A[^1]</p>");
  });
});

describe("the gfm setting", () => {
  it("turns on some extensions over preset commonmark, and gives each choice its own renderer key", () => {
    expect(html("~~a~~ | b |\n|---|\n| c |", { preset: "commonmark", gfm: { strikethrough: true } })).toBe(
      "<p><del>a</del> | b |\n|---|\n| c |</p>\n",
    );
    const key = (markdown: object) =>
      markdownRenderer({ markdown: resolveMarkdown(markdown, () => undefined), source: "", root: "/x" }).key;
    const keys = [{}, { gfm: false }, { gfm: { footnotes: false } }, { typographer: false }, { preset: "commonmark" }];
    expect(new Set(keys.map(key)).size).toBe(keys.length);
  });

  it("is checked: a value of the wrong form, or an extension that does not exist, told with what to write", () => {
    const told = (markdown: object) => {
      const errors: string[] = [];
      resolveMarkdown(markdown, (entry, args) => errors.push(`${entry.message(args)} ${entry.hint?.(args)}`));
      return errors;
    };
    expect(told({ gfm: { tables: "yes" }, preset: "gfm" })).toEqual([
      'markdown.preset in site.config.ts must be "default" or "commonmark"; found the text "gfm". ' +
        'write preset: "commonmark" for CommonMark exactly, or leave it out.',
      'markdown.gfm.tables in site.config.ts must be true or false; found the text "yes". ' +
        "write gfm: { tables: false } to leave it out.",
    ]);
    expect(told({ gfm: { emoji: true } })).toEqual([
      "markdown.gfm.emoji in site.config.ts is not a markdown option. " +
        "use tables, strikethrough, tasklists, autolinks, footnotes.",
    ]);
    expect(told({ gfm: "all" })).toEqual([
      "markdown.gfm in site.config.ts must be true, false or an object of GitHub's extensions; " +
        'found the text "all". ' +
        "write gfm: false for none, or name those to change: gfm: { footnotes: false, tasklists: false }.",
    ]);
  });
});
