// What an MDX body gets of markdown, written as markdown writes it: GitHub's extensions, the typographer, heading
// ids from what the page renders, reference links checked like inline ones, the site's remark and rehype plugins,
// and the components map reaching the elements markdown makes.
import { describe, expect, it } from "vitest";
import { createElement } from "../../../packages/heirloom/src/compile/react.ts";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import { setMdxBody } from "../../../packages/heirloom/src/content/mdx/mdx.ts";
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

describe("the site's remark and rehype plugins", () => {
  // A remark plugin that writes every text in capitals, and a rehype plugin that marks every paragraph.
  const shout = () => (tree: { children?: unknown[]; type: string; value?: string }) => {
    const visit = (node: { children?: unknown[]; type: string; value?: string }) => {
      if (node.type === "text") node.value = node.value?.toUpperCase();
      for (const child of node.children ?? []) visit(child as typeof node);
    };
    visit(tree);
  };
  const mark = (name: string) => (tree: { children?: unknown[] }) => {
    for (const node of tree.children ?? []) {
      const element = node as { tagName?: string; properties?: Record<string, unknown> };
      if (element.tagName === "p") element.properties = { ...element.properties, className: [name] };
    }
  };

  it("run on MDX bodies in order, with their options", () => {
    const { html } = renderMdx("Hello *there*.", { remarkPlugins: [shout], rehypePlugins: [[mark, "said"]] });
    expect(html).toBe('<p class="said">HELLO <em>THERE</em>.</p>');
  });

  it("are in the key compiled bodies are kept by, and are checked as markdown-it's plugins are", () => {
    const plain = compileMdx("Hello.");
    const shouted = compileMdx("Hello.", { remarkPlugins: [shout] });
    if (plain instanceof HeirloomError || shouted instanceof HeirloomError) throw new Error("compiled");
    expect(shouted.key).not.toBe(plain.key);
    const problems: unknown[] = [];
    resolveMarkdown({ remarkPlugins: ["remark-gfm"], rehypePlugins: shout }, (_entry, args) => problems.push(args));
    expect(problems).toEqual([
      expect.objectContaining({
        option: "markdown.remarkPlugins[0]",
        rule: "must be a remark plugin (a function) or [plugin, options]",
        found: 'the text "remark-gfm"',
      }),
      expect.objectContaining({
        option: "markdown.rehypePlugins",
        rule: "must be a list of rehype plugins",
        found: "a function",
      }),
    ]);
  });
});

describe("templates/mdx.ts's components", () => {
  const el =
    (tag: string, className: string) =>
    ({ children, ...props }: { children?: unknown }) =>
      createElement(tag, { ...props, className }, children as string);

  it("restyle the links, pictures and tables markdown makes", () => {
    const body = "[Home](/) ![Map](/map.png)\n\n| a |\n| - |\n| b |\n";
    const components = { a: el("a", "link"), img: el("img", "pic"), table: el("table", "grid") };
    const { html } = renderMdx(body, {}, components);
    expect(html).toContain('<a href="/" class="link">Home</a>');
    expect(html).toContain('<img src="/map.png" alt="Map" class="pic"/>');
    expect(html).toContain('<table class="grid"><thead>');
  });

  it("restyle code blocks, a highlighted one keeping Shiki's markup inside the site's pre and code", () => {
    const compiled = compileMdx("```js\nlet a\n```\n\n```\nplain\n```\n");
    if (compiled instanceof HeirloomError) throw compiled;
    const line = '<span class="line"><span class="sl-1">let</span> a</span>';
    compiled.highlighted = [`<pre class="shiki" data-language="js" tabindex="0"><code>${line}</code></pre>`];
    const value: Record<string, unknown> = {};
    const components = { pre: el("pre", "block"), code: el("code", "lines") };
    setMdxBody(value, compiled, { current: components }, { file: "content/posts/a.mdx", bodyLine: 1 });
    expect(String(value.html)).toBe(
      '<div class="code-block"><pre class="block" data-language="js" tabindex="0">' +
        `<code class="lines">${line}</code></pre></div>\n` +
        '<pre class="block"><code class="lines">plain\n</code></pre>',
    );
  });
});
