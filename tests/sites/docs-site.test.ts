// The documentation (docs/), built by the engine as a third site: every page's links checked by the build, and
// references that cannot drift from the code: a page for every entry of the error catalogue, every command of the
// CLI with every option --help shows, and every type of site.config.ts with every field, each documented.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIG_TYPES, kebab } from "../../docs/references.ts";
import { createProgram } from "../../packages/heirloom/src/cli/main.ts";
import { catalogue } from "../../packages/heirloom/src/errors/catalogue.ts";
import { DOCS_URL, errorDocsUrl, errorSlug } from "../../packages/heirloom/src/errors/error-docs.ts";
import { buildProject, engineRoot, repoRoot } from "../helpers/site.ts";

const docsRoot = path.join(repoRoot, "docs");
let out: string;
let pages: string[];
const page = (url: string) => readFileSync(path.join(out, url, "index.html"), "utf8");
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

let siteHash: string | undefined;
const options = { base: "/docs/", siteUrl: "https://heirloom.example", cache: false };

beforeAll(async () => {
  out = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-docs-")), "dist");
  // The build fails on any broken link or #fragment of any page: that is the link check over the whole site.
  ({ siteHash } = await buildProject(docsRoot, { outDir: out, ...options }));
  pages = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html"));
}, 120_000);

