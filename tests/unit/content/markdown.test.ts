// Markdown to HTML: escaped raw HTML (unless a collection opts in), unsafe links refused, heading ids and anchors,
// the headings list, the site's plugins, and code blocks highlighted by Shiki with classes.
import type { MarkdownIt } from "markdown-it";
import { describe, expect, it, vi } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import {
  type CodeThemes,
  codeStylesheet,
  prepareHighlighting,
} from "../../../packages/heirloom/src/content/highlight/highlight.ts";
import { contrastRatio, withContrast } from "../../../packages/heirloom/src/content/highlight/contrast.ts";
import { markOf } from "../../../packages/heirloom/src/content/highlight/code-marks-css.ts";
import { slugOf } from "../../../packages/heirloom/src/content/markdown/headings.ts";
import { type RenderedMarkdown, markdownRenderer } from "../../../packages/heirloom/src/content/markdown/markdown.ts";

/** The default settings (what a site without `markdown` in site.config.ts gets). */
const SITE = { markdown: resolveMarkdown(undefined, () => undefined), source: "", root: "/nowhere" };

function renderMarkdown(source: string, file: string, firstLine: number, base = "/"): string {
  return (markdownRenderer(SITE).render(source, file, firstLine, base) as RenderedMarkdown).html;
}

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis and safe links", () => {
    const html = renderMarkdown("Calls last *15-30 minutes*. See [pricing](/pricing).", "a.md", 5);
    expect(html).toBe('<p>Calls last <em>15-30 minutes</em>. See <a href="/pricing">pricing</a>.</p>');
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror="y">', "a.md", 1);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,hi", "vbscript:x"])(
    "refuses the unsafe link %s with the line it stands on",
    (url) => {
      expect(() => renderMarkdown(`First paragraph.\n\nSee [this](${url}).`, "content/faqs/a.md", 7)).toThrow(
        expect.objectContaining({ code: "UnsafeLinkError", location: { file: "content/faqs/a.md", line: 9 } }),
      );
    },
  );
});

describe("link schemes", () => {
  // A file outside content/: its links are published as written (a content file's become markers, see refs).
  const html = (source: string) => renderMarkdown(source, "notes/a.md", 4);
  const refused = (source: string) => () => html(source);

  it.each([
    ["train.jpg", "![A train](train.jpg)", '<img src="train.jpg" alt="A train">'],
    ["report.pdf", "[report](report.pdf)", '<a href="report.pdf">report</a>'],
    ["page.md", "[next](page.md)", '<a href="page.md">next</a>'],
    ["?page=2", "[more](?page=2)", '<a href="?page=2">more</a>'],
    ["foo.bar/", "[foo](foo.bar/)", '<a href="foo.bar/">foo</a>'],
    ["an empty destination", "[link]()", '<a href="">link</a>'],
    ["irc:", "[chat](irc://irc.libera.chat/heirloom)", '<a href="irc://irc.libera.chat/heirloom">chat</a>'],
    ["a made-up scheme", "[x](made-up-scheme:thing)", '<a href="made-up-scheme:thing">x</a>'],
    ["//host/x", "[cdn](//cdn.example/x)", '<a href="//cdn.example/x">cdn</a>'],
    ["//host as a picture", "![logo](//cdn.example/logo.png)", '<img src="//cdn.example/logo.png" alt="logo">'],
    ["a PNG as a link", "[dot](data:image/png;base64,iVBORw0K)", '<a href="data:image/png;base64,iVBORw0K">dot</a>'],
  ])("accepts %s, which a browser follows and which runs no code", (_name, source, expected) => {
    expect(html(source)).toBe(`<p>${expected}</p>`);
  });

  it("gives //host no base path (it names another host), and a site path the base path", () => {
    const source = "[a](//cdn.example/x) [b](/pricing)";
    expect(renderMarkdown(source, "a.md", 1, "/docs/")).toBe(
      '<p><a href="//cdn.example/x">a</a> <a href="/docs/pricing">b</a></p>',
    );
  });

  it.each(["png", "jpeg", "gif", "webp", "avif", "svg+xml"])("accepts a data:image/%s picture", (type) => {
    expect(html(`![dot](data:image/${type};base64,AAAA)`)).toBe(
      `<p><img src="data:image/${type};base64,AAAA" alt="dot"></p>`,
    );
  });

  it("refuses an SVG picture as a link target (it can hold a script), saying to show it as a picture", () => {
    expect(refused("[logo](data:image/svg+xml,%3Csvg%3E%3C/svg%3E)")).toThrow(
      expect.objectContaining({
        code: "UnsafeLinkError",
        message: expect.stringContaining("opens an SVG picture written as a data: address, which can hold a script"),
        location: { file: "notes/a.md", line: 4 },
      }),
    );
  });

  it.each([
    ["data:text/html in a picture", "![x](data:text/html,<script>alert(1)</script>)"],
    ["javascript: in a picture", "![x](javascript:alert(1))"],
    ["a mixed-case scheme", "[x](JaVaScRiPt:alert(1))"],
    ["vbscript:", "[x](VBScript:msgbox)"],
    ["a decimal entity", "[x](&#106;avascript:alert(1))"],
    ["a hexadecimal entity", "[x](&#x6A;&#x61;vascript:alert(1))"],
    ["a named entity for the colon", "[x](javascript&colon;alert(1))"],
    ["a line break as an entity", "[x](java&#10;script:alert(1))"],
    ["a tab as an entity", "[x](java&#9;script:alert(1))"],
    ["a carriage return as an entity", "[x](java&#13;script:alert(1))"],
    ["a leading control character", "[x](<\u0001javascript:alert(1)>)"],
    ["a tab in brackets", "[x](<java\tscript:alert(1)>)"],
    ["a leading space in brackets", "[x](< javascript:alert(1)>)"],
    ["percent-encoded letters", "[x](%6Aavascript:alert(1))"],
    ["an autolink", "<javascript:alert(1)>"],
    ["a reference definition", "[x]\n\n[x]: javascript:alert(1)"],
  ])("refuses %s", (_name, source) => {
    expect(refused(source)).toThrow(expect.objectContaining({ code: "UnsafeLinkError" }));
  });

  it("cuts a long address in the message", () => {
    const url = `data:text/html;base64,${"A".repeat(500)}`;
    expect(refused(`[x](${url})`)).toThrow(
      expect.objectContaining({
        message: `The link "${url.slice(0, 100)}…" in notes/a.md uses a scheme that is not allowed.`,
      }),
    );
  });
});

