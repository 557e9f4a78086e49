// Summaries, word counts and reading time: Hugo's <!--more--> (and Jekyll's excerpt_separator) cut a body's summary
// and never reach a page, in markdown and MDX; without one, Hugo's 70 words, a paragraph or N words; counts in CJK.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, expectTypeOf, it } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import type { EntryOf } from "../../../packages/heirloom/src/config/define.ts";
import { defineCollection, z } from "../../../packages/heirloom/src/index.ts";
import { markdownRenderer } from "../../../packages/heirloom/src/content/markdown/markdown.ts";
import type { RenderedMarkdown } from "../../../packages/heirloom/src/content/markdown/index.ts";
import { countWords, readingMinutes, summaryOf } from "../../../packages/heirloom/src/content/summary-html.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, editFile, fixturesDir, makeFixture } from "../../helpers/site.ts";

const HUGO = { paragraph: false, words: 70, end: "block" } as const;
const site = { markdown: resolveMarkdown(undefined, () => {}), source: "", root: "/tmp" };
const render = (source: string, options: { html?: boolean; separator?: string; own?: string } = {}) =>
  markdownRenderer(site, options.html, undefined, options.separator).render(
    source,
    "content/posts/a.md",
    4,
    "/",
    false,
    options.own,
  ) as RenderedMarkdown;
const summary = (source: string, options: Parameters<typeof render>[1] = {}) => {
  const { html, more } = render(source, options);
  return summaryOf(html, more, HUGO).summary;
};

describe("a summary marker in markdown", () => {
  it("cuts the summary and is left out of the HTML, whether raw HTML is kept or escaped", () => {
    for (const html of [false, true]) {
      const body = render("Intro, *first*.\n\n<!--more-->\n\nThe rest.", { html });
      expect(body.html).toBe("<p>Intro, <em>first</em>.</p>\n<p>The rest.</p>");
      expect(summaryOf(body.html, body.more, HUGO)).toEqual({
        summary: "<p>Intro, <em>first</em>.</p>",
        truncated: true,
      });
      // Written right under the paragraph, as Hugo's posts often have it, and with Hugo's spacing variant.
      expect(render("Intro.\n<!-- more -->\nThe rest.", { html }).html).toBe("<p>Intro.</p>\n<p>The rest.</p>");
    }
  });

  it("within a paragraph, a list or a quote closes what is open at it; in code it is code", () => {
    expect(summary("One *two <!--more--> three* four.\n\nNext.")).toBe("<p>One <em>two</em></p>");
    expect(render("One <!--more--> two.").html).toBe("<p>One two.</p>");
    expect(summary("- one\n- two\n  <!--more-->\n- three")).toBe("<ul>\n<li>one</li>\n<li>two</li></ul>");
    expect(summary("> quoted\n> <!--more-->\n> on")).toBe("<blockquote>\n<p>quoted</p></blockquote>");
    const code = render("```\n<!--more-->\n```\n\n    <!--more-->\n\n`<!--more-->`");
    expect(code.more).toBeUndefined();
    expect(code.html.match(/&lt;!--more--&gt;/g)).toHaveLength(3);
  });

  it("is the collection's separator too, or the entry's own, which replaces it", () => {
    const body = "Intro.\n\n<!-- excerpt -->\n\nMiddle.\n\n<!-- cut -->\n\nEnd.";
    expect(summary(body, { separator: "<!-- excerpt -->" })).toBe("<p>Intro.</p>");
    expect(render(body, { separator: "<!-- excerpt -->" }).html).toContain("&lt;!-- cut --&gt;");
    expect(summary(body, { separator: "<!-- excerpt -->", own: "<!-- cut -->" })).toBe(
      "<p>Intro.</p>\n<p>&lt;!-- excerpt --&gt;</p>\n<p>Middle.</p>",
    );
    // Hugo's marker still ends it, wherever it comes first.
    expect(summary("A.\n\n<!--more-->\n\nB.\n\n<!-- excerpt -->", { separator: "<!-- excerpt -->" })).toBe("<p>A.</p>");
  });
});

