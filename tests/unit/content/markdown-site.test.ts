// Markdown in a built site: headings and their table of contents in a template, code blocks highlighted with
// the code stylesheet published and linked, the site's plugins and raw HTML per collection; and Shiki loaded
// by the command only when a page has a code block.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import {
  buildWatched as buildShikiWatched,
  buildProject,
  editFile as edit,
  makeFixture,
  ownTemplates,
} from "../../helpers/site.ts";

describe("markdown in a site", () => {
  it("gives templates each entry's headings, with the ids the page's headings have, from the cache too", async () => {
    const root = makeFixture("markdown");
    const built = await buildProject(root);
    const page = parse(readFileSync(path.join(built.outDir, "guide.html"), "utf8"));
    const tocOf = (html: string) =>
      parse(html)
        .querySelectorAll("nav.toc li")
        .map((li) => [li.getAttribute("data-depth"), li.innerHTML]);
    const toc = tocOf(readFileSync(path.join(built.outDir, "guide.html"), "utf8"));
    expect(toc).toEqual([
      ["2", '<a href="#set-up-steps">Set-up steps</a>'],
      ["2", '<a href="#set-up-steps-1">Set-up steps</a>'],
      ["3", '<a href="#café--crème">Café &amp; crème!</a>'],
    ]);
    const ids = page.querySelectorAll("h2, h3").map((h) => h.id);
    expect(ids).toEqual(["set-up-steps", "set-up-steps-1", "café--crème"]);
    expect(page.querySelectorAll(".heading-anchor").map((a) => a.getAttribute("aria-label"))).toEqual([
      "Link to this section: Set-up steps",
      "Link to this section: Set-up steps",
      "Link to this section: Café & crème!",
    ]);
    // A template changed: every page is rendered again, with the bodies and headings the markdown cache kept.
    ownTemplates(root);
    edit(root, "templates/Pages.tsx", /^/, "// Changed.\n");
    const again = await buildProject(root);
    expect(again.rendered).toContain("/guide");
    expect(tocOf(readFileSync(path.join(again.outDir, "guide.html"), "utf8"))).toEqual(toc);
  });

  it("highlights code and publishes the code stylesheet, linked by templates on every page", async () => {
    const built = await buildProject(makeFixture("markdown"));
    const html = (file: string) => readFileSync(path.join(built.outDir, file), "utf8");
    const guide = parse(html("guide.html"));
    expect(guide.querySelectorAll("pre.shiki").map((pre) => pre.getAttribute("data-language"))).toEqual(["ts"]);
    expect(html("guide.html")).toContain(
      '<code><span class="line"><span class="sl-66707b sd-bdc4cc">// Build the site</span></span>\n',
    );
    expect(html("guide.html")).toContain('<pre><code class="language-mermaid-unknown">graph TD\n</code></pre>');
    expect(html("guide.html")).not.toMatch(/\sstyle=/);
    const link = guide.querySelectorAll('link[rel="stylesheet"]').map((l) => l.getAttribute("href"));
    const code = link.find((href) => /^\/assets\/code-[0-9A-F]{8}\.css$/.test(href ?? ""));
    expect(code).toBeDefined();
    // The light theme's comments (#66707b, 5:1 on its white) raised to 7:1 on a marked line's tint, the default.
    expect(html(code!.slice(1))).toContain(".sl-66707b{--shiki-light:#434950}");
    expect(parse(html("about/team.html")).querySelector(`link[href="${code}"]`)).not.toBeNull();
    expect(built.routes.find((r) => r.route === "/guide")?.cssBytes).toBeGreaterThan(0);
  });

  it("publishes no code stylesheet for a site without a highlighted block", async () => {
    const built = await buildProject(makeFixture());
    expect(readFileSync(path.join(built.outDir, "index.html"), "utf8")).not.toContain("/assets/code-");
    expect(existsSync(path.join(built.outDir, "assets"))).toBe(true);
    expect(spawnSync("ls", [path.join(built.outDir, "assets")], { encoding: "utf8" }).stdout).not.toMatch(/code-/);
  });

  it("applies the site's plugins and keeps raw HTML in a collection with html: true only", async () => {
    const root = makeFixture("markdown");
    edit(
      root,
      "site.config.ts",
      'urlFormat: "file",',
      'urlFormat: "file",\n  markdown: { plugins: [[shout, "!"]], anchors: false },',
    );
    edit(
      root,
      "site.config.ts",
      "export default definition;",
      "export default definition;\n\n" +
        "function shout(md: { renderer: { rules: Record<string, unknown> } }, mark: string) {\n" +
        '  md.renderer.rules.strong_open = () => `<strong class="shout">${mark}`;\n}',
    );
    edit(root, "site.config.ts", 'folder: "notes",', 'folder: "notes",\n      html: true,');
    writeFileSync(
      path.join(root, "content", "notes", "third.md"),
      "---\norder: 3\ntitle: Third\nprice: 9\ntags: [three]\nfeatured: false\n---\n" +
        "<details><summary>More</summary>\n\nA **raw** block.\n\n</details>\n",
    );
    const built = await buildProject(root);
    const html = (file: string) => readFileSync(path.join(built.outDir, file), "utf8");
    expect(html("notes/third.html")).toContain(
      '<details><summary>More</summary>\n<p>A <strong class="shout">!raw</strong> block.</p>\n</details>',
    );
    expect(html("about/team.html")).toContain('We are a <strong class="shout">!small</strong> team.');
    expect(html("guide.html")).toContain('<h2 id="set-up-steps">Set-up steps</h2>\n<pre class="shiki"');
    // Pages stay escaped: html is the notes' option only.
    edit(root, "content/pages/about/team.md", "We are", "<b>We</b> are");
    const again = await buildProject(root);
    expect(readFileSync(path.join(again.outDir, "about/team.html"), "utf8")).toContain("&lt;b&gt;We&lt;/b&gt; are");
  });
});

