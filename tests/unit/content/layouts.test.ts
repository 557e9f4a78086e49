// Hugo's and Jekyll's content layouts (tests/fixtures/hugo-layout): a page bundle publishes at its folder's URL
// with its picture and links resolved from its index.md, a section's _index.md is told and left out, and two
// entries that would be one slug are an error naming both files.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildProject, editFile, makeFixture } from "../../helpers/site.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";

const article = (outDir: string, file: string) =>
  /<article>([\s\S]*)<\/article>/.exec(readFileSync(path.join(outDir, file), "utf8"))![1];

describe("a page bundle", () => {
  it("publishes posts/hello-hugo/index.md at the folder's URL, its picture and links read from the file", async () => {
    const built = await buildProject(makeFixture("hugo-layout"));
    const routes = built.routes.map((r) => r.route);
    expect(routes).toContain("/blog/hello-hugo");
    expect(routes.some((route) => route.includes("index"))).toBe(false);
    const html = article(built.outDir, "blog/hello-hugo.html");
    expect(html).toMatch(
      /<img src="\/assets\/images\/porch-[0-9a-f]{10}\.svg" width="40" height="20"[^>]* alt="The porch">/,
    );
    expect(html).toContain('<a href="/blog/a-better-name">the renamed post</a>');
    expect(html).toContain('<a href="/about/moved">the moved one</a>');
    // A link from another entry to the bundle's index.md leads to the bundle's page.
    expect(article(built.outDir, "blog/a-better-name.html")).toContain('<a href="/blog/hello-hugo">the bundle</a>');
  });

  it("publishes at /blog/hello-hugo/ (hello-hugo/index.html) in the directory form", async () => {
    const root = makeFixture("hugo-layout");
    // The base's links are written in the file form: told, not failed.
    editFile(root, "site.config.ts", 'urlFormat: "file"', 'urlFormat: "directory",\n  brokenLinks: "warn"');
    const built = await buildProject(root);
    expect(built.routes.map((r) => r.route)).toEqual(expect.arrayContaining(["/blog/hello-hugo/", "/about/moved/"]));
    const html = article(built.outDir, "blog/hello-hugo/index.html");
    expect(html).toMatch(/<img src="\/assets\/images\/porch-[0-9a-f]{10}\.svg"/);
    expect(html).toContain('<a href="/blog/a-better-name/">the renamed post</a>');
  });

  it("named with a date in a collection with datedFileNames, is dated and named by its folder", async () => {
    const root = makeFixture("ported-blog");
    mkdirSync(path.join(root, "content/posts/2023-05-06-bundled"));
    writeFileSync(
      path.join(root, "content/posts/2023-05-06-bundled/index.md"),
      "---\ntitle: Bundled\n---\nIn a bundle.\n",
    );
    const built = await buildProject(root);
    expect(built.routes.map((r) => r.route)).toContain("/2023/05/06/bundled.html");
  });

  it("and a Jekyll post written as .markdown (jekyll new's extension) are entries as .md files are", async () => {
    const root = makeFixture("ported-blog");
    writeFileSync(
      path.join(root, "content/posts/2023-05-07-welcome-to-jekyll.markdown"),
      "---\ntitle: Welcome\n---\nYou'll find this post in your `_posts` directory.\n",
    );
    const built = await buildProject(root);
    expect(built.routes.map((r) => r.route)).toContain("/2023/05/07/welcome-to-jekyll.html");
    expect(readFileSync(path.join(built.outDir, "2023/05/07/welcome-to-jekyll.html"), "utf8")).toContain(
      "<p>You’ll find this post in your <code>_posts</code> directory.</p>",
    );
  });

  it("and a file of the same name are an error that names both files", async () => {
    const root = makeFixture("hugo-layout");
    writeFileSync(path.join(root, "content/posts/hello-hugo.md"), "---\ntitle: Twice\n---\nThe same entry.\n");
    // The one left out is the second in file order; a link to it is broken, told after.
    const [first] = await failures(root);
    expectErrors(
      [first],
      [
        {
          code: "DuplicateItemError",
          message:
            "content/posts/hello-hugo/index.md and content/posts/hello-hugo.md are both the entry " +
            '"hello-hugo" of "posts".',
          location: { file: "content/posts/hello-hugo/index.md" },
          hint:
            "rename or move one of them, or give one its own `slug` field: a bundle's index.md takes its folder's " +
            "name (posts/a/index.md is posts/a.md).",
        },
      ],
    );
  });
});

describe("a Hugo section page (_index.md)", () => {
  it("is left out with a warning that says where its title and text go", async () => {
    const built = await buildProject(makeFixture("hugo-layout"));
    const told = built.warnings.filter((w) => w.includes("_index.md"));
    expect(told).toEqual([
      "content/posts/_index.md:1: content/posts/_index.md is the list page of a Hugo section; Heirloom does not " +
        "publish it, and no page reads its fields or text. Hint: list the section's entries on a page of the pages " +
        "collection with `routes.lists` (its title and text go in that page's file); to read this file's fields, " +
        'declare it as a collection of its own (defineCollection({ file: "posts/_index.md", schema, body: ' +
        '"markdown" })); or delete it.',
    ]);
    expect(built.routes.map((r) => r.route).filter((route) => route.includes("_index"))).toEqual([]);
  });

  it("declared as a collection of its own, is an entry and no warning", async () => {
    const root = makeFixture("hugo-layout");
    editFile(
      root,
      "site.config.ts",
      "    nav: defineCollection({",
      '    section: defineCollection({ file: "posts/_index.md", body: "markdown",\n' +
        "      schema: z.strictObject({ title: text }) }),\n" +
        "    nav: defineCollection({",
    );
    const built = await buildProject(root);
    expect(built.warnings.filter((w) => w.includes("_index.md"))).toEqual([]);
  });

  it("at the top of content/ (Hugo's home page) is told the same way, not as a file of no collection", async () => {
    const root = makeFixture("hugo-layout");
    renameSync(path.join(root, "content/posts/_index.md"), path.join(root, "content/_index.md"));
    const built = await buildProject(root);
    expect(
      built.warnings.filter((w) => w.startsWith("content/_index.md:1: content/_index.md is the list page")),
    ).toHaveLength(1);
  });
});
