// Search (`search: true`): the built pages indexed with Pagefind into pagefind/ before the swap; the box's script
// only on the page that renders <Search />; the CSP allowing WebAssembly only for a site with search; a build whose
// pages did not change keeping the index (Pagefind not run), a changed page indexing again; the index's size and a
// first search's bytes reported, measured from the files; a failed index, or one of no page, leaving the output.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatReport } from "../../../packages/heirloom/src/output/report.ts";
import type { BuildResult } from "../../../packages/heirloom/src/pipeline/build.ts";
import { buildProject, editFile, makeFixture, makeSearchFixture } from "../../helpers/site.ts";

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");
/** Every file under pagefind/ with its bytes. */
const indexFiles = (outDir: string) => {
  const dir = path.join(outDir, "pagefind");
  return new Map(
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => statSync(path.join(dir, file)).isFile())
      .sort()
      .map((file) => [file, readFileSync(path.join(dir, file))]),
  );
};
/** The text of every fragment of the index (Pagefind's files are gzipped with a signature before the JSON). */
const fragmentTexts = (outDir: string) =>
  [...indexFiles(outDir)]
    .filter(([file]) => file.startsWith("fragment/"))
    .map(([, bytes]) => gunzipSync(bytes).toString());
const SEARCH_SCRIPT = /<script type="module" src="(\/(?:docs\/)?assets\/search-[0-9A-F]{8}\.js)"><\/script>/;