describe("the documentation site", () => {
  it("is the same bytes when built again from scratch, its search index included", async () => {
    const again = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-docs-")), "dist");
    // Before, Pagefind was sent the pages as each was read, and its index differed from one build to the next.
    expect((await buildProject(docsRoot, { outDir: again, ...options })).siteHash).toBe(siteHash);
  }, 120_000);

  it("has a guide page for getting started and for each capability, in the sidebar of every page", () => {
    const guides = ["getting-started", "content", "routes", "templates", "islands", "mdx", "markdown", "images"];
    guides.push("languages", "search", "feeds", "drafts", "incremental", "forms", "deploy", "porting", "headers");
    for (const guide of guides) expect(existsSync(path.join(out, "guide", guide, "index.html")), guide).toBe(true);
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(page("reference/errors/broken-link"))![0];
    for (const guide of guides) expect(sidebar).toContain(`href="/docs/guide/${guide}/"`);
  });

  it("gives a guide page its table of contents, previous and next links and a link to edit its source", () => {
    const routes = page("guide/routes");
    const content = page("guide/content");
    expect(content).toMatch(/<nav class="toc" aria-label="On this page">[\s\S]*?<a href="#[a-z-]+">/);
    expect(routes).toContain('<a href="/docs/guide/content/" rel="prev">');
    expect(routes).toContain('<a href="/docs/guide/templates/" rel="next">');
    expect(routes).toContain('href="https://github.com/heirloom/heirloom/edit/main/docs/content/guide/routes.md"');
  });

  it("is in English and German: getting started and the chrome translated, the rest marked as not yet", () => {
    const german = page("de/guide/getting-started");
    expect(german).toContain('<html lang="de">');
    expect(german).toContain("<h1>Erste Schritte</h1>");
    expect(german).toContain('<nav class="sidebar" aria-label="Dokumentation">');
    for (const [hreflang, url] of [
      ["en", "/docs/guide/getting-started/"],
      ["de", "/docs/de/guide/getting-started/"],
      ["x-default", "/docs/guide/getting-started/"],
    ]) {
      expect(german).toContain(`<link rel="alternate" hrefLang="${hreflang}" href="https://heirloom.example${url}"/>`);
    }
    // The language switch, the current language marked.
    expect(german).toContain('<a href="/docs/guide/getting-started/" hrefLang="en" lang="en">English</a>');
    expect(german).toContain('hrefLang="de" lang="de" aria-current="page">Deutsch</a>');
    // A page not translated yet: German chrome, its English text marked as such, canonical to the English page.
    const fallback = page("de/guide/routes");
    expect(fallback).toContain('<html lang="de">');
    expect(fallback).toContain("Diese Seite ist noch nicht übersetzt; sie wird auf Englisch gezeigt.");
    expect(fallback).toContain('<div data-pagefind-body="" lang="en"><h1>Routes</h1>');
    expect(fallback).toContain('<link rel="canonical" href="https://heirloom.example/docs/guide/routes/"/>');
    expect(fallback).not.toContain('rel="alternate" hrefLang');
    const sitemap = readFileSync(path.join(out, "sitemap.xml"), "utf8");
    expect(sitemap).toContain("<loc>https://heirloom.example/docs/de/guide/getting-started/</loc>");
    expect(sitemap).not.toContain("<loc>https://heirloom.example/docs/de/guide/routes/</loc>");
  });

  it("ships no script but the search box's, which loads Pagefind's index of both languages on first use", () => {
    for (const file of pages) {
      const html = readFileSync(path.join(out, file), "utf8");
      // An old address's page sends the reader on, and has no script at all.
      if (html.includes('http-equiv="refresh"')) {
        expect(html, file).not.toContain("<script");
        continue;
      }
      const scripts = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
      expect(scripts, file).toEqual([expect.stringMatching(/^<script type="module" src="\/docs\/assets\/search-/)]);
    }
    expect(existsSync(path.join(out, "pagefind", "pagefind.js"))).toBe(true);
    const languages = readdirSync(path.join(out, "pagefind")).filter((f) => /^pagefind-entry\.json$/.test(f));
    expect(languages).toHaveLength(1);
    const entry = JSON.parse(readFileSync(path.join(out, "pagefind", "pagefind-entry.json"), "utf8"));
    expect(Object.keys(entry.languages).sort()).toEqual(["de", "en"]);
    expect(page("de/guide/getting-started")).toContain("Die Dokumentation durchsuchen");
  });

  it("has a page for every entry of the error catalogue: its code, title, what to do and an example", () => {
    for (const entry of Object.values(catalogue)) {
      const html = text(page(`reference/errors/${errorSlug(entry.id)}`));
      expect(html, entry.id).toContain(entry.title);
      expect(html, entry.id).toContain(`error ${entry.code}:`);
      expect(html, entry.id).toContain(`see ${entry.id}: ${errorDocsUrl(entry.id)}`);
      expect(html, entry.id).toContain("What to do");
    }
    const index = text(page("reference/errors"));
    for (const entry of Object.values(catalogue)) expect(index).toContain(`${entry.title} (${entry.id})`);
  });

  it("has its page of each error at the address the CLI prints, and no page of an error the catalogue lacks", () => {
    // The address without the documentation's own (DOCS_URL), as the site is built here under /docs/.
    const addresses = Object.values(catalogue).map((entry) => errorDocsUrl(entry.id).slice(DOCS_URL.length));
    const built = (folder: string) =>
      readdirSync(path.join(out, folder), { withFileTypes: true })
        .filter((found) => found.isDirectory() && existsSync(path.join(out, folder, found.name, "index.html")))
        .map((found) => `${folder}/${found.name}/`);
    expect(built("reference/errors").sort()).toEqual(addresses.sort());
    expect(built("de/reference/errors").sort()).toEqual(addresses.map((address) => `de/${address}`).sort());
    expect(addresses.length).toBeGreaterThan(150);
  });

  it("has a page for every command of the CLI with every option its --help shows", () => {
    const program = createProgram();
    expect(program.commands.map((c) => c.name())).toEqual(["build", "check", "dev", "preview", "init"]);
    for (const command of program.commands) {
      const html = text(page(`reference/commands/${command.name()}`));
      expect(html).toContain(`heirloom ${command.name()} ${command.usage()}`);
      for (const option of command.options) {
        expect(html, option.flags).toContain(option.flags);
        expect(html, option.flags).toContain(option.description);
      }
    }
  });

  it("has a page for every option type of site.config.ts, every field documented", () => {
    // Every interface of the definition's files whose name ends in Options is in the reference.
    const shown = new Set(CONFIG_TYPES.flatMap((t) => t.names));
    for (const file of new Set(CONFIG_TYPES.map((t) => t.file))) {
      const source = ts.createSourceFile(
        file,
        readFileSync(path.join(engineRoot, file), "utf8"),
        ts.ScriptTarget.Latest,
      );
      source.forEachChild((node) => {
        if (ts.isInterfaceDeclaration(node) && node.name.text.endsWith("Options")) {
          expect(shown, `${file} declares ${node.name.text}`).toContain(node.name.text);
        }
      });
    }
    for (const name of shown) {
      const html = page(`reference/configuration/${kebab(name)}`);
      const rows = [...html.matchAll(/<tr id="field-([^"]+)">([\s\S]*?)<\/tr>/g)];
      expect(rows.length, name).toBeGreaterThan(0);
      for (const [, field, row] of rows) {
        const cells = [...row.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => text(m[1]).trim());
        expect(cells[2], `${name}.${field} has no doc comment`).not.toBe("");
      }
    }
    expect(text(page("reference/configuration/site-options"))).toContain("Sub-path the site is served under");
  });
});
