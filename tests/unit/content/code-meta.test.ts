// A fence's meta and Shiki's [!code …] notes (src/content/highlight/fence-meta.ts, highlight-marked.ts,
// markdown/code-fences.ts): titles, marked lines, added and removed lines, line numbers, in markdown and in MDX alike
// (tests/fixtures/code-meta/blocks.md as a post of each); what a meta holds besides is told at its line; a site's
// own transformers (markdown.highlight.transformers) run, are checked and key the rendered bodies.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import { parseFenceMeta } from "../../../packages/heirloom/src/content/highlight/fence-meta.ts";
import { type CodeThemes, prepareHighlighting } from "../../../packages/heirloom/src/content/highlight/highlight.ts";
import { settingsKey } from "../../../packages/heirloom/src/content/markdown/markdown-key.ts";
import { type RenderedMarkdown, markdownRenderer } from "../../../packages/heirloom/src/content/markdown/markdown.ts";
import { buildProject, copyJournal, repoRoot } from "../../helpers/site.ts";

const BLOCKS = readFileSync(path.join(repoRoot, "tests/fixtures/code-meta/blocks.md"), "utf8");

describe("a fence's meta", () => {
  it.each([
    ['title="src/app.ts" {1,3-5}', { title: "src/app.ts", marked: [1, 3, 4, 5] }],
    ['filename="app/page.tsx" highlight={1,4-6}', { title: "app/page.tsx", marked: [1, 4, 5, 6] }],
    ["{hl_lines=[2,3],linenos=table}", { marked: [2, 3], numbers: true }],
    ['{linenos=table,hl_lines=[8,"15-16"]}', { marked: [8, 15, 16], numbers: true }],
    ['hl_lines="2 3" linenos=inline', { marked: [2, 3], numbers: true }],
    ["showLineNumbers ins={1,2} del={4}", { ins: [1, 2], del: [4], numbers: true }],
    ["linenos=false", {}],
    ['title="a \\"quoted\\" name"', { title: 'a "quoted" name' }],
    ["title='src/a b.ts'", { title: "src/a b.ts" }],
  ])("reads %s", (meta, expected) => {
    expect(parseFenceMeta(meta)).toEqual({ marked: [], ins: [], del: [], numbers: false, unknown: [], ...expected });
  });

  it("names what it does not read, as written", () => {
    expect(parseFenceMeta('switcher package="npm" /word/ {linenostart=5}').unknown).toEqual([
      "switcher",
      'package="npm"',
      "/word/",
      "linenostart=5",
    ]);
  });

  it("names lines marked by their text or a pattern (Expressive Code's) whole, keeps those by number", () => {
    const parts = (meta: string) => parseFenceMeta(meta).unknown;
    expect(parts('"Términos individuales" /También.*compatibles/')).toEqual([
      '"Términos individuales"',
      "/También.*compatibles/",
    ]);
    expect(parseFenceMeta("ins={5} ins=/{ extend: .+ }/")).toMatchObject({
      ins: [5],
      unknown: ["ins=/{ extend: .+ }/"],
    });
    expect(parseFenceMeta('title="a.md" ins="data-pagefind-ignore"')).toMatchObject({
      title: "a.md",
      ins: [],
      unknown: ['ins="data-pagefind-ignore"'],
    });
    expect(parseFenceMeta("mark='a b' del=\"x\" {2}")).toMatchObject({
      marked: [2],
      unknown: ["mark='a b'", 'del="x"'],
    });
  });
});