describe("a summary without a marker", () => {
  const paragraphs = (...counts: number[]) =>
    counts.map((n, p) => `<p>${Array.from({ length: n }, (_, i) => `p${p}w${i}`).join(" ")}</p>`).join("\n");

  it("is Hugo's: the first 70 words, to the end of the paragraph the 70th is in", () => {
    const html = paragraphs(30, 30, 30, 30);
    expect(summaryOf(html, undefined, HUGO)).toEqual({ summary: paragraphs(30, 30, 30), truncated: true });
    expect(summaryOf(paragraphs(30, 30), undefined, HUGO)).toEqual({ summary: paragraphs(30, 30), truncated: false });
    // A heading is never its last block: the paragraph after it ends it.
    const headed = `<p>a b</p>\n<h2>c d</h2>\n<p>e</p>\n<p>f</p>`;
    expect(summaryOf(headed, undefined, { ...HUGO, words: 3 }).summary).toBe("<p>a b</p>\n<h2>c d</h2>\n<p>e</p>");
  });

  it('is cut right after the Nth word with end: "word", with … and every tag closed', () => {
    const html = '<p>One <a href="/x">two <em>three four</em></a> five.</p>\n<p>Six.</p>';
    expect(summaryOf(html, undefined, { paragraph: false, words: 3, end: "word" })).toEqual({
      summary: '<p>One <a href="/x">two <em>three…</em></a></p>',
      truncated: true,
    });
    expect(summaryOf("<p>One two.</p>", undefined, { paragraph: false, words: 2, end: "word" }).summary).toBe(
      "<p>One two.</p>",
    );
  });

  it('is the first paragraph with "paragraph", past a heading and a picture', () => {
    const html = '<h1>T</h1>\n<p><img src="x.png" alt="x"></p>\n<p>Text <b>here</b>.</p>';
    const paragraph = { paragraph: true, words: 70, end: "block" } as const;
    expect(summaryOf(html, undefined, paragraph)).toEqual({
      summary: '<p><img src="x.png" alt="x"></p>',
      truncated: true,
    });
    expect(summaryOf("<ul>\n<li>a</li>\n</ul>", undefined, paragraph).summary).toBe("<ul>\n<li>a</li>\n</ul>");
  });
});