/** A renderer with these settings (the defaults for the rest), its body rendered; highlighting loaded first. */
async function rendered(source: string, markdown: object = {}, html = false): Promise<RenderedMarkdown> {
  const site = { ...SITE, markdown: resolveMarkdown(markdown, (entry, args) => expect.fail(entry.message(args))) };
  const renderer = markdownRenderer(site, html);
  let result = renderer.render(source, "content/pages/guide.md", 5);
  if ("waitingFor" in result) {
    await prepareHighlighting(result.waitingFor, site.markdown.highlight as CodeThemes, "");
    result = renderer.render(source, "content/pages/guide.md", 5);
  }
  return result as RenderedMarkdown;
}

describe("headings", () => {
  it.each([
    ["Try this", "try-this"],
    ["Hello, World!", "hello-world"],
    ["`build()` & `check()`", "build--check"],
    ["Café crème", "café-crème"],
    ["snake_case and kebab-case", "snake_case-and-kebab-case"],
    ["Version 2.0 (beta)", "version-20-beta"],
    ["Ünïcödé 日本語", "ünïcödé-日本語"],
    ["Emoji 🎉 party", "emoji--party"],
  ])("gives %j the id GitHub gives it: %s", async (heading, id) => {
    expect((await rendered(`## ${heading}`)).headings).toEqual([expect.objectContaining({ id })]);
  });

  it("keeps of printable ASCII what GitHub keeps: letters (in lowercase), digits, _ and -, a space as -", () => {
    const ascii = String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i));
    const letters = "abcdefghijklmnopqrstuvwxyz";
    expect(slugOf(ascii)).toBe(`--0123456789${letters}_${letters}`);
    expect(slugOf(`${ascii}é`)).toBe(`--0123456789${letters}_${letters}é`);
  });

  it("makes ids unique in the body as GitHub does: -1, -2, and a heading of only symbols gets one too", async () => {
    const { headings } = await rendered("# Notes\n\n## Notes\n\n## Notes-1\n\n### Notes\n\n## !!!\n\n## ???");
    expect(headings.map((h) => h.id)).toEqual(["notes", "notes-1", "notes-1-1", "notes-2", "section", "section-1"]);
  });

  it("lists every heading with its depth, plain text and id, for a table of contents", async () => {
    const { headings } = await rendered("# Guide\n\nText.\n\n## The *first* `step`\n\n### Details\n\nSetext\n------");
    expect(headings).toEqual([
      { depth: 1, text: "Guide", id: "guide" },
      { depth: 2, text: "The first step", id: "the-first-step" },
      { depth: 3, text: "Details", id: "details" },
      { depth: 2, text: "Setext", id: "setext" },
    ]);
  });

  it("follows each heading with a link to it, named for screen readers, its # hidden from them", async () => {
    const { html } = await rendered("## Try this <now>");
    expect(html).toBe(
      '<div class="heading-wrapper"><h2 id="try-this-now">Try this &lt;now&gt;</h2>' +
        '<a class="heading-anchor" href="#try-this-now" aria-label="Link to this section: Try this &lt;now&gt;">' +
        '<span aria-hidden="true">#</span></a></div>',
    );
  });

  it("names the link with the site's label, or leaves it out with anchors: false (the id stays)", async () => {
    const label = (heading: string) => `Lien vers « ${heading} »`;
    const french = await rendered("## Essai", { anchors: { label } });
    expect(french.html).toContain('aria-label="Lien vers « Essai »"');
    expect((await rendered("## Essai", { anchors: false })).html).toBe('<h2 id="essai">Essai</h2>');
  });
});

