// GitHub's alerts (> [!NOTE] …) and the opt-in containers (:::note … :::) in markdown and MDX bodies
// (content/markdown/alerts.ts, content/mdx/mdx-syntax.ts): written as GitHub writes an alert, the same HTML in both
// syntaxes, with role="note" and a decorative icon; what is not read stays as written and is told.
import { describe, expect, it } from "vitest";
import { comparable, renderMd, renderMdx } from "../../helpers/body-syntax.ts";

const KINDS = [
  ["NOTE", "note", "Note", "octicon-info"],
  ["TIP", "tip", "Tip", "octicon-light-bulb"],
  ["IMPORTANT", "important", "Important", "octicon-report"],
  ["WARNING", "warning", "Warning", "octicon-alert"],
  ["CAUTION", "caution", "Caution", "octicon-stop"],
] as const;

describe("GitHub's alerts", () => {
  it.each(KINDS)("> [!%s] is GitHub's %s alert, the same in markdown and MDX", (marker, kind, title, icon) => {
    const body = `# Before\n\n> [!${marker}]\n> Read *this* first.\n> Then this.\n\nAfter.\n`;
    const { html, notes } = renderMd(body);
    const open = `<div class="markdown-alert markdown-alert-${kind}" role="note"><p class="markdown-alert-title">`;
    expect(html).toContain(open);
    expect(html).toMatch(new RegExp(`<svg class="octicon ${icon}" viewBox="0 0 16 16" [^>]*aria-hidden="true">`));
    expect(html).toMatch(new RegExp(`</svg>${title}</p>\\n<p>Read <em>this</em> first.\\nThen this.</p>\\n</div>`));
    expect(html).not.toContain("blockquote");
    expect(html).not.toContain(`[!${marker}]`);
    expect(notes).toEqual([]);
    expect(comparable(renderMdx(body))).toBe(comparable(html));
  });

  it("reads the marker in any case, paragraphs after a blank line, and keeps a quote that says nothing else", () => {
    const body = "> [!tip]\n>\n> One.\n>\n> Two.\n\n> [!NOTE]\n\n> [!NOTE] on the same line\n";
    const { html } = renderMd(body);
    expect(html).toContain('<div class="markdown-alert markdown-alert-tip" role="note">');
    expect(html).toMatch(/Tip<\/p>\n<p>One.<\/p>\n<p>Two.<\/p>\n<\/div>/);
    expect(html).toContain("<blockquote>\n<p>[!NOTE]</p>\n</blockquote>");
    expect(html).toContain("<p>[!NOTE] on the same line</p>");
    expect(comparable(renderMdx(body))).toBe(comparable(html));
  });

  it("is read at the top level only, as on GitHub: in a list it stays a quote, and is told", () => {
    const { html, notes } = renderMd("- item\n\n  > [!NOTE]\n  > In a list.\n");
    expect(html).toContain("<blockquote>");
    expect(notes).toEqual([[3, expect.stringMatching(/^"> \[!NOTE\]" is a GitHub alert, which is not read here/)]]);
  });

  it("stays a quote with alerts: false and in the commonmark preset, told with how to turn it on", () => {
    for (const settings of [{ alerts: false }, { preset: "commonmark" as const }]) {
      const { html, notes } = renderMd("> [!WARNING]\n> Hot.\n", settings);
      expect(html).toContain("<blockquote>");
      expect(notes[0][1]).toMatch(/Hint: remove alerts: false from markdown in site\.config\.ts/);
      expect(renderMdx("> [!WARNING]\n> Hot.\n", settings)).toContain("<blockquote>");
    }
  });

  it("tells a kind GitHub does not read (an Obsidian callout) with the five it reads", () => {
    const { notes } = renderMd("> [!ABSTRACT]\n> Sum.\n");
    expect(notes[0][1]).toMatch(/Hint: write one of GitHub's alerts, > \[!NOTE\], \[!TIP\]/);
  });

  it("keeps telling foreign syntax inside an alert at its own line", () => {
    const { notes } = renderMd("> [!NOTE]\n> See {{< ref x >}}.\n");
    expect(notes.map(([line]) => line)).toEqual([2]);
  });
});

const CONTAINERS = [
  ["note", "note", "Note"],
  ["info", "note", "Info"],
  ["tip", "tip", "Tip"],
  ["important", "important", "Important"],
  ["warning", "warning", "Warning"],
  ["caution", "warning", "Caution"],
  ["danger", "caution", "Danger"],
] as const;

describe("containers, with markdown.containers", () => {
  it.each(CONTAINERS)(":::%s is the %s alert titled %s, the same in markdown and MDX", (name, kind, title) => {
    const body = `:::${name}\nMind the **step**.\n:::\n`;
    const { html, notes } = renderMd(body, { containers: true });
    expect(html).toContain(`<div class="markdown-alert markdown-alert-${kind}" role="note">`);
    expect(html).toMatch(new RegExp(`</svg>${title}</p>\\n<p>Mind the <strong>step</strong>.</p>\\n</div>`));
    expect(notes).toEqual([]);
    expect(comparable(renderMdx(body, { containers: true }))).toBe(comparable(html));
  });

  it("takes a title in brackets (Docusaurus, Starlight) in both, or after a space (VitePress) in markdown", () => {
    const bracketed = ":::tip[Before you *start*]\nCharge it.\n:::\n";
    const { html } = renderMd(bracketed, { containers: true });
    expect(html).toMatch(/<\/svg>Before you <em>start<\/em><\/p>\n<p>Charge it.<\/p>/);
    expect(comparable(renderMdx(bracketed, { containers: true }))).toBe(comparable(html));
    expect(renderMd("::: danger Do not\nTouch.\n:::\n", { containers: true }).html).toMatch(
      /markdown-alert-caution" role="note"><p class="markdown-alert-title"><svg[^>]*><path[^>]*><\/path><\/svg>Do not/,
    );
  });

  it("are text without the setting, told with the setting that reads them", () => {
    const { html, notes } = renderMd("Intro.\n\n:::note\nIn.\n:::\n");
    expect(html).toContain("<p>:::note\nIn.\n:::</p>");
    expect(notes).toEqual([[3, expect.stringMatching(/Hint: write markdown: \{ containers: true \} in site\.config/)]]);
  });

  it("leave another container told, and in MDX another directive as the text it was", () => {
    const { notes } = renderMd(":::details\nMore.\n:::\n", { containers: true });
    expect(notes[0][1]).toMatch(/":::details" opens a container .* Hint: add a markdown-it plugin/);
    const mdx = renderMdx("Open at 10:30, a ratio a:b, :abbr[HTML] and ::video\n", { containers: true });
    expect(mdx).toContain("<p>Open at 10:30, a ratio a:b, :abbr[HTML] and ::video</p>");
  });
});
