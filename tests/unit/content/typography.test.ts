// The typographer: curly quotes, … for three dots, dashes for --- and spaced or numeric --; nothing else, and never
// in code, URLs, link text that is a URL, or HTML tags; off with typographer: false or preset "commonmark".
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../packages/heirloom/src/index.ts";

const html = (text: string, markdown = {}, raw = false) => renderMarkdown(text, markdown, { html: raw }).html;

describe("the typographer", () => {
  it("curls quotes, writes ... as …, --- as —, -- between spaces or digits as –, and changes nothing else", () => {
    expect(html(`"Yes," she said, 'it's 1962... or so' -- pages 10--20---all of them.`)).toBe(
      "<p>“Yes,” she said, ‘it’s 1962… or so’ – pages 10–20—all of them.</p>",
    );
    // Two dots, (c), (r), (tm), +-, ,, ???? and !!!! as written (markdown-it's typographer changes them all), and
    // -- inside a word or before one.
    const prose = "Call Self::foo(..) for 1..10 (c) (r) (tm) +-5 ,, ???? !!!! block--mod and --force";
    expect(html(prose)).toBe(`<p>${prose}</p>`);
  });

  it("leaves an escaped dash as written: \\-- is not a dash", () => {
    expect(html("Foo\nbar\n\\---\nbaz")).toBe("<p>Foo\nbar\n---\nbaz</p>");
  });

  it("never touches code: spans, blocks, and raw HTML's <code>, <kbd>, <pre> and <samp>", () => {
    expect(html('`"a"--b...` and\n\n```\n"a"--b...\n```')).toBe(
      "<p><code>&quot;a&quot;--b...</code> and</p>\n<pre><code>&quot;a&quot;--b...\n</code></pre>",
    );
    expect(html('Press <kbd>"--x"</kbd>, then <code>a--b...</code>; <samp>"ok"</samp>.', {}, true)).toBe(
      "<p>Press <kbd>&quot;--x&quot;</kbd>, then <code>a--b...</code>; <samp>&quot;ok&quot;</samp>.</p>",
    );
  });

  it("never touches a URL: linked, found in text, written as a link's text, or in text without autolinks", () => {
    const url = "https://example.com/it's--a...b";
    expect(html(`See ${url} -- [${url}](${url}) <${url}> www.example.com/a--b`)).toBe(
      `<p>See <a href="${url}">${url}</a> – <a href="${url}">${url}</a> <a href="${url}">${url}</a> ` +
        '<a href="http://www.example.com/a--b">www.example.com/a--b</a></p>',
    );
    expect(html(`See ${url} -- "so"`, { gfm: { autolinks: false } })).toBe(`<p>See ${url} – “so”</p>`);
  });

  it("never touches an HTML tag written in text, escaped or kept", () => {
    expect(html('Write <span class="note">--</span> "here".')).toBe(
      "<p>Write &lt;span class=&quot;note&quot;&gt;--&lt;/span&gt; “here”.</p>",
    );
    expect(html('<span class="note">x</span> "here"', {}, true)).toBe('<p><span class="note">x</span> “here”</p>');
  });

  it("is off with typographer: false, and with preset commonmark", () => {
    const prose = `"Yes" -- 1962...`;
    expect(html(prose, { typographer: false })).toBe("<p>&quot;Yes&quot; -- 1962...</p>");
    expect(html(prose, { preset: "commonmark" })).toBe("<p>&quot;Yes&quot; -- 1962...</p>\n");
  });
});
