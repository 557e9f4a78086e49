// MDX bodies: a collection with body: "mdx" reads .mdx files as MDX (its .md files stay markdown), rendered with
// the components templates/mdx.ts(x) exports, heading ids and fenced code highlighted as in markdown; every
// mistake is located at the .mdx file's line and column; compiled bodies are kept in the cache by their bytes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileMdxBody } from "../../../packages/heirloom/src/content/mdx/mdx-compile.ts";
import type { SourceEntry } from "../../../packages/heirloom/src/content/types.ts";
import { HeirloomError } from "../../../packages/heirloom/src/errors/errors.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, buildWatched, cliPath, copyJournal } from "../../helpers/site.ts";
import { mdxRendererOf } from "../../helpers/mdx.ts";

const MDX_POST = "content/posts/the-right-length.mdx";

const copyMdxJournal = () => copyJournal("heirloom-mdx-");
const page = (root: string, route: string) => readFileSync(path.join(root, "dist", route, "index.html"), "utf8");
const addToPost = (root: string, text: string) => {
  const file = path.join(root, MDX_POST);
  writeFileSync(file, `${readFileSync(file, "utf8")}${text}`);
  return readFileSync(file, "utf8").split("\n").length - text.split("\n").length;
};

describe("an .mdx post of the journal", () => {
  it("renders its components, heading ids, table of contents and highlighted code in the page", async () => {
    const root = copyMdxJournal();
    await buildProject(root);
    const html = page(root, "blog/the-right-length");
    expect(html).toContain(
      '<aside class="aside" aria-label="Written in MDX"><p class="aside-title">Written in MDX</p>',
    );
    expect(html).toContain('<h2 id="set-a-gentle-timer">Set a gentle timer</h2>');
    expect(html).toContain('<li class="depth-2"><a href="#set-a-gentle-timer">Set a gentle timer</a></li>');
    expect(html).toMatch(
      /<pre class="shiki" data-language="sh" tabindex="0"><code><span class="line"><span class="sl-/,
    );
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/code-[\w-]+\.css"\/>/);
    // The .md posts of the same collection are markdown as before.
    expect(page(root, "blog/first-questions")).toContain('id="try-this"');
  });

  it("links each heading to itself as markdown does, not in the feed, and follows anchors: false", async () => {
    const root = copyMdxJournal();
    await buildProject(root, { siteUrl: "https://journal.example" });
    const linked = (id: string, text: string, tag = "h2") =>
      `<div class="heading-wrapper"><${tag} id="${id}">${text}</${tag}><a class="heading-anchor" href="#${id}" ` +
      `aria-label="Link to this section: ${text}"><span aria-hidden="true">#</span></a></div>`;
    expect(page(root, "blog/the-right-length")).toContain(linked("set-a-gentle-timer", "Set a gentle timer"));
    // The same markup as a markdown post's heading (markdown-it ends the wrapper with a line break).
    expect(page(root, "blog/first-questions")).toContain(`${linked("try-this", "Try this")}\n`);
    const feed = readFileSync(path.join(root, "dist", "blog", "feed.xml"), "utf8");
    expect(feed).toContain("id=&quot;set-a-gentle-timer&quot;&gt;Set a gentle timer&lt;/h2&gt;");
    expect(feed).not.toContain("heading-anchor");
    // anchors: false in site.config.ts: the compiled body is not taken from the cache, and has ids only.
    const config = path.join(root, "site.config.ts");
    const text = readFileSync(config, "utf8");
    writeFileSync(
      config,
      text.replace('  urlFormat: "directory",', '  urlFormat: "directory",\n  markdown: { anchors: false },'),
    );
    await buildProject(root, { siteUrl: "https://journal.example" });
    expect(page(root, "blog/the-right-length")).toContain('<h2 id="set-a-gentle-timer">Set a gentle timer</h2>');
    expect(page(root, "blog/the-right-length")).not.toContain("heading-anchor");
  });

  it("keeps its highlighted blocks with its compile: a later build loads neither Shiki nor the compiler", () => {
    const root = copyMdxJournal();
    const watched = /^@mdx-js\/mdx$|[\\/](mdx|shiki)-[0-9a-f]{16}\.cjs$/;
    const build = () => buildWatched(root, watched, "--site-url", "https://journal.example");
    const first = build();
    expect(first.status, first.stderr).toBe(0);
    // The compiled command requires its bundle of the compiler, not the package's modules.
    expect(first.stderr).toMatch(/^loaded \/.*[\\/]mdx-[0-9a-f]{16}\.cjs$/m);
    expect(first.stderr).not.toMatch(/^loaded @mdx-js\/mdx$/m);
    expect(first.stderr).toMatch(/^loaded \/.*[\\/]shiki-[0-9a-f]{16}\.cjs$/m);
    // Another post edited: the feed, which holds the MDX post's HTML, is written again.
    const other = path.join(root, "content", "posts", "a-book-on-the-shelf.md");
    writeFileSync(other, `${readFileSync(other, "utf8")}\nEdited.\n`);
    const second = build();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).not.toMatch(/^loaded /m);
    const feed = readFileSync(path.join(root, "dist", "blog", "feed.xml"), "utf8");
    expect(feed).toContain("Edited.");
    expect(feed).toContain("&lt;pre class=&quot;shiki&quot; data-language=&quot;sh&quot;");
    expect(page(root, "blog/the-right-length")).toContain('<pre class="shiki" data-language="sh"');
  });

  it("is compiled once: a later build reads it from the cache by its bytes, a build with --no-cache does not", () => {
    const root = copyMdxJournal();
    const cache = mkdtempSync(path.join(os.tmpdir(), "heirloom-mdx-cache-"));
    const env = { ...process.env, HEIRLOOM_CACHE_DIR: cache };
    const build = (...flags: string[]) =>
      spawnSync(process.execPath, [cliPath, "build", "--root", root, ...flags], { env }).status;
    expect(build()).toBe(0);
    const [cached] = readdirSync(path.join(cache, "mdx"));
    const file = path.join(cache, "mdx", cached);
    // A heading's text changed in the cached compile only: the next build can only have it from there.
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("Set a gentle timer", "Read from the cache"));
    // The site's name changed, so every page is rendered again; the post's file is as it was.
    const site = path.join(root, "content", "site.md");
    writeFileSync(site, readFileSync(site, "utf8").replace("name: The Journal", "name: The Journal of Notes"));
    expect(build()).toBe(0);
    expect(page(root, "blog/the-right-length")).toContain("Read from the cache");
    expect(build("--no-cache")).toBe(0);
    expect(page(root, "blog/the-right-length")).toContain("Set a gentle timer");
  });
});

