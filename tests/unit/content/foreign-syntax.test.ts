// Another generator's syntax in a markdown body (content/markdown/foreign-syntax.ts) is told at its file and line
// with the Heirloom way to get it: Hugo's shortcodes (their quotes curled by the typographer too), Liquid tags and
// output, {% raw %}, ::: containers and > [!NOTE] alerts that are not read; never in code. In an .mdx file such
// syntax fails to compile, and the error says what it is.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { MarkdownIt } from "markdown-it";
import { describe, expect, it } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import type { MarkdownOptions } from "../../../packages/heirloom/src/config/markdown-options.ts";
import { type RenderedMarkdown, markdownRenderer } from "../../../packages/heirloom/src/content/markdown/markdown.ts";
import { compileMdxBody } from "../../../packages/heirloom/src/content/mdx/mdx-compile.ts";
import type { SourceEntry } from "../../../packages/heirloom/src/content/types.ts";
import { HeirloomError } from "../../../packages/heirloom/src/errors/errors.ts";
import { buildProject, copyJournal } from "../../helpers/site.ts";
import { mdxRendererOf } from "../../helpers/mdx.ts";

/** The notes of a body rendered with these settings: [line in the body, what is told]. */
function notesOf(body: string, markdown: MarkdownOptions = {}, html = false): Array<[number, string]> {
  const site = { markdown: resolveMarkdown(markdown, () => expect.fail("bad settings")), source: "", root: "/x" };
  const rendered = markdownRenderer(site, html).render(body, "content/posts/a.md", 1) as RenderedMarkdown;
  return rendered.notes ?? [];
}
const lines = (body: string, markdown?: MarkdownOptions) => notesOf(body, markdown).map(([line]) => line);

const HUGO = [
  "# Moving day",
  "",
  '{{< figure src="/img/a.png" title="A box" >}}',
  "",
  "{{% note %}}",
  "Mind the step.",
  "{{% /note %}}",
  "",
  'Read {{< ref "other.md" >}} next, or {{< youtube id="x1" >}}.',
].join("\n");