describe("markdown settings in a site", () => {
  it('preset "commonmark": raw HTML kept unless a collection says html: false, headings without ids', async () => {
    const root = makeFixture("markdown");
    edit(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  markdown: { preset: "commonmark" },');
    edit(root, "site.config.ts", 'folder: "notes",', 'folder: "notes",\n      html: false,');
    edit(root, "content/pages/about/team.md", "We are", '<b>We</b> are "the"');
    edit(root, "content/notes/first.md", /\n---\n/, "\n---\n<b>Raw</b>\n");
    // Headings have no ids to link to: the guide's link to one would be broken (and the link check says so).
    edit(root, "content/pages/guide.md", "[the steps](#set-up-steps)", "the steps");
    const built = await buildProject(root);
    const html = (file: string) => readFileSync(path.join(built.outDir, file), "utf8");
    expect(html("about/team.html")).toContain("<b>We</b> are &quot;the&quot;");
    expect(html("notes/first.html")).toContain("&lt;b&gt;Raw&lt;/b&gt;");
    expect(html("guide.html")).toContain("<h2>Set-up steps</h2>");
    expect(html("guide.html")).toContain('<pre><code class="language-ts">');
  });

  it("lets a template render markdown it holds in data with renderMarkdown and the site's settings", async () => {
    const root = makeFixture();
    ownTemplates(root);
    edit(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  markdown: { typographer: false },');
    edit(
      root,
      "templates/Pages.tsx",
      'import type { PageProps } from "heirloom";',
      [
        'import { type PageProps, renderMarkdown } from "heirloom";',
        'import definition from "../site.config.ts";',
      ].join("\n"),
    );
    edit(
      root,
      "templates/Pages.tsx",
      "<p data-price>{page.price}</p>",
      [
        "<p data-price>{page.price}</p>",
        "<div data-summary dangerouslySetInnerHTML={{ __html: renderMarkdown(",
        '  `"${page.title}" -- see [the team](/about/team).`, definition.markdown, { base: assets.href("/") },',
        ").html }} />",
      ].join("\n"),
    );
    edit(root, "templates/Pages.tsx", "export function Note({ page }", "export function Note({ page, assets }");
    const built = await buildProject(root, { base: "/sub/" });
    expect(readFileSync(path.join(built.outDir, "notes/first.html"), "utf8")).toContain(
      '<div data-summary="true"><p>&quot;First&quot; -- see <a href="/sub/about/team">the team</a>.</p></div>',
    );
  });
});

describe("Shiki in the command's process", () => {
  // Shiki's modules by their names, not any file whose path says "shiki" (a checkout in a folder named so).
  const buildWatched = (root: string) => buildShikiWatched(root, /(^|[\\/])(shiki|@shikijs)\b/, "--no-cache");

  it("is never loaded for a site without a code block, and its core loaded from one file for one with", () => {
    const plain = makeFixture();
    ownTemplates(plain);
    const without = buildWatched(plain);
    expect(without.status, without.stderr).toBe(0);
    expect(without.stderr).not.toMatch(/^loaded /m);
    const code = makeFixture("markdown");
    ownTemplates(code);
    const withCode = buildWatched(code);
    expect(withCode.status, withCode.stderr).toBe(0);
    const loaded = withCode.stderr.split("\n").filter((line) => line.startsWith("loaded "));
    // Its core and engine from the bundle beside the command (the WebAssembly read from onig.wasm), its themes and
    // languages from node_modules: not the whole package, whose highlighter decodes the WebAssembly from base64.
    expect(loaded.sort()).toEqual([
      expect.stringMatching(/^loaded \/.*[\\/]shiki-[0-9a-f]{16}\.cjs$/),
      "loaded shiki/langs",
      "loaded shiki/themes",
    ]);
    expect(readFileSync(path.join(code, "dist", "guide.html"), "utf8")).toContain(
      '<pre class="shiki" data-language="ts"',
    );
  });
});
