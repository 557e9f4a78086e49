// The slug, url and permalink fields of Hugo and Jekyll posts (tests/fixtures/hugo-layout, ported-blog): a `slug`
// the schema declares names the entry's last segment, and an entry route's `pathField` takes an entry's own whole
// path; each checked, located at its field, and in the clash check with every other page.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildProject, editFile, makeFixture } from "../../helpers/site.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";

const post = (root: string, name: string, fields: string) =>
  writeFileSync(path.join(root, "content/posts", name), `---\ntitle: A post\n${fields}---\nIts text.\n`);

describe("a slug field", () => {
  it("names the entry when the schema declares it: :slug is the field's, the entry's slug too", async () => {
    const built = await buildProject(makeFixture("hugo-layout"));
    const routes = built.routes.map((r) => r.route);
    expect(routes).toContain("/blog/a-better-name");
    expect(routes).not.toContain("/blog/renamed-file");
  });

  it("replaces the last segment of a nested file's slug, as Hugo's slug replaces the last of its URL", async () => {
    const root = makeFixture("hugo-layout");
    mkdirSync(path.join(root, "content/posts/2024"));
    post(root, "2024/deep.md", "slug: shallow\n");
    const built = await buildProject(root);
    expect(built.routes.map((r) => r.route)).toContain("/blog/2024/shallow");
  });

  it("that is not one segment of a URL is an error at the field", async () => {
    const root = makeFixture("hugo-layout");
    post(root, "slashed.md", "slug: 2024/slashed\n");
    expectErrors(await failures(root), [
      {
        code: "ContentSchemaError",
        message: 'The slug "2024/slashed" of content/posts/slashed.md is not one segment of a URL.',
        location: { file: "content/posts/slashed.md", line: 3, column: 1 },
        hint:
          "write letters, digits and - _ . ~ without a slash, such as slug: hello-world; a whole path goes in the " +
          "field an entry route reads with `pathField` (url, permalink).",
      },
    ]);
  });

  it("that a pattern cannot publish is located at the field, with a hint about the field, not the file", async () => {
    const root = makeFixture("hugo-layout");
    post(root, "accent.md", "slug: café\n");
    expectErrors(await failures(root), [
      {
        code: "PagePathError",
        message:
          'content/posts/accent.md cannot be published at /blog/:slug/: its slug "café" is not a plain URL segment.',
        location: { file: "content/posts/accent.md", line: 3, column: 1 },
        hint: "use letters, digits and - in slug.",
      },
    ]);
  });

  it("that another entry's slug already is, is an error at the field that names both files", async () => {
    const root = makeFixture("hugo-layout");
    post(root, "twin.md", "slug: hello-hugo\n");
    const [error] = await failures(root);
    expect(error.message).toBe(
      'content/posts/twin.md and content/posts/hello-hugo/index.md are both the entry "hello-hugo" of "posts".',
    );
    expect(error.location).toEqual({ file: "content/posts/twin.md", line: 3, column: 1 });
  });
});

describe("an entry's own path (pathField)", () => {
  it("publishes an entry with Hugo's url at that path; the others keep the pattern's", async () => {
    const root = makeFixture("hugo-layout");
    post(root, "kept.html.md", "url: /old/kept.html\n");
    const built = await buildProject(root);
    const routes = built.routes.map((r) => r.route);
    expect(routes).toEqual(expect.arrayContaining(["/about/moved", "/old/kept.html", "/blog/hello-hugo"]));
    expect(routes).not.toContain("/blog/moved");
    expect(readPage(built.outDir, "about/moved.html")).toContain("<h1>Moved</h1>");
    // A path ending in .html names its file, as a pattern's does.
    expect(readPage(built.outDir, "old/kept.html")).toContain("<h1>A post</h1>");
  });

  it("reads Jekyll's permalink when the route names it", async () => {
    const root = makeFixture("ported-blog");
    editFile(
      root,
      "site.config.ts",
      "redirect_from: z.array(text).or(text).optional(),",
      "$&\n        permalink: text.optional(),",
    );
    editFile(root, "site.config.ts", "aliases: (post) => post.redirect_from,", '$&\n        pathField: "permalink",');
    writeFileSync(
      path.join(root, "content/posts/2024-02-02-own.md"),
      "---\ntitle: Own\npermalink: /writing/own/\n---\nAt its own path.\n",
    );
    const built = await buildProject(root);
    const routes = built.routes.map((r) => r.route);
    expect(routes).toContain("/writing/own");
    expect(routes).not.toContain("/2024/02/02/own.html");
    expect(routes).toContain("/2024/01/15/hello.html");
  });

  it("is only a field without pathField: the pattern publishes the entry", async () => {
    const root = makeFixture("hugo-layout");
    editFile(root, "site.config.ts", ', pathField: "url"', "");
    const built = await buildProject(root);
    expect(built.routes.map((r) => r.route)).toContain("/blog/moved");
    expect(built.routes.map((r) => r.route)).not.toContain("/about/moved");
  });

  it("that is not a site path is an error at the field", async () => {
    const root = makeFixture("hugo-layout");
    post(root, "spaced.md", 'url: "/about me/"\n');
    expectErrors(await failures(root), [
      {
        code: "PagePathError",
        message: 'The url "/about me/" of content/posts/spaced.md is not a site path.',
        location: { file: "content/posts/spaced.md", line: 3, column: 1 },
        hint:
          "write a path from the site's root of letters, digits and - . _ ~ between slashes, such as /about/ or " +
          "/2024/hello.html; the base path is added.",
      },
    ]);
  });

  it("that another page has is a clash at the field, naming both files", async () => {
    const root = makeFixture("hugo-layout");
    editFile(root, "content/posts/moved.md", "url: /about/moved/", "url: /about/team");
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message:
          'The page path "/about/team" of content/posts/moved.md is already used by content/pages/about/team.md.',
        location: { file: "content/posts/moved.md", line: 3, column: 1 },
        hint: "give each page its own path; two pages cannot share a URL.",
      },
    ]);
  });

  it("must be a field's name in site.config.ts", async () => {
    const root = makeFixture("hugo-layout");
    editFile(root, "site.config.ts", 'pathField: "url"', "pathField: 5 as never");
    const [error] = await failures(root);
    expect(error.message).toBe('The entry route "/blog/:slug/" has pathField: 5, which is not the name of a field.');
    expect(error.location?.file).toBe("site.config.ts");
  });
});

const readPage = (outDir: string, file: string) => readFileSync(path.join(outDir, file), "utf8");
