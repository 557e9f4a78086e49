// site.config.ts itself: a missing or malformed definition is reported at its line, with what to write.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { makeFixture } from "../../helpers/site.ts";

const edit = (root: string, from: string, to: string) => {
  const file = path.join(root, "site.config.ts");
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  return root;
};
const lineOf = (root: string, needle: string) =>
  readFileSync(path.join(root, "site.config.ts"), "utf8")
    .split("\n")
    .findIndex((l) => l.includes(needle)) + 1;

describe("the site definition", () => {
  it("refuses aliases that are no function, redirects from no site path or to no address, at their lines", async () => {
    const root = edit(makeFixture(), 'template: "note" }', 'template: "note", aliases: "redirect_from" }');
    edit(
      root,
      'unregistered: ["/later"],',
      'unregistered: ["/later"],\n  redirects: { "old page": "/x", "/ok": "ftp://x" },',
    );
    const at = (needle: string) => {
      const line = lineOf(root, needle);
      const text = readFileSync(path.join(root, "site.config.ts"), "utf8").split("\n")[line - 1];
      return { file: "site.config.ts", line, column: text.indexOf(needle) + 1 };
    };
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: 'The aliases of the entry route "/notes/:slug" is not a function.',
        location: at("aliases"),
        hint: "write a function of the entry that returns its old URLs, such as aliases: (post) => post.redirect_from.",
      },
      {
        code: "ConfigError",
        message: 'The redirect from "old page" is not from a site path.',
        location: at('"old page"'),
        hint:
          "write the old path from the site's root, such as /about-us or /2019/old-title/ (letters, digits, - . _ ~ " +
          "and /); the base path is added.",
      },
      {
        code: "ConfigError",
        message: 'The redirect from "/ok" leads to "ftp://x", which is neither a site path nor an http(s) address.',
        location: at('"/ok"'),
        hint: "write a site path such as /about/ (the base path is added) or an address such as https://example.org/.",
      },
    ]);
  });

  it.each(["/../feed.xml", "/blog/./feed.xml", "/blog/\u0001feed.xml"])(
    "refuses a feed path with a . or .. segment or a control character (%j), at its line",
    async (feed) => {
      const root = edit(
        makeFixture(),
        'entries: [{ collection: "notes", path: "/notes/:slug", template: "note" }] }',
        'entries: [{ collection: "notes", path: "/notes/:slug", template: "note" }],\n' +
          `    lists: [{ collection: "notes", page: "/", perPage: 5, feed: { path: ${JSON.stringify(feed)} } }] }`,
      );
      // A control character is written as an escape, so the text does not hold the path to point at.
      const line = feed.includes("\u0001") ? undefined : lineOf(root, "feed: {");
      const column = line && (expect.any(Number) as unknown as number);
      expectErrors(await failures(root), [
        {
          code: "ConfigError",
          message: `The feed path "${feed}" is not a site path ending in .xml, as a feed in the format "atom" needs.`,
          location: line ? { file: "site.config.ts", line, column } : { file: "site.config.ts" },
          hint:
            'write a path such as "/blog/feed.xml"; RSS and Atom feeds end in .xml, JSON Feeds in .json (a path ' +
            "ending in .json is a JSON Feed unless `format` says otherwise).",
        },
      ]);
    },
  );

  it("must exist", async () => {
    const root = makeFixture();
    rmSync(path.join(root, "site.config.ts"));
    const [error] = await failures(root);
    expect(error.code).toBe("ConfigError");
    expect(error.message).toBe(`There is no site.config.ts in ${root}.`);
    expect(error.hint).toMatch(/or pass --root/);
  });

  it("must compile: a syntax error is located like a template's", async () => {
    const root = edit(makeFixture(), 'urlFormat: "file",', 'urlFormat: "file",,');
    const [error] = await failures(root);
    expect(error.code).toBe("TemplateCompileError");
    expect(error.message).toMatch(/^Could not compile the site definition: /);
    expect(error.location).toMatchObject({ file: "site.config.ts", line: lineOf(root, 'urlFormat: "file",,') });
  });

  it("must export a definition made with defineSite", async () => {
    const root = edit(makeFixture(), "export default definition;", "export default {};");
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: "site.config.ts does not export a site definition.",
        location: { file: "site.config.ts" },
        hint: 'end it with `export default defineSite({ collections, routes })`, importing defineSite from "heirloom".',
      },
    ]);
  });

  it("names the line of a route that names an unknown collection", async () => {
    const root = edit(
      makeFixture(),
      '{ collection: "notes", path: "/notes/:slug"',
      '{ collection: "notez", path: "/notes/:slug"',
    );
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: 'An entry route names the collection "notez", which is not declared.',
        location: {
          file: "site.config.ts",
          line: lineOf(root, '"notez"'),
          column: expect.any(Number) as unknown as number,
        },
        hint: "use one of: settings, pages, notes.",
      },
    ]);
  });

  it("reports an error thrown while it loads, such as a collection with both a folder and a file", async () => {
    const root = edit(makeFixture(), 'folder: "notes",', 'folder: "notes",\n      file: "notes.md",');
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: "A collection names more than one of a folder, a file and a load function, or none of them.",
        location: { file: "site.config.ts" },
        hint:
          'give each collection one of `folder: "posts"` (one entry per file), `file: "site.md"` (a single entry) ' +
          "or `load: () => entries` (entries its code makes).",
      },
    ]);
  });

  it("refuses an endpoint that is not a plain https address, naming where it came from", async () => {
    const root = edit(
      makeFixture(),
      'env: "FIXTURE_SIGNUP_ENDPOINT"',
      'env: "FIXTURE_SIGNUP_ENDPOINT", endpoint: "https://*"',
    );
    const [error] = await failures(root);
    expect(error.message).toBe(
      'The form endpoint "https://*" (from forms.signup.endpoint in site.config.ts) is not an https:// address.',
    );
  });

  describe("markdown", () => {
    const withMarkdown = (options: string) =>
      edit(makeFixture("markdown"), 'urlFormat: "file",', `urlFormat: "file",\n  markdown: ${options},`);
    const at = (root: string, needle: string) => ({
      file: "site.config.ts",
      line: lineOf(root, needle),
      column: expect.any(Number) as unknown as number,
    });

    it("names a plugin that is not a function, and an option that does not exist, at their lines", async () => {
      const root = withMarkdown('{ plugins: ["markdown-it-footnote"], plugin: [] }');
      expectErrors(await failures(root), [
        {
          code: "ConfigError",
          message:
            "markdown.plugins[0] in site.config.ts must be a markdown-it plugin (a function) or [plugin, options]; " +
            'found the text "markdown-it-footnote".',
          location: at(root, "markdown-it-footnote"),
          hint:
            "import the plugin from its package and list the function itself: " +
            'plugins: [footnote, [container, "note"]].',
        },
        {
          code: "ConfigError",
          message: "markdown.plugin in site.config.ts is not a markdown option.",
          location: at(root, "plugin: []"),
          hint:
            "use preset, gfm, typographer, ids, plugins, remarkPlugins, rehypePlugins, highlight, anchors, images, " +
            "alerts, containers, math, mdx.",
        },
      ]);
    });

    it("names a theme of the wrong form, and an anchor label that is not a function", async () => {
      const root = withMarkdown('{ highlight: { themes: { dark: 7 } }, anchors: { label: "Link" } }');
      expectErrors(await failures(root), [
        {
          code: "ConfigError",
          message:
            "markdown.highlight.themes.dark in site.config.ts must be the name of one of Shiki's themes " +
            "or a theme object; found the number 7.",
          location: at(root, "dark: 7"),
          hint: 'name a theme of https://shiki.style/themes, such as "github-light" or "github-dark".',
        },
        {
          code: "ConfigError",
          message:
            "markdown.anchors.label in site.config.ts must be a function of the heading's text that names its " +
            'link; found the text "Link".',
          location: at(root, 'label: "Link"'),
          hint: "write label: (heading) => `Lien vers ${heading}`.",
        },
      ]);
    });

    it("names a preset, an extension and a typographer of the wrong form, each at its line", async () => {
      const root = withMarkdown(
        '{\n    preset: "github",\n    gfm: { tasklists: "no" },\n    typographer: "smart",\n  }',
      );
      expectErrors(await failures(root), [
        {
          code: "ConfigError",
          message: 'markdown.preset in site.config.ts must be "default" or "commonmark"; found the text "github".',
          location: at(root, '"github"'),
          hint: 'write preset: "commonmark" for CommonMark exactly, or leave it out.',
        },
        {
          code: "ConfigError",
          message: 'markdown.gfm.tasklists in site.config.ts must be true or false; found the text "no".',
          location: at(root, '"no"'),
          hint: "write gfm: { tasklists: false } to leave it out.",
        },
        {
          code: "ConfigError",
          message: 'markdown.typographer in site.config.ts must be true or false; found the text "smart".',
          location: at(root, '"smart"'),
          hint: "write typographer: false to keep quotes, dots and dashes as written.",
        },
      ]);
    });

    // "toString": a name every object answers to, which is still no theme.
    it.each(["github-lite", "toString"])(
      "names a theme Shiki does not have (%s), at its line, when a page has code to highlight",
      async (theme) => {
        const root = withMarkdown(`{ highlight: { themes: { light: "${theme}" } } }`);
        expectErrors(await failures(root), [
          {
            code: "ConfigError",
            message: `The code theme "${theme}" in site.config.ts is not one of Shiki's themes.`,
            location: at(root, theme),
            hint:
              'name a theme listed at https://shiki.style/themes, such as "github-light" and "github-dark", ' +
              "or give a theme object (VS Code's theme JSON).",
          },
        ]);
      },
    );

    it("reports a plugin that throws while it is set up, at the plugins' line", async () => {
      const root = withMarkdown('{ plugins: [() => { throw new Error("needs a name option"); }] }');
      expectErrors(await failures(root), [
        {
          code: "ConfigError",
          message: "markdown.plugins[0] in site.config.ts threw while it was set up: needs a name option",
          location: at(root, "plugins: ["),
          hint:
            "check the plugin's options against its documentation (a plugin is listed as plugin or " +
            "[plugin, options]); run the build with --debug for the stack trace.",
        },
      ]);
    });

    it("refuses a collection's html option that is not true or false", async () => {
      const root = edit(makeFixture(), 'folder: "notes",', 'folder: "notes",\n      html: "yes",');
      expectErrors(await failures(root), [
        {
          code: "ConfigError",
          message: 'The collection "notes" has html: "yes", which is not true or false.',
          location: at(root, 'html: "yes"'),
          hint:
            "write html: true to let its markdown hold raw HTML (which trusts its authors), " +
            "or leave it out to escape it.",
        },
      ]);
    });

    it("refuses a collection's datedFileNames option that is not true or false", async () => {
      const root = edit(makeFixture(), 'folder: "notes",', 'folder: "notes",\n      datedFileNames: "yes",');
      expectErrors(await failures(root), [
        {
          code: "ConfigError",
          message: 'The collection "notes" has datedFileNames: "yes", which is not true or false.',
          location: at(root, 'datedFileNames: "yes"'),
          hint:
            "write datedFileNames: true to read 2024-01-15-hello.md as the entry hello dated 2024-01-15, " +
            "or leave it out.",
        },
      ]);
    });
  });
});
