// renderMarkdown(), the public entry's: a string rendered as a build renders a body (the defaults or the settings
// given, raw HTML per call, the base path), synchronously with plain code blocks, its renderer made once.
import { describe, expect, it } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import type { MarkdownOptions } from "../../../packages/heirloom/src/config/markdown-options.ts";
import { prepareHighlighting } from "../../../packages/heirloom/src/content/highlight/highlight.ts";
import { type RenderedMarkdown, markdownRenderer } from "../../../packages/heirloom/src/content/markdown/markdown.ts";
import { refsAsWritten } from "../../../packages/heirloom/src/content/markdown/refs.ts";
import { renderMarkdown } from "../../../packages/heirloom/src/index.ts";

const TEXT = '## A "first" step\n\nSee [the guide](/guide) -- <b>now</b>.\n\n| a |\n| -: |\n| 1 |\n\n- [x] Done';

/**
 * The same text as a build renders a body with these settings, its links as a page publishes them where nothing
 * of content/ is known (a body's links to the site are markers until then: see content/markdown/refs.ts).
 */
function asBody(markdown: MarkdownOptions, html = false, base = "/"): RenderedMarkdown {
  const site = { markdown: resolveMarkdown(markdown, () => expect.fail("bad settings")), source: "", root: "/x" };
  const body = markdownRenderer(site, html).render(TEXT, "content/pages/a.md", 1, base) as RenderedMarkdown;
  return { ...body, html: refsAsWritten(body.html, base) };
}

describe("renderMarkdown", () => {
  it("renders as a body is rendered with the defaults: { html, headings }", () => {
    const { html, headings } = renderMarkdown(TEXT);
    expect({ html, headings }).toEqual({ html: asBody({}).html, headings: asBody({}).headings });
    expect(headings).toEqual([{ depth: 2, text: "A “first” step", id: "a-first-step" }]);
    expect(html).toContain("&lt;b&gt;now&lt;/b&gt;");
  });

  it("renders with the site's settings, raw HTML kept or not per call, site paths given the base path", () => {
    const settings: MarkdownOptions = { typographer: false, anchors: false, gfm: { tasklists: false } };
    expect(renderMarkdown(TEXT, settings, { html: true, base: "/docs/" }).html).toBe(
      asBody(settings, true, "/docs/").html,
    );
    expect(renderMarkdown(TEXT, settings, { html: true, base: "/docs/" }).html).toContain(
      '<a href="/docs/guide">the guide</a> -- <b>now</b>',
    );
    expect(renderMarkdown(TEXT, { preset: "commonmark" }).html).toContain("<h2>A &quot;first&quot; step</h2>");
  });

  it("returns plain code blocks at once, the same whether or not Shiki has loaded the language", async () => {
    const fence = "```ts\nconst a = 1;\n```";
    const before = renderMarkdown(fence).html;
    expect(before).toBe('<pre><code class="language-ts">const a = 1;\n</code></pre>');
    await prepareHighlighting(["ts"], { light: "github-light", dark: "github-dark" }, "");
    expect(renderMarkdown(fence).html).toBe(before);
  });

  it("makes the renderer of a settings object once", () => {
    let setUps = 0;
    const settings: MarkdownOptions = { plugins: [() => void setUps++] };
    renderMarkdown("One.", settings);
    renderMarkdown("Two.", settings);
    expect(setUps).toBe(1);
  });

  it("throws a link whose scheme runs code at the file and line given, and settings of the wrong form", () => {
    expect(() =>
      renderMarkdown("Text.\n\n[x](javascript:alert(1))", {}, { file: "content/faqs/a.md", line: 4 }),
    ).toThrow(expect.objectContaining({ code: "UnsafeLinkError", location: { file: "content/faqs/a.md", line: 6 } }));
    expect(() => renderMarkdown("Text.", { gfm: "yes" } as never)).toThrow(
      expect.objectContaining({
        errors: [
          expect.objectContaining({
            message: expect.stringMatching(/^markdown\.gfm in renderMarkdown\(\) must be true, false or an object/),
          }),
        ],
      }),
    );
  });
});
