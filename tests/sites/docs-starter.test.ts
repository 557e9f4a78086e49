// The docs starter that `heirloom init --template docs` makes, checked and built with a site URL: its pages, the
// redirect of /guide/, every link checked, Pagefind's index; on each guide page the sidebar with the page marked,
// a table of contents of its sections, the previous and next pages in the guide's order and the link to edit its
// file; no script but the search box's; the site's name written into its texts.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { docsStarterBuild, type SharedBuild } from "../helpers/shared-build.ts";
import { cliPath } from "../helpers/site.ts";

const GUIDE = ["getting-started", "writing-pages", "organizing", "deploying"];

let root: string;
let out: string;
let built: SharedBuild["result"];
const read = (file: string) => readFileSync(path.join(out, file), "utf8");
const guidePage = (slug: string) => read(`guide/${slug}/index.html`);
/** The first element of a page that opens with `open`, up to its closing tag (no element of its kind inside). */
const element = (html: string, open: string, tag: string) => {
  const at = html.indexOf(open);
  return at < 0 ? "" : html.slice(at, html.indexOf(`</${tag}>`, at) + tag.length + 3);
};

beforeAll(async () => {
  // The build fails on a broken link or #fragment of any page, or a redirect to no page: that is the link check.
  // It is the one the starter's browser test serves: neither changes the site.
  ({ root, outDir: out, result: built } = await docsStarterBuild());
}, 120_000);

describe("the docs starter", () => {
  it("has the site's name in its README, its site.md and its package.json", () => {
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toMatch(/^# My docs\n/);
    expect(readFileSync(path.join(root, "content", "site.md"), "utf8")).toContain("\nname: My docs\n");
    expect(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).name).toBe("my-docs");
    expect(read("index.html")).toContain("<title>My docs</title>");
  });

  it("checks with no problems, the TypeScript of its templates included", () => {
    const checked = spawnSync(process.execPath, [cliPath, "check"], {
      cwd: root,
      encoding: "utf8",
      env: { PATH: process.env.PATH, NO_COLOR: "1" },
    });
    expect(checked.stdout).toBe("");
    expect(checked.stderr).toBe(
      "Checked 6 pages, their links, and the types of site.config.ts and templates/: no problems.\n",
    );
  });

  it("builds the front page, every guide page, the 404 page and the redirect of /guide/, without a warning", () => {
    expect(built.warnings).toEqual([]);
    expect(built.routes.map((r) => r.route).sort()).toEqual(["/", ...GUIDE.map((s) => `/guide/${s}/`), "404"].sort());
    for (const file of ["index.html", "404.html", "sitemap.xml", ...GUIDE.map((s) => `guide/${s}/index.html`)])
      expect(existsSync(path.join(out, file)), file).toBe(true);
    const redirect = read("guide/index.html");
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=/guide/getting-started/">');
    expect(read("_redirects")).toContain("/guide/ /guide/getting-started/ 301\n");
    // The front page lists the guide as cards, in its order.
    const cards = element(read("index.html"), '<ul class="cards">', "ul");
    expect([...cards.matchAll(/<a href="\/guide\/([\w-]+)\/">/g)].map((m) => m[1])).toEqual(GUIDE);
  });

  it("indexes its pages for search with Pagefind, the 404 page left out", () => {
    expect(built.search).toMatchObject({ pages: 5, indexed: true });
    expect(built.search!.files).toBeGreaterThan(5);
    expect(existsSync(path.join(out, "pagefind", "pagefind.js"))).toBe(true);
    expect(existsSync(path.join(out, "pagefind", "pagefind-entry.json"))).toBe(true);
  });

  it("marks each guide page as the current one in the sidebar, which lists the guide in its order", () => {
    for (const slug of GUIDE) {
      const sidebar = element(guidePage(slug), '<nav class="sidebar"', "nav");
      expect(
        [...sidebar.matchAll(/<a href="\/guide\/([\w-]+)\/"/g)].map((m) => m[1]),
        slug,
      ).toEqual(GUIDE);
      expect(
        [...sidebar.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]),
        slug,
      ).toEqual([`/guide/${slug}/`]);
    }
    expect(element(read("index.html"), '<nav class="sidebar"', "nav")).not.toContain("aria-current");
  });

  it("gives each guide page a table of contents of its sections, and a link to edit its file", () => {
    for (const slug of GUIDE) {
      const html = guidePage(slug);
      const sections = [...html.matchAll(/<h2 id="([\w-]+)">/g)].map((m) => m[1]).filter((id) => id !== "toc-title");
      const toc = element(html, '<nav class="toc"', "nav");
      const listed = [...toc.matchAll(/<li data-depth="2"><a href="#([\w-]+)">/g)].map((m) => m[1]);
      expect(sections.length, slug).toBeGreaterThan(2);
      expect(listed, slug).toEqual(sections);
      expect(html).toContain(`<a href="https://github.com/you/my-docs/edit/main/content/guide/${slug}.md">`);
    }
    // A subsection is listed under its section.
    expect(element(guidePage("writing-pages"), '<nav class="toc"', "nav")).toContain(
      '<li data-depth="3"><a href="#long-lines">Long lines</a></li>',
    );
    expect(read("404.html")).not.toContain("Edit this page");
  });

  it("links a guide page to the previous and next in order: the first has no previous, the last no next", () => {
    const links = (slug: string) => {
      const sequence = element(guidePage(slug), '<nav class="sequence"', "nav");
      return [...sequence.matchAll(/<a href="\/guide\/([\w-]+)\/" rel="(prev|next)"/g)].map((m) => `${m[2]} ${m[1]}`);
    };
    expect(links("getting-started")).toEqual(["next writing-pages"]);
    expect(links("writing-pages")).toEqual(["prev getting-started", "next organizing"]);
    expect(links("deploying")).toEqual(["prev organizing"]);
    expect(read("index.html")).not.toContain('class="sequence"');
  });

  it("highlights its code blocks, and ships no script but the search box's", () => {
    const languages = GUIDE.flatMap((slug) =>
      [...guidePage(slug).matchAll(/<pre class="shiki" data-language="(\w+)"/g)].map((m) => m[1]),
    );
    expect(new Set(languages)).toEqual(new Set(["sh", "md", "ts", "toml"]));
    const pages = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html"));
    expect(pages).toHaveLength(7);
    for (const file of pages) {
      const html = read(file);
      const scripts = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
      // The redirect page sends the reader on with no script at all.
      if (file === path.join("guide", "index.html")) expect(scripts).toEqual([]);
      else expect(scripts, file).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/search-/)]);
    }
  });
});
