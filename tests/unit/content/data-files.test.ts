// Data files under content/ (tests/fixtures/hugo-layout): YAML, JSON and TOML read whole as entries, a single file
// holding a list (data/nav.yaml) or a folder of files each holding fields (data/authors/, data: true), checked by
// their schemas with every error at its file, line and field; a page that shows them is rendered again when one
// changes, and only that page.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { buildProject, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";

/** The fixture with a home page that lists the navigation's items and the authors (each its slug, name and born). */
function withDataOnHome(): string {
  const root = makeFixture("hugo-layout");
  ownTemplates(root);
  editFile(
    root,
    "templates/Pages.tsx",
    "<h1>{page.title}</h1>",
    "<h1>{page.title}</h1>" +
      "<ul data-nav={content.nav.file}>{content.nav.map((item) => " +
      "<li key={item.url}><a href={item.url}>{item.title}</a></li>)}</ul>" +
      "{content.authors.map((a) => " +
      '<p key={a.slug} data-author={a.slug}>{a.name}, {a.born}, {a.books?.join(" & ")}</p>)}',
  );
  return root;
}

const body = (outDir: string, file: string) => readFileSync(path.join(outDir, file), "utf8");

describe("data files", () => {
  let root: string;
  let outDir: string;
  beforeAll(async () => {
    root = withDataOnHome();
    ({ outDir } = await buildProject(root));
  });

  it("a YAML file holding a list is the collection's entry: the list, in its order, with its file", () => {
    expect(body(outDir, "index.html")).toContain(
      '<ul data-nav="content/data/nav.yaml"><li><a href="/">Home</a></li>' +
        '<li><a href="/blog/hello-hugo">Blog</a></li></ul>',
    );
  });

  it("a folder with data: true has one entry per JSON or TOML file, its fields the file's, named by the file", () => {
    const html = body(outDir, "index.html");
    expect(html).toContain('<p data-author="jane">Jane Austen, 1775, Emma &amp; Persuasion</p>');
    expect(html).toContain('<p data-author="li">Li Bai, 701, </p>');
  });

  it("an edit to a data file renders again the page that shows it, and no other", async () => {
    editFile(root, "content/data/nav.yaml", "title: Blog", "title: Writing");
    const again = await buildProject(root);
    expect(again.rendered).toEqual(["/"]);
    expect(body(again.outDir, "index.html")).toContain('<a href="/blog/hello-hugo">Writing</a>');
    editFile(root, "content/data/authors/li.toml", "born = 701", "born = 702");
    const third = await buildProject(root);
    expect(third.rendered).toEqual(["/"]);
    expect(body(third.outDir, "index.html")).toContain("Li Bai, 702");
  });
});

describe("heirloom dev", () => {
  it("serves the page that shows a data file with the file's new text once it is saved", async () => {
    const root = withDataOnHome();
    const dev = await startDev({ root, env: {}, port: 0 });
    try {
      const home = async () => (await fetch(new URL("/", dev.url))).text();
      expect(await home()).toContain('<a href="/blog/hello-hugo">Blog</a>');
      editFile(root, "content/data/nav.yaml", "title: Blog", "title: Journal");
      await expect.poll(home, { timeout: 10_000, interval: 25 }).toContain('<a href="/blog/hello-hugo">Journal</a>');
      editFile(root, "content/data/authors/jane.json", '"born": 1775', '"born": 1776');
      await expect.poll(home, { timeout: 10_000, interval: 25 }).toContain("Jane Austen, 1776");
    } finally {
      await dev.close();
    }
  });
});

describe("a data file's mistakes", () => {
  it.each([
    [
      "content/data/nav.yaml",
      "- title: Home\n  url: /\n- title: 5\n  url: /blog/\n",
      '"[1].title"',
      "must be text; found 5",
      3,
      3,
    ],
    [
      "content/data/authors/jane.json",
      '{\n  "name": "Jane",\n  "born": "long ago"\n}\n',
      '"born"',
      'must be a number; found the text "long ago"',
      3,
      3,
    ],
    ["content/data/authors/li.toml", 'name = "Li Bai"\nborn = true\n', '"born"', "must be a number; found true", 2, 1],
  ])("in %s are told at the field's line and column", async (file, text, field, what, line, column) => {
    const root = makeFixture("hugo-layout");
    writeFileSync(path.join(root, file), text);
    const [error] = await failures(root);
    expect(error.code).toBe("ContentSchemaError");
    expect(error.message).toBe(`The field ${field} in ${file} ${what}.`);
    expect(error.location).toEqual({ file, line, column });
  });

  it.each([
    ["content/data/nav.yaml", "YAML", '- title: Home\n  url: /\n- title: "Blog\n  url: /blog/\n', 3],
    ["content/data/authors/jane.json", "JSON", '{\n  "name": "Jane",\n  "born": 1775,\n}\n', 4],
    ["content/data/authors/li.toml", "TOML", 'name = "Li Bai\nborn = 701\n', 1],
  ])("in %s's syntax are told as %s at the line", async (file, language, text, line) => {
    const root = makeFixture("hugo-layout");
    writeFileSync(path.join(root, file), text);
    const [error] = await failures(root);
    expect(error.id).toBe("DataFileSyntax");
    expect(error.message).toMatch(new RegExp(`^Could not parse ${file} as ${language}: .+\\.$`));
    expect(error.location?.file).toBe(file);
    expect(error.location?.line).toBe(line);
  });

  it("a data file that holds a single value is told", async () => {
    const root = makeFixture("hugo-layout");
    writeFileSync(path.join(root, "content/data/nav.yaml"), "just some words\n");
    expectErrors(await failures(root), [
      {
        code: "FrontMatterParseError",
        message:
          'content/data/nav.yaml holds the string "just some words"; a data file holds fields (name: value) or a ' +
          "list of items.",
        location: { file: "content/data/nav.yaml", line: 1, column: 1 },
        hint: "write its fields one `name: value` a line, or its items one `- item` a line.",
      },
    ]);
  });

  it("a data file no collection reads is told with the two ways to declare it", async () => {
    const root = makeFixture("hugo-layout");
    writeFileSync(path.join(root, "content/data/social.yml"), "mastodon: '@jane@example.social'\n");
    expectErrors(await failures(root), [
      {
        code: "UnexpectedFileError",
        message:
          "content/data/social.yml is a data file, but no collection reads it: a collection's folder holds " +
          "markdown unless it says data: true.",
        location: { file: "content/data/social.yml" },
        hint:
          'declare it in site.config.ts: one file as defineCollection({ file: "data/social.yml", schema }), or its ' +
          'folder as defineCollection({ folder: "data", data: true, schema }); or list it under `passthrough` to ' +
          "publish it as it is.",
      },
    ]);
  });

  it("data: true on a single file is a mistake of site.config.ts", async () => {
    const root = makeFixture("hugo-layout");
    editFile(root, "site.config.ts", 'file: "data/nav.yaml",', 'file: "data/nav.yaml",\n      data: true,');
    const [error] = await failures(root);
    expect(error.id).toBe("BadDataOption");
    expect(error.message).toBe(
      'The collection "nav" has data: true, which is only read as true or false on a folder collection.',
    );
  });
});
