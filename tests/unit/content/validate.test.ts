// One fixture per authoring mistake (tests/fixtures/<case>/, laid over the fixture site tests/fixtures/base):
// each must fail the build with its own exact message, file, line, column and hint, and write nothing.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, makeFixture, ownTemplates } from "../../helpers/site.ts";

const NOTE_FIELDS = "order, title, price, tags, featured, picture";

describe("each authoring mistake has its own message", () => {
  it("malformed YAML: an unclosed quote, pointed at where it opens", async () => {
    expectErrors(await failures(makeFixture("bad-front-matter")), [
      {
        code: "FrontMatterParseError",
        message: "Could not parse the front matter of content/notes/second.md: a quoted value is never closed.",
        location: { file: "content/notes/second.md", line: 3, column: 8 },
        hint:
          "look for an unclosed quote, a missing colon, a tab, or wrong indentation between the --- lines; " +
          "quote values that contain a colon.",
      },
    ]);
  });

  it("a missing field", async () => {
    expectErrors(await failures(makeFixture("missing-field")), [
      {
        code: "ContentSchemaError",
        message: 'content/notes/first.md is missing the field "featured" (expected true or false).',
        location: { file: "content/notes/first.md", line: 2, column: 1 },
        hint: "add a line `featured: ...` to the front matter.",
      },
    ]);
  });

  it("a wrong type: a list written as text and a yes for a boolean, both reported", async () => {
    expectErrors(await failures(makeFixture("wrong-type")), [
      {
        code: "ContentSchemaError",
        message: 'The field "tags" in content/notes/second.md must be a list; found the text "two".',
        location: { file: "content/notes/second.md", line: 5, column: 1 },
        hint: "write a list: one `- item` per line, indented under the field.",
      },
      {
        code: "ContentSchemaError",
        message: 'The field "featured" in content/notes/second.md must be true or false; found the text "yes".',
        location: { file: "content/notes/second.md", line: 6, column: 1 },
        hint: "write true or false, without quotes.",
      },
    ]);
  });

  it("a number written as text, with the schema's own wording", async () => {
    expectErrors(await failures(makeFixture("not-a-number")), [
      {
        code: "ContentSchemaError",
        message: 'The field "price" in content/notes/second.md must be a number such as 5; found the text "$7".',
        location: { file: "content/notes/second.md", line: 4, column: 1 },
        hint: "write the number without quotes, currency signs or words, such as 49.",
      },
    ]);
  });

  it("an unknown field that is a typo: the nearest known name is suggested, and not reported twice", async () => {
    expectErrors(await failures(makeFixture("unknown-field")), [
      {
        code: "UnknownFieldError",
        message: 'content/notes/second.md has an unknown field "titel", and "title" is missing.',
        location: { file: "content/notes/second.md", line: 3, column: 1 },
        hint: `did you mean "title"? Rename "titel" to "title". Known fields here: ${NOTE_FIELDS}.`,
      },
    ]);
  });

  it("a value two entries share although the collection declares it unique", async () => {
    expectErrors(await failures(makeFixture("duplicate-item")), [
      {
        code: "DuplicateItemError",
        message: 'The title "First" of content/notes/third.md is already used by content/notes/first.md.',
        location: { file: "content/notes/third.md", line: 3, column: 1 },
        hint: 'give each entry of "notes" its own title.',
      },
    ]);
  });

  it("an image field naming a file that does not exist", async () => {
    expectErrors(await failures(makeFixture("missing-image")), [
      {
        code: "ImageNotFoundError",
        message: 'The image "images/nobody.png" named in content/notes/third.md does not exist.',
        location: { file: "content/notes/third.md", line: 8, column: 1 },
        hint: "put the file at content/images/nobody.png, or name one of: images/logo.svg.",
      },
    ]);
  });

  it("a page path that collides with another page", async () => {
    expectErrors(await failures(makeFixture("route-collision")), [
      {
        code: "RouteCollisionError",
        message:
          'The page path "/about/team" of content/pages/team-again.md is already used by content/pages/about/team.md.',
        location: { file: "content/pages/team-again.md", line: 2, column: 1 },
        hint: "give each page its own path; two pages cannot share a URL.",
      },
    ]);
  });

  it("page paths that differ only in letter case (Team and team): one file on macOS and Windows", async () => {
    const root = makeFixture();
    const team = readFileSync(path.join(root, "content", "pages", "about", "team.md"), "utf8");
    writeFileSync(path.join(root, "content", "pages", "Team.md"), team.replace("/about/team", "/About/Team"));
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message:
          'The page path "/about/team" of content/pages/about/team.md is written to about/team.html, which differs ' +
          "from the page /About/Team of content/pages/Team.md (About/Team.html) only in letter case: on macOS and " +
          "Windows, and on hosts that ignore case, one would overwrite the other.",
        location: { file: "content/pages/about/team.md", line: 2, column: 1 },
        hint: "give it a path that differs in more than letter case; paths in lower case avoid this.",
      },
    ]);
  });

  const INDEX = "the page / of content/pages/index.md (index.html)";
  it.each([
    ["/_headers/index", "would be written to _headers/index.html, which clashes with the build's own _headers."],
    ["/robots.txt/x", "would be written to robots.txt/x.html, which clashes with the build's own robots.txt."],
    [
      "/assets/notes",
      "would be written to assets/notes.html, which clashes with the build's own files in assets/ (script, " +
        "stylesheets, images).",
    ],
    ["/index.html/x", `would be written to index.html/x.html, which clashes with ${INDEX}.`],
    [
      "/serve.json",
      "would be answered with the build's own serve.json: hosts serve a file of the URL's own name before " +
        "serve.json.html.",
    ],
    [
      "/index.html",
      `would be answered with ${INDEX}: hosts serve a file of the URL's own name before index.html.html.`,
    ],
  ])("a page at %s, where the output holds another file, is an error naming both", async (at, what) => {
    const root = makeFixture();
    const page = "---\npath: PATH\ntemplate: prose\ntitle: Taken\n---\nA page in the way.\n";
    writeFileSync(path.join(root, "content", "pages", "taken.md"), page.replace("PATH", at));
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message: `The page path "${at}" of content/pages/taken.md ${what}`,
        location: { file: "content/pages/taken.md", line: 2, column: 1 },
        hint: "choose another path for it; the other file keeps its place.",
      },
    ]);
  });

  it("an empty required text", async () => {
    expectErrors(await failures(makeFixture("empty-text")), [
      {
        code: "ContentSchemaError",
        message: 'The field "title" in content/notes/third.md must not be empty; found empty text.',
        location: { file: "content/notes/third.md", line: 3, column: 1 },
        hint: "write some text for title, or remove the file if the item is no longer wanted.",
      },
    ]);
  });

  it("an unsafe link in a markdown body", async () => {
    expectErrors(await failures(makeFixture("unsafe-link")), [
      {
        code: "UnsafeLinkError",
        message:
          'The link "javascript:alert(document.cookie)" in content/notes/third.md uses a scheme that is not allowed.',
        location: { file: "content/notes/third.md", line: 11 },
        hint:
          "javascript: and vbscript: addresses, and data: addresses other than a picture, run code when followed: " +
          "link to a page (/pricing), a file or another site (https://…) instead.",
      },
    ]);
  });

  it("a link to a page that does not exist and is not listed as unregistered", async () => {
    expectErrors(await failures(makeFixture("broken-link")), [
      {
        code: "BrokenLinkError",
        message: "The link /nowhere on /notes/third leads to no page or file of the site.",
        location: { file: "content/notes/third.md", line: 10, column: 11 },
        hint:
          "correct the link, or, if the page is meant to show the 404 page for now, " +
          "add its path to `unregistered` in site.config.ts.",
      },
    ]);
  });

  it("a link's #fragment that names no element of the page it leads to: on its own page, and on another", async () => {
    const hint = (near: string) =>
      `the page's ids include ${near}. A heading's id is its text in lowercase with hyphens for spaces ` +
      '("## Try this!" is #try-this). Correct the part after #.';
    expectErrors(await failures(makeFixture("broken-fragment")), [
      {
        code: "BrokenLinkError",
        message: 'The link #set-up-step on /guide names the id "set-up-step", which no element of the same page has.',
        location: { file: "content/pages/guide.md", line: 6, column: 24 },
        hint: hint("#set-up-steps"),
      },
      {
        code: "BrokenLinkError",
        message: 'The link /guide#steps on /notes/third names the id "steps", which no element of /guide has.',
        location: { file: "content/notes/third.md", line: 10, column: 13 },
        hint: hint("#set-up-steps"),
      },
    ]);
  });

  it("a #fragment to a page without a fragment of its own: its ids read from its file, reused or not", async () => {
    const root = makeFixture();
    const second = path.join(root, "content", "notes", "second.md");
    const message =
      'The link /about/team#history on /notes/second names the id "history", which no element of /about/team has.';
    await buildProject(root);
    // The team page is kept from the build before (its file copied); the note that links to it is new.
    writeFileSync(second, `${readFileSync(second, "utf8")}\nSee [our history](/about/team#history).\n`);
    const errors = await buildProject(root).then(
      () => [],
      (error: unknown) => errorsOf(error),
    );
    expect(errors.map((e) => [e.message, e.location])).toEqual([
      [message, { file: "content/notes/second.md", line: 11, column: 19 }],
    ]);
    const team = path.join(root, "content", "pages", "about", "team.md");
    writeFileSync(team, `${readFileSync(team, "utf8")}\n## History\n\nSince 2020.\n`);
    await buildProject(root);
  });

  it("a #fragment link written in templates/, and fragments that lead somewhere on every page", async () => {
    const root = makeFixture("markdown");
    const document = path.join(ownTemplates(root), "Document.tsx");
    const links = '<a href="#content">Skip</a> <a href="#top">Top</a> <a href="#">Here</a> ';
    writeFileSync(document, readFileSync(document, "utf8").replace("<nav>", `<nav>${links}`));
    const errors = await failures(root);
    const lines = readFileSync(document, "utf8").split("\n");
    const line = lines.findIndex((text) => text.includes('href="#content"'));
    expect(errors.map((e) => [e.code, e.message, e.location])).toEqual([
      [
        "BrokenLinkError",
        'The link #content on /, /about/team, /guide, /notes/first, /notes/second, 404 names the id "content", ' +
          "which no element of the same page has.",
        { file: "templates/Document.tsx", line: line + 1, column: lines[line].indexOf('"#content"') + 1 },
      ],
    ]);
    expect(errors[0].hint).toMatch(/The link is written in templates\/; correct it there\.$/);
  });

  it("a markdown plugin that throws on a file: at the file, with the plugin's words", async () => {
    const root = makeFixture();
    const file = path.join(root, "site.config.ts");
    const plugin = 'md.renderer.rules.strong_open = () => { throw new Error("bold is not allowed"); }';
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        'urlFormat: "file",',
        `urlFormat: "file",\n  markdown: { plugins: [(md) => { ${plugin}; }] },`,
      ),
    );
    expectErrors(await failures(root), [
      {
        code: "MarkdownRenderError",
        message: "Could not render the markdown of content/pages/about/team.md: a plugin threw: bold is not allowed",
        location: { file: "content/pages/about/team.md", line: 6 },
        hint:
          "look in the file for the markup the plugin reads (such as a container or footnote written differently " +
          "than it expects); run the build with --debug for the stack trace.",
      },
    ]);
  });

  it("several mistakes in several files: all reported in one build, in the order of the files", async () => {
    const errors = await failures(makeFixture("several-errors"));
    expect(errors.map((e) => [e.code, `${e.location?.file}:${e.location?.line}`])).toEqual([
      ["ContentSchemaError", "content/notes/first.md:4"],
      ["ContentSchemaError", "content/notes/first.md:5"],
      ["UnknownFieldError", "content/pages/about/team.md:4"],
    ]);
    expect(errors[1].message).toBe(
      'The field "tags" in content/notes/first.md must be a list of at least 1 item; found a list of 0 items.',
    );
    expect(errors[2].message).toBe('content/pages/about/team.md has an unknown field "titel", and "title" is missing.');
  });

  it(
    "an unclosed quote in one file hides nothing: " +
      "the other files' mistakes and a broken link are reported with it",
    async () => {
      const errors = await failures(makeFixture("bad-front-matter", "several-errors", "broken-link"));
      expect(errors.map((e) => [e.code, `${e.location?.file}:${e.location?.line}`])).toEqual([
        ["ContentSchemaError", "content/notes/first.md:4"],
        ["ContentSchemaError", "content/notes/first.md:5"],
        ["FrontMatterParseError", "content/notes/second.md:3"],
        ["BrokenLinkError", "content/notes/third.md:10"],
        ["UnknownFieldError", "content/pages/about/team.md:4"],
      ]);
      // Links to the pages of files that failed (/notes/first, /notes/second, /about/team) are not called broken.
      expect(errors.filter((e) => e.code === "BrokenLinkError").map((e) => e.message)).toEqual([
        "The link /nowhere on /notes/third leads to no page or file of the site.",
      ]);
    },
  );

  it("a page whose front matter cannot be parsed still counts as the page at its path for the link check", async () => {
    const root = makeFixture("broken-link");
    const team = path.join(root, "content", "pages", "about", "team.md");
    writeFileSync(team, readFileSync(team, "utf8").replace("title: Team", 'title: "Team'));
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.location?.file])).toEqual([
      ["BrokenLinkError", "content/notes/third.md"],
      ["FrontMatterParseError", "content/pages/about/team.md"],
    ]);
  });

  it("a template that does not compile is reported with the content mistakes, at its file and line", async () => {
    const root = makeFixture("missing-field");
    const file = path.join(ownTemplates(root), "Pages.tsx");
    const lines = readFileSync(file, "utf8").split("\n").length;
    writeFileSync(file, `${readFileSync(file, "utf8")}\nexport const broken: number = ;\n`);
    const errors = await failures(root);
    expect(errors.map((e) => e.code)).toEqual(["ContentSchemaError", "TemplateCompileError"]);
    expect(errors[1].message).toBe('Could not compile the templates: Unexpected ";"');
    expect(errors[1].location).toEqual({ file: "templates/Pages.tsx", line: lines + 1, column: 31 });
  });

  it("a page naming a template that does not exist, with the templates that do", async () => {
    expectErrors(await failures(makeFixture("unknown-template")), [
      {
        code: "TemplateNotFoundError",
        message: 'content/pages/contact.md names the template "contact", which does not exist.',
        location: { file: "content/pages/contact.md", line: 3, column: 1 },
        hint: 'use one of: home, not-found, note, prose; or add "contact" to `templates` in templates/index.ts.',
      },
    ]);
  });

  it("a template that throws while rendering a page: at the template's line and column, naming the page", async () => {
    const root = makeFixture();
    const file = path.join(ownTemplates(root), "Pages.tsx");
    const source = readFileSync(file, "utf8").replace(
      "<p data-price>{page.price}</p>",
      '<p data-price>{page.tags.includes("two") ? page.missing.total : page.price}</p>',
    );
    writeFileSync(file, source.replace("type Note = ", "type Note = { missing: { total: number } } & "));
    const line = source.split("\n").findIndex((l) => l.includes("page.missing.total")) + 1;
    const column = source.split("\n")[line - 1].indexOf("page.missing.total") + 1;
    expectErrors(await failures(root), [
      {
        code: "TemplateRenderError",
        message:
          'The "note" template failed while rendering /notes/second (content/notes/second.md): ' +
          "Cannot read properties of undefined (reading 'total')",
        location: { file: "templates/Pages.tsx", line, column: column + "page.missing".length + 1 },
        hint: "run the build with --debug for the stack trace; the error is in templates/.",
      },
    ]);
  });

  it("a template module that throws as the templates load: at its own line, not the compiled file's", async () => {
    const root = makeFixture();
    const file = path.join(ownTemplates(root), "Pages.tsx");
    const source = readFileSync(file, "utf8").replace(
      "\nexport function",
      '\nconst rates = JSON.parse("{");\nexport function',
    );
    writeFileSync(file, source);
    const line = source.split("\n").findIndex((l) => l.includes("JSON.parse")) + 1;
    const [error] = await failures(root);
    expectErrors(
      [error],
      [
        {
          code: "TemplateRenderError",
          message: `templates/Pages.tsx threw while the templates were loaded, before any page was rendered: ${
            (error.cause as Error).message
          }`,
          location: { file: "templates/Pages.tsx", line, column: 20 },
          hint: /^fix the code at that place: what a module of templates\/ runs outside its components/,
        },
      ],
    );
    expect(error.message).toMatch(/JSON/);
  });

  it("a page publishing a path that is still listed as unregistered", async () => {
    expectErrors(await failures(makeFixture("unregistered-route")), [
      {
        code: "UnregisteredRouteError",
        message: "content/pages/later.md publishes /later, which site.config.ts still lists as unregistered.",
        location: { file: "content/pages/later.md", line: 2, column: 1 },
        hint: 'remove "/later" from `unregistered` in site.config.ts: the page exists now.',
      },
    ]);
  });

  it("a file with no front matter at all: one error each, naming the fields and showing the block to add", async () => {
    expectErrors(await failures(makeFixture("missing-front-matter")), [
      {
        code: "MissingFrontMatterError",
        message:
          'content/notes/third.md has no front matter; entries of "notes" need the fields order, title, price, ' +
          "tags, featured.",
        location: { file: "content/notes/third.md", line: 1, column: 1 },
        hint:
          "add it at the top of the file, a value after each name:\n    ---\n    order: ...\n    title: ...\n" +
          "    price: ...\n    tags: ...\n    featured: ...\n    ---",
      },
      {
        code: "MissingFrontMatterError",
        message: 'content/settings.md has no front matter; entries of "settings" need the fields name, logo.',
        location: { file: "content/settings.md", line: 1, column: 1 },
        hint: "add it at the top of the file, a value after each name:\n    ---\n    name: ...\n    logo: ...\n    ---",
      },
    ]);
  });

  it("a file whose front matter lacks its opening --- line: that, with the line that closes it", async () => {
    const root = makeFixture();
    const third = "order: 3\ntitle: Third\nprice: 2\ntags: [a]\nfeatured: false\n---\n\nThe body.\n";
    writeFileSync(path.join(root, "content", "notes", "third.md"), third);
    expectErrors(await failures(root), [
      {
        code: "MissingFrontMatterError",
        message:
          "content/notes/third.md starts with fields but not with ---: its front matter, closed at line 6, is " +
          "not read.",
        location: { file: "content/notes/third.md", line: 1, column: 1 },
        hint: "add a line --- above the first line, so that the fields stand between two --- lines.",
      },
    ]);
  });

  it("text below the front matter of a collection without a body: an error, not silently dropped", async () => {
    expectErrors(await failures(makeFixture("unexpected-body")), [
      {
        code: "UnexpectedBodyError",
        message: 'content/settings.md has text below its front matter, but entries of "settings" have no body.',
        location: { file: "content/settings.md", line: 6 },
        hint:
          "move the text into a field of the front matter or delete it; " +
          'or declare body: "markdown" for "settings" in site.config.ts.',
      },
    ]);
  });
});

describe("content that must not become markup", () => {
  it("escapes raw HTML in front matter and bodies instead of rendering it", async () => {
    const built = await buildProject(makeFixture("raw-html"));
    const html = readFileSync(path.join(built.outDir, "notes/third.html"), "utf8");
    expect(html).toContain("<h1>Is &lt;b&gt;bold&lt;/b&gt; allowed here?</h1>");
    expect(html).toContain(
      "Raw HTML &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(2)&gt; stays text.",
    );
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("onerror=alert(2)>");
  });
});