describe("links of an .mdx post", () => {
  it("are given the base path, in markdown and as JSX", async () => {
    const root = copyMdxJournal();
    addToPost(root, '\n<a href="/legal/terms/">Terms</a>\n');
    await buildProject(root, { base: "/journal/" });
    const html = page(root, "blog/the-right-length");
    expect(html).toContain('<a href="/journal/blog/when-memories-disagree/">When memories disagree</a>');
    expect(html).toContain('<a href="/journal/legal/terms/">Terms</a>');
  });

  it("are refused when their scheme is not allowed, at their line and column", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, "\nSee [this](javascript:alert(1)).\n");
    expectErrors(await failures(root), [
      {
        code: "UnsafeLinkError",
        message: `The link "javascript:alert(1)" in ${MDX_POST} uses a scheme that is not allowed.`,
        location: { file: MDX_POST, line: line + 2, column: 5 },
        hint: /./,
      },
    ]);
  });
});

describe("mistakes in MDX, each at its line and column", () => {
  it("a tag that is never closed", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, "\nA <b>bold start\n");
    expectErrors(await failures(root), [
      {
        code: "MdxCompileError",
        message:
          `Could not compile the MDX of ${MDX_POST}: ` +
          "Expected a closing tag for `<b>` before the end of `paragraph`",
        location: { file: MDX_POST, line: line + 2, column: 3 },
        hint: /^correct the MDX there: close every tag/,
      },
    ]);
  });

  it("an import that binds nothing (a stylesheet's), which an MDX body here cannot have", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, '\nimport "./chart.css"\n');
    expectErrors(await failures(root), [
      {
        code: "MdxCompileError",
        message: `${MDX_POST} has an import or export statement, which an MDX body here cannot.`,
        location: { file: MDX_POST, line: line + 2, column: 1 },
        hint: /^remove it: every component templates\/mdx.ts exports can be used.*is kept when templates\/mdx.ts/,
      },
    ]);
  });

  it("an export of plain data, kept for the body's expressions, even inside a component's children", async () => {
    const root = copyMdxJournal();
    addToPost(
      root,
      '\n<Aside title="Data">\n\nexport const stars = ["Vega", `Sirius`, { n: -1 }];\n\n' +
        "{stars[1]} shines.\n\n</Aside>\n",
    );
    await buildProject(root);
    expect(page(root, "blog/the-right-length")).toContain("<p>Sirius shines.</p>");
  });

  it("an export of code, which is refused as every export but plain data", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, "\nexport const now = Date.now();\n");
    expect((await failures(root)).map((e) => [e.message, e.location])).toEqual([
      [
        `${MDX_POST} has an import or export statement, which an MDX body here cannot.`,
        { file: MDX_POST, line: line + 2, column: 1 },
      ],
    ]);
  });

  it("an import of a name templates/mdx.tsx does not export, told once at the name, not again where used", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, '\nimport { Aside, Chart } from "./chart.js"\n\n<Chart kind="bars" />\n');
    expectErrors(await failures(root), [
      {
        code: "MdxComponentNotFoundError",
        message:
          `${MDX_POST} imports Chart from "./chart.js", which an MDX body here cannot load; ` +
          "templates/mdx.tsx has no Chart.",
        location: { file: MDX_POST, line: line + 2, column: 17 },
        hint:
          "export a component named Chart from templates/mdx.tsx, which then stands for the imported one in " +
          "every .mdx file (the module an import names is never loaded), or remove the import.",
      },
    ]);
  });

  it("imports of components templates/mdx.tsx exports, as another engine's docs write them: taken out", async () => {
    const root = copyMdxJournal();
    addToPost(
      root,
      "\nimport { Aside } from '@astrojs/starlight/components';\nimport Timer from '~/components/timer.astro';\n" +
        '\n<Aside title="Imported">Kept.</Aside>\n',
    );
    await buildProject(root);
    const html = page(root, "blog/the-right-length");
    expect(html).toContain('<aside class="aside" aria-label="Imported"><p class="aside-title">Imported</p>');
    expect(html).not.toContain("import");
  });

  it("a component templates/mdx.tsx does not export, with those it does", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, '\nSee the <Chart kind="bars" /> below.\n');
    expectErrors(await failures(root), [
      {
        code: "MdxComponentNotFoundError",
        message: `${MDX_POST} uses <Chart>, which templates/mdx.tsx does not export.`,
        location: { file: MDX_POST, line: line + 2, column: 9 },
        hint: "export Chart from templates/mdx.tsx, or use one of: Aside, Timer.",
      },
    ]);
  });

  it("a component's line after the front matter grows, when the body is compiled already", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, '\nSee the <Chart kind="bars" /> below.\n');
    expect((await failures(root))[0].location).toEqual({ file: MDX_POST, line: line + 2, column: 9 });
    const file = path.join(root, MDX_POST);
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("title: The right length", "title: The right length\n# a comment"),
    );
    expect((await failures(root))[0].location).toEqual({ file: MDX_POST, line: line + 3, column: 9 });
  });

  it("a member of a component that the component does not have", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, "\n<Aside.Nope />\n");
    expectErrors(await failures(root), [
      {
        code: "MdxComponentNotFoundError",
        message: `${MDX_POST} uses <Aside.Nope>, but Aside, which templates/mdx.tsx exports, has no member Nope.`,
        location: { file: MDX_POST, line: line + 2, column: 1 },
        hint:
          "give Aside the member in templates/mdx.tsx (Aside.Nope = function Nope(props) { ... }), or use another " +
          "component.",
      },
    ]);
  });

  it("an await, which a page rendered at once cannot wait for", async () => {
    const root = copyMdxJournal();
    const line = addToPost(root, "\nWait for {await new Promise(() => {})}.\n");
    expectErrors(await failures(root), [
      {
        code: "MdxCompileError",
        message:
          `${MDX_POST} uses await in an expression, which an MDX body cannot: a page is rendered at once, ` +
          "without waiting.",
        location: { file: MDX_POST, line: line + 2, column: 11 },
        hint: /the error is in the MDX file\.$/,
      },
    ]);
  });

  it.each([
    [
      "a throw",
      "{(() => { throw new Error('no data') })()}",
      "threw while its page was rendered: no data",
      /not in templates/,
    ],
    [
      "endless recursion",
      "{(function again() { return again() })()}",
      "threw while its page was rendered: Maximum call stack size exceeded",
      /calls itself without end/,
    ],
    [
      "an object as a child",
      "{{ a: 1, b: 2 }}",
      "gives an object (with the keys a, b), which a page cannot show.",
      /JSON\.stringify/,
    ],
    ["a pending promise", "{new Promise(() => {})}", "gives a promise, which a page cannot show.", /cannot wait/],
    [
      "a throw in a component's attribute",
      "<Aside title={[].at(0).name}>x</Aside>",
      "threw while its page was rendered: Cannot read properties of undefined (reading 'name')",
      /the error is in the MDX file/,
    ],
  ])("%s as the page renders, at the expression's line and column", async (_name, text, message, hint) => {
    const root = copyMdxJournal();
    const line = addToPost(root, `\nSome text, then ${text} and more.\n`);
    // Where the expression starts, inside its { }.
    const column = "Some text, then ".length + text.indexOf("{") + 2;
    expectErrors(await failures(root), [
      {
        code: "MdxRenderError",
        message: `An expression of ${MDX_POST} ${message}`,
        location: { file: MDX_POST, line: line + 2, column },
        hint,
      },
    ]);
  });

  it("an .mdx file in a collection whose bodies are markdown", async () => {
    const root = copyMdxJournal();
    const text = "---\npath: /legal/cookies/\ntemplate: page\ntitle: Cookies\ndescription: None.\n---\nNone.\n";
    writeFileSync(path.join(root, "content/pages/legal/cookies.mdx"), text);
    expectErrors(await failures(root), [
      {
        code: "UnexpectedFileError",
        message: 'content/pages/legal/cookies.mdx is an MDX file, but the bodies of "pages" are not MDX.',
        location: { file: "content/pages/legal/cookies.mdx" },
        hint:
          'declare body: "mdx" for "pages" in site.config.ts (its .md files stay markdown), or rename the file ' +
          "to .md if it holds plain markdown.",
      },
    ]);
  });
});