describe("a site with search", () => {
  let root: string;
  let built: BuildResult;
  beforeAll(async () => {
    root = makeSearchFixture();
    built = await buildProject(root);
  });

  it("writes Pagefind's search API and index into pagefind/, without its UIs, every page but 404 indexed", () => {
    const files = indexFiles(built.outDir);
    for (const file of ["pagefind.js", "pagefind-worker.js", "pagefind-entry.json", "wasm.en.pagefind"])
      expect(files.has(file), file).toBe(true);
    expect([...files.keys()].filter((f) => /ui|highlight|playground/.test(f))).toEqual([]);
    expect([...files.keys()].some((f) => /^index\/en_[0-9a-f]+\.pf_index$/.test(f))).toBe(true);
    const entry = JSON.parse(files.get("pagefind-entry.json")!.toString());
    expect(entry.languages.en.page_count).toBe(5);
    const urls = fragmentTexts(built.outDir).map((text) => JSON.parse(text.slice(text.indexOf("{"))).url);
    expect(urls.sort()).toEqual(["/", "/about/team", "/notes/first", "/notes/second", "/search"]);
    expect(fragmentTexts(built.outDir).some((text) => text.includes("The first note."))).toBe(true);
  });

  it("gives the box's script to the page that renders <Search /> alone, and the form its props' words", () => {
    const page = read(built.outDir, "search.html");
    const script = SEARCH_SCRIPT.exec(page)?.[1];
    expect(script).toBeDefined();
    expect(existsSync(path.join(built.outDir, script!))).toBe(true);
    expect(page).toContain('<label for="search-input">Diese Seite durchsuchen</label>');
    expect(page).toMatch(/<input id="search-input" type="search"[^>]* disabled="" name="q"\/>/);
    expect(page).toContain('<button type="submit" disabled="">Suchen</button>');
    expect(page).toContain('data-many="{count} Treffer für „{query}“."');
    expect(page).toMatch(/<p id="search-status" role="status" aria-live="polite"[^>]*>Search needs JavaScript/);
    // No inline script anywhere: every <script> has a src.
    for (const file of ["search.html", "index.html", "notes/first.html", "404.html"]) {
      const html = read(built.outDir, file);
      expect(html.match(/<script(?![^>]* src=)[^>]*>/g) ?? [], file).toEqual([]);
      if (file !== "search.html") expect(html, file).not.toContain("assets/search-");
    }
  });

  it("lets scripts compile WebAssembly in the headers of both hosts' files, nothing more; caches hashed chunks", () => {
    const policy = "script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
    expect(read(built.outDir, "_headers")).toContain(policy);
    const serve = JSON.parse(read(built.outDir, "serve.json"));
    const csp = serve.headers[0].headers.find((h: { key: string }) => h.key === "Content-Security-Policy").value;
    expect(csp).toContain(policy);
    expect(csp).not.toContain("'unsafe-eval'");
    // The index's chunks are named by their content: a year's cache; pagefind.js and the rest revalidate.
    const immutable = "Cache-Control: public, max-age=31536000, immutable";
    for (const folder of ["index", "fragment", "filter"])
      expect(read(built.outDir, "_headers")).toContain(`/pagefind/${folder}/*\n  ${immutable}\n`);
    const rules = serve.headers.map((r: { source: string }) => r.source);
    expect(rules).toEqual(["**", "assets/**", "pagefind/index/**", "pagefind/fragment/**", "pagefind/filter/**"]);
    expect(csp).not.toContain("'unsafe-inline'");
  });

  it("reports the index's files and bytes and a first search's gzipped bytes, as the files measure", () => {
    const files = indexFiles(built.outDir);
    const sent = (file: string) =>
      /\.(js|json)$/.test(file) ? gzipSync(files.get(file)!, { level: 9 }).length : files.get(file)!.length;
    const largest = (pattern: RegExp) => Math.max(...[...files.keys()].filter((f) => pattern.test(f)).map(sent));
    const script = SEARCH_SCRIPT.exec(read(built.outDir, "search.html"))![1];
    const scriptBytes = gzipSync(readFileSync(path.join(built.outDir, script)), { level: 9 }).length;
    const first =
      scriptBytes +
      sent("pagefind.js") +
      sent("pagefind-worker.js") +
      sent("pagefind-entry.json") +
      largest(/^wasm\./) +
      largest(/\.pf_meta$/) +
      largest(/^index\//);
    expect(built.search).toEqual({
      pages: 5,
      files: files.size,
      bytes: [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0),
      firstSearchBytes: first,
      resultBytes: expect.any(Number),
      indexed: true,
    });
    expect(formatReport(built)).toContain(`Search: 5 pages in ${files.size} files (`);
    expect(formatReport(built)).toContain(`a first search loads ${(first / 1024).toFixed(1)} KB`);
    // The search page's own JavaScript: the fixture's script and the box's, not Pagefind's.
    const row = built.routes.find((r) => r.route === "/search")!;
    const home = built.routes.find((r) => r.route === "/")!;
    expect(row.jsBytes - home.jsBytes).toBe(scriptBytes);
  });
});

describe("an incremental build of a site with search", () => {
  afterEach(() => void vi.useRealTimers());

  it("keeps the index while no page changed, and indexes again when one did", async () => {
    const root = makeSearchFixture();
    const first = await buildProject(root);
    expect(first.search?.indexed).toBe(true);
    const before = indexFiles(first.outDir);
    // Saved again with the same bytes: the build renders, and every page comes out the same.
    const note = path.join(root, "content/notes/first.md");
    writeFileSync(note, readFileSync(note));
    const same = await buildProject(root);
    expect(same.kept).toBeUndefined();
    expect(same.search).toEqual({ ...first.search, indexed: false });
    expect(indexFiles(same.outDir)).toEqual(before);

    editFile(root, "content/notes/first.md", "The first note.", "The first note, about marmalade.");
    const changed = await buildProject(root);
    expect(changed.search?.indexed).toBe(true);
    expect(fragmentTexts(changed.outDir).some((text) => text.includes("marmalade"))).toBe(true);
    expect(indexFiles(changed.outDir)).not.toEqual(before);
  });

  it("reports the kept index when nothing changed at all", async () => {
    const root = makeSearchFixture();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(performance.timeOrigin + performance.now() + 10_000);
    const first = await buildProject(root);
    const kept = await buildProject(root);
    expect(kept.kept).toBe(true);
    expect(kept.search).toEqual({ ...first.search, indexed: false });
    expect(formatReport(kept)).toContain("no page changed, index kept");
  });
});

describe("search under a base path", () => {
  it("loads the box's script from the base and indexes the pages' URLs without it (the box adds it)", async () => {
    const root = makeSearchFixture();
    const built = await buildProject(root, { base: "/docs/" });
    expect(SEARCH_SCRIPT.exec(read(built.outDir, "search.html"))?.[1]).toMatch(/^\/docs\/assets\/search-/);
    expect(existsSync(path.join(built.outDir, "pagefind", "pagefind.js"))).toBe(true);
    const urls = fragmentTexts(built.outDir).map((text) => JSON.parse(text.slice(text.indexOf("{"))).url);
    expect(urls).toContain("/notes/first");
    expect(read(built.outDir, "_headers")).toContain(
      "/docs/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval';",
    );
  });
});

describe("a site without search", () => {
  it("publishes no index and no search script, and its policy allows no WebAssembly", async () => {
    const built = await buildProject(makeFixture());
    expect(existsSync(path.join(built.outDir, "pagefind"))).toBe(false);
    expect(built.search).toBeUndefined();
    expect(read(built.outDir, "_headers")).toContain("script-src 'self'; style-src");
    expect(formatReport(built)).not.toContain("Search:");
  });

  it("refuses a page that renders <Search />, at the page's file", async () => {
    const root = makeSearchFixture();
    editFile(root, "site.config.ts", "  search: true,\n", "");
    await expect(buildProject(root)).rejects.toMatchObject({
      code: "TemplateRenderError",
      message: expect.stringContaining(
        'The "search" template renders <Search /> on /search (content/pages/search.md), but site.config.ts does not',
      ),
      location: { file: "content/pages/search.md" },
    });
  });

  it("refuses a search option that is not true or false, at its line of site.config.ts", async () => {
    const root = makeFixture();
    editFile(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  search: "yes",');
    await expect(buildProject(root)).rejects.toMatchObject({
      code: "ConfigError",
      message: 'search is "yes".',
      location: { file: "site.config.ts", line: 35 },
    });
  });
});

describe("the index's folder", () => {
  it("refuses a page inside pagefind/ on a site with search, at its path field, and allows it without", async () => {
    const page = "---\npath: /pagefind/notes\ntemplate: prose\ntitle: Notes on Pagefind\n---\nA page.\n";
    const root = makeSearchFixture();
    writeFileSync(path.join(root, "content/pages/pagefind-notes.md"), page);
    await expect(buildProject(root)).rejects.toMatchObject({
      code: "RouteCollisionError",
      message:
        'The page path "/pagefind/notes" of content/pages/pagefind-notes.md would be written to ' +
        "pagefind/notes.html, which clashes with the search index the build writes into pagefind/ " +
        "(search: true in site.config.ts).",
      location: expect.objectContaining({ file: "content/pages/pagefind-notes.md", line: 2 }),
    });
    const without = makeFixture();
    writeFileSync(path.join(without, "content/pages/pagefind-notes.md"), page);
    const built = await buildProject(without);
    expect(existsSync(path.join(built.outDir, "pagefind/notes.html"))).toBe(true);
  });
});

describe("a search index that fails", () => {
  afterEach(() => void delete process.env.PAGEFIND_BINARY_PATH);

  it("fails the build with SearchIndexError and leaves the output folder as it was", async () => {
    const root = makeSearchFixture();
    const first = await buildProject(root);
    const home = read(first.outDir, "index.html");
    editFile(root, "content/pages/index.md", "Welcome.", "Welcome back.");
    // Pagefind runs the program its package names; this one is not there.
    process.env.PAGEFIND_BINARY_PATH = path.join(root, "no-such-pagefind");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(buildProject(root)).rejects.toMatchObject({
      code: "SearchIndexError",
      message: expect.stringContaining("Pagefind could not index the built pages:"),
    });
    error.mockRestore();
    expect(read(first.outDir, "index.html")).toBe(home);
    expect(readdirSync(path.dirname(first.outDir)).filter((name) => name.includes(".tmp-"))).toEqual([]);
    delete process.env.PAGEFIND_BINARY_PATH;
    const again = await buildProject(root);
    expect(read(again.outDir, "index.html")).toContain("Welcome back.");
    expect(again.search?.indexed).toBe(true);
  });
});

describe("a search index that holds no page", () => {
  it("fails the build at the search option, saying why no page was indexed; the output is left as it was", async () => {
    const root = makeSearchFixture();
    const first = await buildProject(root);
    const home = read(first.outDir, "index.html");
    // Every page's text is inside an element Pagefind is told to leave out.
    editFile(root, "templates/Document.tsx", "<body>", '<body data-pagefind-ignore="all">');
    const failure = buildProject(root);
    await expect(failure).rejects.toMatchObject({
      code: "SearchIndexError",
      message: expect.stringMatching(
        /^Pagefind indexed none of the 5 built pages: every page's text is inside an element marked data-pagefind-ign/,
      ),
      hint: expect.stringContaining("search: false"),
      location: {
        file: "site.config.ts",
        line: read(root, "site.config.ts").split("\n").indexOf("  search: true,") + 1,
      },
    });
    expect(read(first.outDir, "index.html")).toBe(home);
    expect(readdirSync(path.dirname(first.outDir)).filter((name) => name.includes(".tmp-"))).toEqual([]);
  });

  it("says so when the elements marked data-pagefind-body hold no text", async () => {
    const root = makeSearchFixture();
    editFile(
      root,
      "templates/Document.tsx",
      "<main>{children}</main>",
      "<main>{children}</main><div data-pagefind-body />",
    );
    await expect(buildProject(root)).rejects.toMatchObject({
      code: "SearchIndexError",
      message: expect.stringContaining("only the text of elements marked data-pagefind-body is indexed"),
    });
  });
});
