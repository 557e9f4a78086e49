// A fenced block in a language Shiki does not have is written plain, as before, and told as a warning at its file and
// line with Shiki's nearest names (src/content/highlight/unknown-language.ts): by build (its warnings, the command's
// output and --json), check and dev; again by a build that reuses the body (markdown's cache, a compiled MDX body);
// never for a block without a language or in text, txt, plain or plaintext.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { heirloomRun, startCli, stopStarted } from "../../helpers/cli-process.ts";
import { buildProject, copyJournal, editFile as edit, makeFixture, ownTemplates } from "../../helpers/site.ts";

afterEach(() => stopStarted());

const PAGE = "content/pages/fences.md";
const NONE = " (write ```text for plain text, or a language of https://shiki.style/languages)";
/** The warning of a block in `lang` at `line` of `file`; `hint` what it suggests. */
const told = (file: string, line: number, lang: string, hint = NONE) =>
  `${file}:${line}: the \`\`\`${lang} block was not highlighted: Shiki has no language "${lang}", so it is ` +
  `written plain${hint}`;

/** The markdown fixture with a page of fences: two in languages Shiki lacks (lines 7 and 31), the rest plain. */
function siteWithFences(): string {
  const root = makeFixture("markdown");
  const fences = ["", "text", "txt", "plain", "PlainText"].map((lang) => `\`\`\`${lang}\nwords\n\`\`\`\n`).join("\n");
  const body = `\`\`\`notalanguage\nx := 1\n\`\`\`\n\n${fences}\n\`\`\`Pyhton extra words\nprint(1)\n\`\`\`\n`;
  writeFileSync(path.join(root, PAGE), `---\npath: /fences\ntemplate: prose\ntitle: Fences\n---\nText.\n${body}`);
  // Its own templates, for the command.
  ownTemplates(root);
  return root;
}

const EXPECTED = [
  told("content/pages/guide.md", 17, "mermaid-unknown"),
  told(PAGE, 7, "notalanguage"),
  told(PAGE, 31, "pyhton", " (did you mean ```python? write ```text for plain text)"),
].sort();
const plainWarnings = (warnings: string[]) => warnings.filter((w) => w.includes("Shiki has no language")).sort();

describe("a code block whose language is followed by a comma and attributes (rustdoc's, mdBook's, Zola's)", () => {
  it("is highlighted in the language before the comma, in markdown and in MDX, and told nothing", async () => {
    const root = copyJournal("heirloom-fence-attributes-");
    const code = "fn main() {}\n";
    const fences = (...langs: string[]) => langs.map((lang) => `\`\`\`${lang}\n${code}\`\`\`\n`).join("\n");
    edit(root, "content/posts/difficult-chapters.md", /\n---\n/, `\n---\n${fences("rust,ignore", "rust")}\n`);
    const mdx = "content/posts/the-right-length.mdx";
    writeFileSync(
      path.join(root, mdx),
      `${readFileSync(path.join(root, mdx), "utf8")}\n${fences("Rust,no_run", "rust")}`,
    );
    const built = await buildProject(root);
    expect(plainWarnings(built.warnings)).toEqual([]);
    for (const page of ["difficult-chapters", "the-right-length"]) {
      const html = readFileSync(path.join(built.outDir, "blog", page, "index.html"), "utf8");
      const blocks = [...html.matchAll(/<pre class="shiki[\s\S]*?<\/pre>/g)].map((m) => m[0]);
      const rust = blocks.filter((b) => b.includes(">main<"));
      expect(rust, page).toHaveLength(2);
      expect(rust[0], page).toBe(rust[1]);
      expect(html, page).not.toContain("language-rust,");
    }
  });
});

describe("a code block in a language Shiki does not have", () => {
  it("is written plain and told at its file and line, once, by every build that uses its body", async () => {
    const root = siteWithFences();
    const built = await buildProject(root);
    expect(plainWarnings(built.warnings)).toEqual(EXPECTED);
    const html = readFileSync(path.join(built.outDir, "fences.html"), "utf8");
    expect(html).toContain('<pre><code class="language-notalanguage">x := 1\n</code></pre>');
    expect(html).toContain('<pre><code class="language-Pyhton">print(1)\n</code></pre>');
    expect(html).toContain("<pre><code>words\n</code></pre>");
    expect(html).toContain('<pre><code class="language-text">words\n</code></pre>');
    // Another page changed: these bodies are taken from the markdown cache, not rendered, and told again.
    edit(root, "content/pages/about/team.md", "We are", "Now we are");
    const again = await buildProject(root);
    expect(again.rendered).toEqual(["/about/team"]);
    expect(plainWarnings(again.warnings)).toEqual(EXPECTED);
    // Nothing changed: the kept build's report tells them too.
    expect(plainWarnings((await buildProject(root)).warnings)).toEqual(EXPECTED);
  });

  it("in an MDX body: told at its line in the file, by a build that compiles it and one that reuses it", async () => {
    const root = copyJournal("heirloom-mdx-language-");
    const post = "content/posts/the-right-length.mdx";
    const before = readFileSync(path.join(root, post), "utf8");
    writeFileSync(
      path.join(root, post),
      `${before}\n\`\`\`notalanguage\nx := 1\n\`\`\`\n\n\`\`\`text\nplain\n\`\`\`\n`,
    );
    const line = before.split("\n").length + 1;
    const first = await buildProject(root);
    expect(plainWarnings(first.warnings)).toEqual([told(post, line, "notalanguage")]);
    const html = readFileSync(path.join(first.outDir, "blog", "the-right-length", "index.html"), "utf8");
    expect(html).toContain('<pre><code class="language-notalanguage">x := 1\n</code></pre>');
    edit(root, "content/posts/difficult-chapters.md", /\n---\n/, "\n---\nA new first line.\n");
    const again = await buildProject(root);
    expect(again.rendered).not.toContain("/blog/the-right-length/");
    expect(plainWarnings(again.warnings)).toEqual([told(post, line, "notalanguage")]);
  });

  it("is printed by build (and in --json) and check, each place once", () => {
    const root = siteWithFences();
    const lines = (output: string) =>
      output
        .split("\n")
        .filter((l) => l.includes("Shiki has no language"))
        .sort();
    const built = heirloomRun(root, "build");
    expect(built.code).toBe(0);
    expect(lines(built.stderr)).toEqual(EXPECTED.map((w) => `warning ${w}`));
    const json = heirloomRun(root, "build", "--json", "--no-cache");
    expect(plainWarnings(JSON.parse(json.stdout).warnings)).toEqual(EXPECTED);
    const checked = heirloomRun(root, "check");
    expect(checked.code).toBe(0);
    expect(lines(checked.stderr)).toEqual(EXPECTED.map((w) => `warning ${w}`));
  }, 60_000);

  it("is printed by dev when its page is asked for", async () => {
    const root = siteWithFences();
    const server = startCli(root, ["dev", "--port", "0"]);
    const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
    expect(server.output()).not.toContain("Shiki has no language");
    const page = await fetch(new URL("fences", url));
    expect(await page.text()).toContain('<pre><code class="language-notalanguage">x := 1\n</code></pre>');
    const escaped = told(PAGE, 7, "notalanguage").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await server.waitFor(new RegExp(`warning ${escaped}`), 10_000);
  }, 60_000);
});