describe("word count and reading time", () => {
  it("count words of text, not tags or entities; each CJK character as Hugo's hasCJKLanguage does", () => {
    expect(countWords('<p>Tom &amp; Jerry don&#39;t <a href="/a-b-c">stop</a> — ever.</p><pre>x = 1</pre>')).toEqual({
      words: 7,
      cjk: 0,
    });
    expect(countWords("<p>日本語の文章です。Hugoは速い</p>")).toEqual({ words: 1, cjk: 11 });
  });

  it("is minutes at 212 words and 500 CJK characters a minute, rounded up; none for no words", () => {
    expect([0, 1, 212, 213, 424].map((words) => readingMinutes({ words, cjk: 0 }))).toEqual([0, 1, 1, 2, 2]);
    expect(readingMinutes({ words: 0, cjk: 501 })).toBe(2);
  });

  it("are typed on every entry, for templates", () => {
    const posts = defineCollection({ folder: "posts", body: "markdown", schema: z.object({ title: z.string() }) });
    type Post = EntryOf<typeof posts>;
    expectTypeOf<Post["summary"]>().toEqualTypeOf<string>();
    expectTypeOf<Post["truncated"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Post["wordCount"]>().toEqualTypeOf<number>();
    expectTypeOf<Post["readingTime"]>().toEqualTypeOf<number>();
  });
});

/** The summaries fixture with the base's templates and its own (a post, a page of summaries). */
function summariesSite(): string {
  const root = makeFixture("summaries");
  cpSync(path.join(fixturesDir, "base", "templates"), path.join(root, "templates"), { recursive: true, force: false });
  writeFileSync(
    path.join(root, "templates", "index.ts"),
    'export { Document } from "./Document.tsx";\nimport { Home, NotFound, Note, Prose } from "./Pages.tsx";\n' +
      'import { Post, Posts } from "./Posts.tsx";\n' +
      'export const templates = { home: Home, prose: Prose, note: Note, "not-found": NotFound, ' +
      "post: Post, posts: Posts };\n",
  );
  return root;
}

const pageOf = (root: string, file: string) => parse(readFileSync(path.join(root, "dist", file), "utf8"));
const byId = (root: string, file: string, id: string) => {
  const found = pageOf(root, file).getElementById(id);
  if (!found) throw new Error(`no #${id} in ${file}`);
  return found;
};
const summaryIn = (root: string, post: string) => byId(root, `posts/${post}.html`, "summary").innerHTML;
const countsIn = (root: string, post: string) => byId(root, `posts/${post}.html`, "counts").text;

describe("summaries in a built site", () => {
  it("give templates each post's summary and counts; no marker reaches a page, in markdown or MDX", async () => {
    const root = summariesSite();
    await buildProject(root);
    expect(summaryIn(root, "marked")).toMatch(/^<p>The first paragraph, with <a href="\/about\/team">the team<\/a>/);
    expect(summaryIn(root, "marked")).not.toContain("The rest");
    expect(countsIn(root, "marked")).toBe("18 words, 1 min, truncated");
    expect(summaryIn(root, "jekyll")).toBe("<p>A post ported from Jekyll, with its own separator.</p>");
    expect(summaryIn(root, "island")).toBe("<p>An <strong>MDX</strong> post, cut where MDX authors write it.</p>");
    expect(summaryIn(root, "ported")).toBe("<p>A Hugo post renamed to .mdx keeps its marker.</p>");
    for (const post of ["marked", "jekyll", "island", "ported"]) {
      const body = byId(root, `posts/${post}.html`, "body");
      body.querySelectorAll("pre").forEach((code) => code.remove());
      expect(body.innerHTML).not.toMatch(/more--|cut here|\/\* more|heirloom-more/);
    }
    // A marker in a code block is the code's.
    expect(pageOf(root, "posts/ported.html").querySelector("#body pre")?.innerHTML).toContain("&lt;!--more--&gt;");
    // Hugo's 70 words, to the end of their paragraph.
    expect(parse(summaryIn(root, "long")).querySelectorAll("p")).toHaveLength(3);
    expect(countsIn(root, "long")).toBe("120 words, 1 min, truncated");
    expect(countsIn(root, "japanese")).toBe("603 words, 2 min, truncated");
    // On another page, a summary's links and pictures are published as in its post.
    const list = byId(root, "posts.html", "marked");
    expect(list.querySelector("a")?.getAttribute("href")).toBe("/about/team");
    expect(list.querySelector("img")?.getAttribute("src")).toMatch(/^\/assets\/images\/logo-\w+\.svg$/);
  });

  it("follows the collection's summary option, never a summary kept from before it changed", async () => {
    const root = summariesSite();
    await buildProject(root);
    const option = (summary: string) =>
      editFile(root, "site.config.ts", /body: "mdx",(\n {6}summary: .*,)?/, `body: "mdx",\n      summary: ${summary},`);
    option('"paragraph"');
    await buildProject(root);
    expect(summaryIn(root, "long")).toBe(`<p>${Array.from({ length: 30 }, (_, i) => `p1w${i + 1}`).join(" ")}</p>`);
    option('{ words: 4, end: "word" }');
    await buildProject(root);
    expect(summaryIn(root, "long")).toBe("<p>p1w1 p1w2 p1w3 p1w4…</p>");
    // The marker still ends a marked post's.
    expect(summaryIn(root, "island")).toBe("<p>An <strong>MDX</strong> post, cut where MDX authors write it.</p>");
    option('{ separator: "The rest, with" }');
    await buildProject(root);
    expect(summaryIn(root, "island")).toBe("<p>An <strong>MDX</strong> post, cut where MDX authors write it.</p>");
    expect(summaryIn(root, "marked")).toMatch(/^<p>The first paragraph/);
  });

  it("refuses a summary option that is none of its forms, at its line", async () => {
    const root = summariesSite();
    editFile(root, "site.config.ts", 'body: "mdx",', 'body: "mdx",\n      summary: { words: 0 },');
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message:
          'The collection "posts" has summary: {"words":0}, which is not "paragraph" or { words, end, separator }.',
        location: { file: "site.config.ts", line: 34, column: 7 },
        hint: /^write summary: "paragraph", or \{ words: 70 \}/,
      },
    ]);
  });
});