describe("plugins", () => {
  /** A plugin that writes ==text== as <mark>, with the tag as its option. */
  const mark = (md: MarkdownIt, tag = "mark") => {
    md.core.ruler.push("test_mark", (state) => {
      for (const token of state.tokens) {
        for (const child of token.children ?? []) {
          if (child.type === "text") child.content = child.content.replace(/==(.+?)==/g, "[$1]");
        }
      }
    });
    md.renderer.rules.text = (tokens, idx) =>
      tokens[idx].content.replace(/\[(.+?)\]/g, `<${tag}>$1</${tag}>`).replace(/^$/, "");
  };

  it("applies each plugin, with its options, in order", async () => {
    expect((await rendered("A ==key== word.", { plugins: [mark] })).html).toBe("<p>A <mark>key</mark> word.</p>");
    expect((await rendered("A ==key== word.", { plugins: [[mark, "strong"]] })).html).toBe(
      "<p>A <strong>key</strong> word.</p>",
    );
  });

  it("keeps an id a plugin gave a heading, and keeps the others unique beside it", async () => {
    const custom = (md: MarkdownIt) =>
      md.core.ruler.push("custom_id", (state) => {
        const open = state.tokens.find((t) => t.type === "heading_open");
        open?.attrSet("id", "intro");
      });
    const { headings } = await rendered("## Start\n\n## Intro", { plugins: [custom] });
    expect(headings.map((h) => h.id)).toEqual(["intro", "intro-1"]);
  });

  it("gives renderers of other plugins, options or settings other keys, and the same settings the same one", () => {
    const key = (markdown: object, html = false) =>
      markdownRenderer({ ...SITE, markdown: resolveMarkdown(markdown, () => undefined) }, html).key;
    const keys = [
      key({}),
      key({}, true),
      key({ plugins: [mark] }),
      key({ plugins: [[mark, "strong"]] }),
      key({ anchors: false }),
      key({ highlight: false }),
      key({ highlight: { themes: { dark: "github-dark" } } }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(key({ plugins: [mark] })).toBe(keys[2]);
  });
});

describe("raw HTML", () => {
  it("is kept as written in a collection with html: true, and links in markdown are still checked", async () => {
    const { html } = await rendered(
      '<details><summary>More</summary>\n\nText.\n\n</details>\n\n<span class="x">Hi</span>',
      {},
      true,
    );
    expect(html).toBe('<details><summary>More</summary>\n<p>Text.</p>\n</details>\n<p><span class="x">Hi</span></p>');
    await expect(rendered("[x](javascript:alert(1))", {}, true)).rejects.toMatchObject({ code: "UnsafeLinkError" });
  });
});

describe("code blocks", () => {
  it("are highlighted with a class per colour of the light and the dark theme, and no style attribute", async () => {
    const { html, code } = await rendered('```ts\nconst a = "x"; // note\n```');
    expect(code).toBe(true);
    expect(html).toBe(
      '<pre class="shiki" data-language="ts" tabindex="0"><code><span class="line">' +
        '<span class="sl-a0111f sd-ff9492">const</span> <span class="sl-023b95 sd-91cbff">a</span> ' +
        '<span class="sl-a0111f sd-ff9492">=</span> <span class="sl-032563 sd-addcff">"x"</span>; ' +
        '<span class="sl-66707b sd-bdc4cc">// note</span></span></code></pre>',
    );
  });

  it("are coloured to the end of every line however long tokenizing it takes", async () => {
    const source = '```ts\nconst a = "x"; // note\n```';
    const before = (await rendered(source)).html;
    // Shiki stops a line once its clock says 500 ms have passed; here every reading is a second after the last.
    let now = Date.now();
    const clock = vi.spyOn(Date, "now").mockImplementation(() => (now += 1000));
    try {
      expect((await rendered(source)).html).toBe(before);
    } finally {
      clock.mockRestore();
    }
  });

  it("name their language in any case, and keep HTML in the code as text", async () => {
    const { html } = await rendered("```HTML\n<b>&amp;</b>\n```");
    expect(html).toContain('data-language="html"');
    expect(html).toContain(
      '&lt;<span class="sl-024c1a sd-72f088">b</span>&gt;<span class="sl-a0111f sd-ff9492">&amp;amp;',
    );
    expect(html).not.toContain("<b>");
  });

  it("are left as markdown-it writes them without a language, in a language Shiki lacks, or as text", async () => {
    const { html, code } = await rendered("```\na < b\n```\n\n```nolang\nx\n```\n\n```text\ny\n```\n\n    indented");
    expect(code).toBe(false);
    expect(html).toBe(
      "<pre><code>a &lt; b\n</code></pre>\n" +
        '<pre><code class="language-nolang">x\n</code></pre>\n' +
        '<pre><code class="language-text">y\n</code></pre>\n' +
        "<pre><code>indented\n</code></pre>",
    );
  });

  it("are left as markdown-it writes them with highlight: false", async () => {
    const { html } = await rendered("```ts\nlet a = 1;\n```", { highlight: false });
    expect(html).toBe('<pre><code class="language-ts">let a = 1;\n</code></pre>');
  });

  it("wait for Shiki only when a block names a language to highlight", () => {
    const renderer = markdownRenderer({ ...SITE, markdown: resolveMarkdown({}, () => undefined) });
    expect(renderer.render("```text\nx\n```\n\n```\ny\n```", "a.md", 1)).toHaveProperty("html");
    expect(renderer.languagesOf("Plain text, `inline code`.")).toEqual([]);
    expect(renderer.languagesOf("> ```python\n> x\n> ```\n\n- ~~~Ruby\n  y\n  ~~~")).toEqual(["python", "ruby"]);
  });
});

describe("a colour at a contrast", () => {
  it("is measured as WCAG measures it", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777", "#fff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#00000080", "#ffffff")).toBeCloseTo(contrastRatio("#7f7f7f", "#ffffff")!, 2);
    expect(contrastRatio("red", "#ffffff")).toBeUndefined();
  });

  it("is raised toward black on a light background, toward white on a dark one, to just the ratio asked", () => {
    const onWhite = withContrast("#777777", "#ffffff", 7);
    expect(contrastRatio(onWhite, "#ffffff")).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(onWhite, "#ffffff")).toBeLessThan(7.1);
    expect(onWhite).toMatch(/^#5[0-9a-f]5[0-9a-f]5[0-9a-f]$/);
    const onBlack = withContrast("#555555", "#000000", 7);
    expect(contrastRatio(onBlack, "#000000")).toBeGreaterThanOrEqual(7);
    expect(Number.parseInt(onBlack.slice(1, 3), 16)).toBeGreaterThan(0x55);
    // Already enough, or no hex colour: as it is.
    expect(withContrast("#1f2328", "#ffffff", 7)).toBe("#1f2328");
    expect(withContrast("inherit", "#ffffff", 7)).toBe("inherit");
    // More than a background allows: black or white.
    expect(withContrast("#777777", "#777777", 21)).toBe("#000000");
  });
});

describe("the stylesheet of code blocks", () => {
  it("maps every class to Shiki's variables, picks the scheme by the system's, and holds no content", async () => {
    const themes = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" };
    await prepareHighlighting([], themes, "");
    const css = codeStylesheet(themes);
    expect(css).toContain(".shiki{--shiki-light:#0e1116;--shiki-light-bg:#ffffff;--shiki-dark:#f0f3f6;");
    expect(css).toContain(".sl-a0111f{--shiki-light:#a0111f}");
    expect(css).toContain(".sd-ff9492{--shiki-dark:#ff9492}");
    expect(css).toContain(".sl-i{--shiki-light-font-style:italic}");
    expect(css).toContain("@media (prefers-color-scheme:dark){.shiki{color:var(--shiki-dark);");
    expect(css).not.toMatch(/url\(|@import|style=/);
  });

  it("raises every colour fainter than 7:1 on its theme's background or a marked line's to 7:1, no other", async () => {
    const themes = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" };
    await prepareHighlighting([], themes, "");
    const colours = (css: string, scheme: "light" | "dark") =>
      new Map(
        [...css.matchAll(new RegExp(`\\.s${scheme[0]}-(\\w+)\\{--shiki-${scheme}:(#\\w+)\\}`, "g"))].map((m) => [
          m[1],
          m[2],
        ]),
      );
    const backgrounds = { light: "#ffffff", dark: "#0a0c10" };
    // A marked line's background: the theme's, tinted toward its text colour (nearer the tokens' colours).
    const marks = { light: markOf({ fg: "#0e1116", bg: "#ffffff" }), dark: markOf({ fg: "#f0f3f6", bg: "#0a0c10" }) };
    expect(marks).toEqual({ light: "#e2e2e3", dark: "#26282c" });
    const css = codeStylesheet(themes, 7);
    expect(css).toContain(`--shiki-light-bg:${backgrounds.light};`);
    expect(css).toContain(`--shiki-dark-bg:${backgrounds.dark}}`);
    for (const scheme of ["light", "dark"] as const) {
      const all = colours(css, scheme);
      expect(all.size, scheme).toBeGreaterThan(5);
      for (const [name, shown] of all) {
        const given = contrastRatio(`#${name}`, marks[scheme])!;
        const now = contrastRatio(shown, marks[scheme])!;
        expect(now, `${scheme} #${name} as ${shown}`).toBeGreaterThanOrEqual(7);
        expect(contrastRatio(shown, backgrounds[scheme]), `${scheme} #${name} as ${shown}`).toBeGreaterThan(now);
        // A colour at 7:1 already is kept; a fainter one is raised to just over 7:1, the nearest that reaches it.
        if (given >= 7) expect(shown).toBe(`#${name}`);
        else expect(now, `${scheme} #${name} as ${shown}`).toBeLessThan(7.1);
      }
    }
    // The light theme's comments: 5.04:1 as the theme has them.
    expect(contrastRatio("#66707b", backgrounds.light)).toBeCloseTo(5.04, 2);
    expect(colours(css, "light").get("66707b")).not.toBe("#66707b");
    // 1 keeps the themes' colours.
    expect(colours(codeStylesheet(themes, 1), "light").get("66707b")).toBe("#66707b");
  });

  it("takes the contrast from markdown.highlight.contrast, checked: 7 unless set", () => {
    const errors: string[] = [];
    const resolve = (markdown: object) =>
      resolveMarkdown(markdown, (entry, args) => errors.push(`${entry.message(args)} ${entry.hint?.(args)}`));
    expect(resolve({}).codeContrast).toBe(7);
    expect(resolve({ highlight: { contrast: 4.5 } }).codeContrast).toBe(4.5);
    expect(errors).toEqual([]);
    resolve({ highlight: { contrast: 30 } });
    expect(errors).toEqual([
      "markdown.highlight.contrast in site.config.ts must be a contrast ratio from 1 to 21; found the number 30. " +
        "write contrast: 7 for WCAG's AAA (the default), 4.5 for its AA, or 1 to keep the themes' colours.",
    ]);
  });

  it("has a rule for every class a highlighted block uses", async () => {
    const themes = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" };
    const { html } = await rendered(
      "```ts\n/** @param a */\nexport const f = (a: number) => `${a}` + /x+/g.source; // **note**\n```\n\n" +
        '```css\n.a:hover { color: #fff !important; }\n```\n\n```sh\necho "$HOME" | grep -i x\n```\n\n' +
        "```md\n# Title\n\n*em* **strong** ~~gone~~ [link](/x)\n```",
    );
    const css = codeStylesheet(themes);
    const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(" ")));
    const rules = new Set([...css.matchAll(/^\.([\w-]+)\{/gm)].map((m) => m[1]));
    const missing = [...used].filter((name) => !["shiki", "line"].includes(name) && !rules.has(name));
    expect(used.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
