// What an MDX body gets of markdown, written as markdown writes it: GitHub's extensions, the typographer, heading
// ids from what the page renders, reference links checked like inline ones, the site's remark and rehype plugins,
// and the components map reaching the elements markdown makes.
import { describe, expect, it } from "vitest";
import { createElement } from "../../../packages/heirloom/src/compile/react.ts";
import { renderMarkdown } from "../../../packages/heirloom/src/index.ts";
import { HeirloomError } from "../../../packages/heirloom/src/errors/errors.ts";
import { compileMdx, renderMdx } from "../../helpers/mdx.ts";
import { normalizeHtml } from "../../helpers/normalize-html.ts";

const same = (html: string) => normalizeHtml(html).replace(/ ([\w-]+)=""/g, " $1");
const BODY = [
  '# The "first" draft -- and the next...',
  "",
  "Notes[^a] on ~~two~~ three[^b] things[^a], at www.example.org or <https://example.org>.",
  "",
  "[^a]: The first note.",
  "[^b]: The second,",
  "    on two lines.",
  "",
  "- [ ] Ask about the farm",
  "- [x] Record 'the early years'",
  "",
  "| Year | Place |",
  "| ---: | :---: |",
  "| 1952 | Leeds |",
  "",
  '## The "first" draft -- and the next...',
].join("\n");

describe("GitHub's markdown and the typographer in MDX", () => {
  it("render a body's footnotes, task lists, tables, strikethrough and quotes as its .md twin does", () => {
    const body = BODY.replace("<https://example.org>", "https://example.org");
    const { html, headings } = renderMdx(body);
    expect(same(html)).toBe(same(renderMarkdown(body).html));
    expect(html).toContain('<sup class="footnote-ref"><a href="#fn1" id="fnref1:1">[1:1]</a></sup>');
    expect(html).toContain('<th align="right">Year</th><th align="center">Place</th>');
    expect(html).toContain("Record ‘the early years’");
    expect(headings).toEqual([
      { depth: 1, text: "The “first” draft – and the next…", id: "the-first-draft--and-the-next" },
      { depth: 2, text: "The “first” draft – and the next…", id: "the-first-draft--and-the-next-1" },
    ]);
  });

  it("follow the site's gfm and typographer settings, as markdown does", () => {
    const options = { gfm: false, typographer: false };
    const body = BODY.replace("<https://example.org>", "https://example.org");
    const { html } = renderMdx(body, options);
    expect(html).toContain("| Year | Place |");
    expect(html).toContain("~~two~~");
    expect(html).toContain("Record &#x27;the early years&#x27;");
    expect(same(html)).toBe(same(renderMarkdown(body, options).html));
    expect(renderMdx("| a |\n| - |\n| b |", { gfm: { tables: false } }).html).toBe("<p>| a |\n| - |\n| b |</p>");
    expect(renderMdx("~~a~~ www.x.org", { gfm: { autolinks: false } }).html).toBe("<p><del>a</del> www.x.org</p>");
  });
});

describe("an MDX body's headings", () => {
  // The two versions of one page's section, each for one kind of reader: only one renders.
  const body = "<AppOnly>\n\n## Data\n\n</AppOnly>\n\n<PagesOnly>\n\n## Data\n\n</PagesOnly>\n\n## Data\n";
  const components = {
    AppOnly: ({ children }: { children: unknown }) => createElement("section", null, children as string),
    PagesOnly: () => null,
  };

  it("are given ids by what renders: a heading a component leaves out takes no id and is not listed", () => {
    const { html, headings, compiled } = renderMdx(body, { anchors: false }, components);
    expect(html.replaceAll("\n", "")).toBe('<section><h2 id="data">Data</h2></section><h2 id="data-1">Data</h2>');
    expect(headings).toEqual([
      { depth: 2, text: "Data", id: "data" },
      { depth: 2, text: "Data", id: "data-1" },
    ]);
    // The compile lists them as written.
    expect(compiled.headings.map((h) => h.id)).toEqual(["data", "data-1", "data-2"]);
  });

  it("are linked to themselves, and rendered by the site's h2 when templates/mdx.ts has one", () => {
    const h2 = ({ id, children }: { id: string; children: unknown }) =>
      createElement("h2", { id, className: "title" }, children as string);
    const { html } = renderMdx("## Tea *time*", {}, { h2 });
    expect(html).toBe(
      '<div class="heading-wrapper"><h2 id="tea-time" class="title">Tea <em>time</em></h2>' +
        '<a class="heading-anchor" href="#tea-time" aria-label="Link to this section: Tea time">' +
        '<span aria-hidden="true">#</span></a></div>',
    );
  });
});

describe("a reference link in MDX", () => {
  it("is given the base path and keeps its #fragment, in links and pictures", () => {
    const body = "[Docs][ref] and ![Map][pic].\n\n[ref]: /docs/start#install\n[pic]: /img/map.png\n";
    const { html } = renderMdx(body);
    expect(html).toBe('<p><a href="/docs/start#install">Docs</a> and <img src="/img/map.png" alt="Map"/>.</p>');
    const compiled = compileMdx(body, {}, "layouts/a.mdx");
    if (compiled instanceof HeirloomError) throw compiled;
    expect(compiled.code).toContain('"/docs/start#install"');
  });

  it("is refused at its definition's line when its scheme runs code", () => {
    const result = compileMdx("Read [this][x].\n\n[x]: javascript:alert(1)\n", {}, "content/posts/a.mdx", 4);
    expect(result).toBeInstanceOf(HeirloomError);
    expect((result as HeirloomError).location).toEqual({ file: "content/posts/a.mdx", line: 6, column: 1 });
  });
});