/** The `<pre>`s of a page's body, in order. */
const blocksOf = (html: string) => [...html.matchAll(/<pre class="shiki[\s\S]*?<\/pre>/g)].map((m) => m[0]);
const count = (html: string, text: string) => html.split(text).length - 1;

describe("every kind of code block, as a markdown post and as an MDX post", async () => {
  const root = copyJournal("heirloom-code-meta-");
  const [md, mdx] = ["content/posts/difficult-chapters.md", "content/posts/the-right-length.mdx"];
  for (const file of [md, mdx]) {
    const text = readFileSync(path.join(root, file), "utf8");
    writeFileSync(path.join(root, file), `${text}\n${BLOCKS}`);
  }
  const built = await buildProject(root);
  const page = (slug: string) => readFileSync(path.join(built.outDir, "blog", slug, "index.html"), "utf8");
  const pages = { markdown: page("difficult-chapters"), mdx: page("the-right-length") };

  it.each(Object.entries(pages))("captions a titled block in %s, its title in a figure", (_, html) => {
    const captions = [...html.matchAll(/<figure class="code-figure"><figcaption>([^<]*)<\/figcaption>/g)];
    expect(captions.map((m) => m[1])).toEqual(["src/app.ts", "app/page.js"]);
  });

  it.each(Object.entries(pages))("marks, adds, removes, focuses and numbers lines in %s", (_, html) => {
    const blocks = blocksOf(html);
    const ts = blocks.find((b) => b.includes(">first<") || b.includes(" first<"))!;
    const lines = ts.split("\n").map((line) => /class="line( [^"]*)?"/.exec(line)?.[1] ?? "");
    expect(lines).toEqual([" highlighted", "", " highlighted"]);
    // {1,3} 2, highlight={2} 1, hl_lines=[2,3] 2, hl_lines="2" 1, [!code highlight] 1.
    expect(count(html, 'class="line highlighted"')).toBe(7);
    // [!code ++], the diff's + line and ins={1}; [!code --], its - line and del={2}.
    expect(count(html, 'class="line diff add"')).toBe(3);
    expect(count(html, 'class="line diff remove"')).toBe(3);
    expect(count(html, 'class="line focused"')).toBe(1);
    expect(blocks.filter((b) => b.startsWith('<pre class="shiki line-numbers'))).toHaveLength(2);
    expect(blocks.filter((b) => /^<pre class="shiki has-\w+ has-diff has-focused line-numbers"/.test(b))).toHaveLength(
      1,
    );
    expect(html).not.toContain("[!code");
    expect(html).not.toContain("style=");
  });

  it("writes each block of the MDX post as the markdown post's", () => {
    // The MDX post has a block of its own before them.
    expect(blocksOf(pages.mdx).slice(-8)).toEqual(blocksOf(pages.markdown));
    expect(blocksOf(pages.markdown)).toHaveLength(8);
  });

  it("tells the meta it does not read at its line, in each file", () => {
    const line = (file: string) =>
      readFileSync(path.join(root, file), "utf8").split("\n").indexOf('```bash switcher package="npm"') + 1;
    const told = built.warnings.filter((w) => w.includes("is not read here"));
    expect(told.sort()).toEqual(
      [md, mdx].map(
        (file) =>
          `${file}:${line(file)}: The code block's meta switcher package="npm" is not read here (another ` +
          "engine's or a plugin's option): the block is shown without it. Hint: write what is read (title=\"…\" " +
          'or filename="…", {1,3-5} or highlight={1,3-5} or hl_lines=[1,3], ins={…} and del={…}, showLineNumbers ' +
          'or linenos), or take it out of the fence; for tabs or packages, such as switcher or package="npm", write ' +
          "the versions as a component of templates/mdx.ts.",
      ),
    );
  });
});

describe("markdown.highlight.transformers", () => {
  const mark = { name: "mark", line() {} };

  it("runs the site's own transformers on every block, after the engine's", async () => {
    const todo = {
      name: "todo",
      line(this: { addClassToHast: (n: unknown, c: string) => void }, node: unknown, line: number) {
        if (line === 2) this.addClassToHast(node, "todo");
      },
    };
    const markdown = resolveMarkdown({ highlight: { transformers: [todo] } }, (e, a) => expect.fail(e.message(a)));
    const site = { markdown, source: "", root: "/nowhere" };
    const renderer = markdownRenderer(site);
    const source = "```ts\nconst a = 1;\nconst b = 2;\n```\n";
    await prepareHighlighting(["ts"], markdown.highlight as CodeThemes, "");
    const { html } = renderer.render(source, "a.md", 1, "/", true) as RenderedMarkdown;
    expect(html).toMatch(/^<pre class="shiki" data-language="ts" tabindex="0"><code><span class="line">/);
    expect(html).toContain('\n<span class="line todo">');
    expect(settingsKey(site, false)).not.toBe(settingsKey({ ...site, markdown: resolveMarkdown({}, () => {}) }, false));
  });

  it("refuses what is not a transformer, at the option", () => {
    const errors: string[] = [];
    resolveMarkdown({ highlight: { transformers: [mark, { name: "nothing" }] } }, (entry, args) =>
      errors.push(`${entry.message(args)} ${entry.hint?.(args)}`),
    );
    expect(errors).toEqual([
      "markdown.highlight.transformers[1] in site.config.ts must be a Shiki transformer: an object with a hook " +
        "(preprocess, tokens, span, line, code, pre, root, postprocess) that is a function; found an object. " +
        "list the transformer itself, such as transformerNotationWordHighlight() (called), or { line(node) { … } }.",
    ]);
  });
});