describe("a Hugo shortcode", () => {
  it("is told at its line, named, with the markdown or MDX way to write it; a closing one is not told again", () => {
    const notes = notesOf(HUGO);
    expect(notes.map(([line]) => line)).toEqual([3, 5, 9, 9]);
    expect(notes[0][1]).toBe(
      "{{< figure >}} is a Hugo shortcode, which is not run here: it is printed as text. Hint: write the image as " +
        'markdown, ![alt](src "title"), or rename the file to .mdx and use a component exported by templates/mdx.ts ' +
        "in its place (<Figure … />).",
    );
    expect(notes[1][1]).toMatch(
      /^\{\{% note %\}\} is a Hugo shortcode.* \(such as <Note … \/>, .*remove \{\{% \/note %\}\}/,
    );
    expect(notes[2][1]).toMatch(
      /^\{\{< ref >\}\} .* Hint: link to the file itself, such as \[text\]\(\.\.\/other-post\.md\)/,
    );
    expect(notes[3][1]).toMatch(/^\{\{< youtube >\}\} .*<Youtube … \/>/);
  });

  it("is told with the quotes the typographer curled, and in raw HTML", () => {
    const curled = lines("Intro\n\n{{< figure src=\"/a.png\" alt='it's' >}}", { typographer: true });
    expect(curled).toEqual([3]);
    expect(notesOf("<div>\n{{< gallery >}}\n</div>\n", {}, true).map(([line]) => line)).toEqual([2]);
  });
});

describe("Liquid", () => {
  it("tells a tag and a site or page variable at its line, with what to write instead", () => {
    const body = [
      "Text {% include note.html text=page.x %} here.",
      "",
      "{% highlight ruby %}",
      "puts {{ site.title }}",
      "{% endhighlight %}",
      "",
      "By {{ page.author }} on {{ site.title | upcase }}, see {{ '/about/' | relative_url }}.",
      "{% link _posts/2024-01-05-x.md %} and {% post_url 2024-01-05-x %}",
    ].join("\n");
    const notes = notesOf(body, { typographer: true });
    // Inside {% highlight %} … {% endhighlight %} nothing more is told: Jekyll shows it as code.
    expect(notes.map(([line, note]) => `${line} ${note.slice(0, note.indexOf(" is "))}`)).toEqual([
      "1 {% include %}",
      "3 {% highlight %}",
      "7 {{ page.author }}",
      "7 {{ site.title | upcase }}",
      "7 {{ '/about/' | relative_url }}",
      "8 {% link %}",
      "8 {% post_url %}",
    ]);
    expect(notes[1][1]).toContain(
      "Hint: write the code as a fenced block, ```lang … ```, and remove {% endhighlight %}.",
    );
    expect(notes[4][1]).toContain("for {{ '/path' | relative_url }}, the site path /path");
  });

  it("tells {% raw %} once, and nothing of what it keeps as written", () => {
    const notes = notesOf("A {% raw %}{{ site.title }} and {% include x %}{% endraw %} b.\n\nThen {{ page.title }}.");
    expect(notes.map(([line, note]) => `${line} ${note.slice(0, note.indexOf(" is "))}`)).toEqual([
      "1 {% raw %}",
      "3 {{ page.title }}",
    ]);
    expect(notes[0][1]).toContain("Hint: remove {% raw %} and {% endraw %}");
  });
});

describe("containers and alerts no plugin reads", () => {
  it("tells a ::: container and a > [!NOTE] alert not read at their lines, with the setting that reads them", () => {
    const body = "Intro.\n\n::: warning\nHot.\n:::\n\n> [!NOTE]\n> Read this.\n\n> A plain quote [!x].\n";
    expect(notesOf(body).map(([line]) => line)).toEqual([3]);
    const notes = notesOf(body, { alerts: false });
    expect(notes.map(([line]) => line)).toEqual([3, 7]);
    expect(notes[0][1]).toMatch(/^":::warning" opens a container .* Hint: write markdown: \{ containers: true \}/);
    expect(notes[1][1]).toMatch(/^"> \[!NOTE\]" is a GitHub alert.* Hint: remove alerts: false/);
    expect(notesOf("::: box\nIn.\n:::\n")[0][1]).toMatch(/Hint: add a markdown-it plugin .*markdown-it-container/);
  });

  it("tells a container nothing when a plugin of the site reads it", () => {
    expect(lines("::: box\nIn.\n:::\n", { plugins: [boxes] })).toEqual([]);
  });
});

/** A plugin that reads ::: … ::: as one block (a stand-in for markdown-it-container). */
function boxes(md: MarkdownIt): void {
  md.block.ruler.before("fence", "box", (state, start, end, silent) => {
    const text = (n: number) => state.src.slice(state.bMarks[n] + state.tShift[n], state.eMarks[n]);
    if (!text(start).startsWith(":::")) return false;
    if (silent) return true;
    let n = start + 1;
    while (n < end && !text(n).startsWith(":::")) n++;
    const token = state.push("html_block", "", 0);
    token.content = "<aside></aside>\n";
    token.map = [start, n + 1];
    state.line = n + 1;
    return true;
  });
}

describe("code", () => {
  it("tells nothing of what is in code spans, fenced and indented blocks", () => {
    const body = [
      'Write `{{< figure src="x" >}}` or ``{% include x %}`` and `{{ site.title }}`.',
      "",
      "```go-html-template",
      '{{< figure src="x" >}}',
      "{% raw %}",
      "```",
      "",
      "    {{% note %}}",
      "    ::: tip",
      "",
      "> ```",
      "> [!NOTE]",
      "> ```",
    ].join("\n");
    expect(notesOf(body)).toEqual([]);
  });

  it("tells {% raw %} in a code span, which Jekyll reads before markdown, and nothing it keeps", () => {
    const body = "Write `{% raw %}{{ layout }}{% endraw %}` in a layout, or `{{ page.title }}`.";
    const notes = notesOf(body);
    expect(notes).toHaveLength(1);
    expect(notes[0][0]).toBe(1);
    expect(notes[0][1]).toMatch(/^\{% raw %\} is a Liquid tag/);
  });

  it("does not look through a body without {{, {%, ::: or [!", () => {
    expect(notesOf("A {x} and a % and :: and [x](y).")).toEqual([]);
  });
});

describe("a build", () => {
  it("prints each at its file's line, and again when it reuses the rendered body", async () => {
    const root = copyJournal("heirloom-foreign-");
    const post = "content/posts/hugo.md";
    const front = "---\ntitle: From Hugo\ndate: 2024-01-05\ndescription: A post.\n---\n";
    writeFileSync(path.join(root, post), `${front}Intro.\n\n{{< figure src="/a.png" >}}\n`);
    const told = (warnings: string[]) => warnings.filter((w) => w.includes("Hugo shortcode"));
    const first = await buildProject(root);
    expect(told(first.warnings)).toEqual([
      expect.stringMatching(/^content\/posts\/hugo\.md:8: \{\{< figure >\}\} is a/),
    ]);
    const again = await buildProject(root);
    expect(told(again.warnings)).toEqual(told(first.warnings));
  });
});

describe("in an .mdx file", () => {
  const compile = (body: string) => {
    const source = { file: "content/posts/a.mdx", body, bodyLine: 5 } as unknown as SourceEntry;
    const result = compileMdxBody(source, "/", mdxRendererOf({ anchors: false }));
    if (!(result instanceof HeirloomError)) throw new Error("compiled");
    return result;
  };

  it("the compile error says it is a Hugo shortcode or Liquid, and what to write instead", () => {
    const shortcode = compile('Text\n\n{{< figure src="/a.png" >}}\n');
    expect([shortcode.id, shortcode.location]).toEqual([
      "MdxForeignSyntax",
      { file: "content/posts/a.mdx", line: 7, column: 3 },
    ]);
    expect(shortcode.message).toBe(
      'Could not compile the MDX of content/posts/a.mdx: "{{< figure >}}" is a Hugo shortcode, which MDX reads as a ' +
        "JavaScript expression: Could not parse expression with acorn",
    );
    expect(shortcode.hint).toMatch(/^write the image as markdown, !\[alt\]\(src "title"\), or rename/);
    expect(compile("A {% include foo.html %} b\n").message).toContain('"{% include %}" is a Liquid tag (Jekyll)');
    expect(compile("See {{ site.title }}\n").message).toContain('"{{ site.title }}" is Liquid output (Jekyll)');
    expect(compile("A { broken\n").id).toBe("MdxCompileFailed");
  });
});