describe("link schemes in MDX, as in markdown", () => {
  const compile = (body: string) => {
    const source = { file: "content/posts/a.mdx", body, bodyLine: 3 } as unknown as SourceEntry;
    return compileMdxBody(source, "/docs/", mdxRendererOf({ anchors: false }));
  };
  const code = (body: string) => {
    const result = compile(body);
    if (result instanceof HeirloomError) throw result;
    return result.code;
  };

  it("accepts what a browser follows and runs no code: //host without the base path, other schemes, pictures", () => {
    const out = code(
      '[a](//cdn.example/x) [b](irc://irc.libera.chat/x) [c](report.pdf) <a href="made-up:x">d</a>\n\n' +
        '![e](data:image/svg+xml,%3Csvg%3E%3C/svg%3E) <img src="data:image/svg+xml,x" alt="f" />',
    );
    for (const url of ["//cdn.example/x", "irc://irc.libera.chat/x", "made-up:x"]) {
      expect(out).toContain(`"${url}"`);
    }
    // A relative address names something of the site: a marker, resolved when the page renders.
    expect(out).toMatch(/"heirloom-ref:content%2F[\w%.-]+:report.pdf"/);
    expect(out).toContain('"data:image/svg+xml,%3Csvg%3E%3C/svg%3E"');
    expect(out).toContain('"data:image/svg+xml,x"');
  });

  it.each([
    ["a line break as an entity", "[x](java&#10;script:alert(1))"],
    ["a tab as an entity in JSX", '<a href="java&#9;script:alert(1)">x</a>'],
    ["a mixed-case scheme", "[x](JaVaScRiPt:alert(1))"],
    ["data:text/html in an iframe", '<iframe src="data:text/html,x" />'],
    ["an SVG picture as a link", '<a href="data:image/svg+xml,x">x</a>'],
  ])("refuses %s at its line", (_name, body) => {
    expect(compile(`Text.\n\n${body}`)).toMatchObject({ code: "UnsafeLinkError", location: { line: 5 } });
  });
});
