// A blog with taxonomies and archives, built whole (tests/fixtures/taxonomies): a page per tag and category with
// its entries newest first, paginated, its own feed named on its own pages only, the index of tags, each post's
// tag links, archives by year and month, drafts left out, and a second build that renders what a tag edit moves.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { buildProject, fixturesDir } from "../helpers/site.ts";

const SITE_URL = "https://blog.example";

/** A fresh copy of the fixture (it is a site of its own, not laid over the base). */
function taxonomySite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-taxonomies-"));
  cpSync(path.join(fixturesDir, "taxonomies"), root, { recursive: true });
  return root;
}

let root: string;
let built: BuildResult;
const html = (file: string) => readFileSync(path.join(built.outDir, file), "utf8");
/** The titles of the posts a page lists, in order. */
const listed = (file: string) =>
  [...html(file).matchAll(/<li><a href="\/blog\/[^"]+\/">([^<]+)<\/a><\/li>/g)].map((m) => m[1]);
const feedLinks = (file: string) => [...html(file).matchAll(/rel="alternate"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

beforeAll(async () => {
  root = taxonomySite();
  built = await buildProject(root, { siteUrl: SITE_URL });
});

describe("a taxonomy", () => {
  it("has a page per term, its spellings merged by case and accents, named by its most used spelling", () => {
    const terms = built.routes.map((r) => r.route).filter((r) => r.startsWith("/tags/"));
    expect(terms).toEqual(["/tags/", "/tags/cafe/", "/tags/javascript/", "/tags/javascript/page/2/", "/tags/rust/"]);
    // JavaScript twice, javascript once; Café and Cafe once each: the first met, newest first, is New year's.
    expect(html("tags/javascript/index.html")).toContain('data-term="tags:javascript:JavaScript:3:/tags/javascript/"');
    expect(html("tags/cafe/index.html")).toContain('data-term="tags:cafe:Café:2:/tags/cafe/"');
  });

  it("lists a term's entries newest first, two a page as perPage says, with the list's pagination", () => {
    expect(listed("tags/javascript/index.html")).toEqual(["Spring", "New year"]);
    expect(html("tags/javascript/index.html")).toContain("1/2 /tags/javascript/page/2/");
    expect(listed("tags/javascript/page/2/index.html")).toEqual(["Winter"]);
    expect(listed("categories/notes/index.html")).toEqual(["Spring", "New year"]);
  });

  it("leaves drafts out: the draft's own tag has no page, and Rust counts the published post only", () => {
    expect(existsSync(path.join(built.outDir, "tags/secret"))).toBe(false);
    expect(html("tags/rust/index.html")).toContain('data-term="tags:rust:Rust:1:/tags/rust/"');
    expect(listed("tags/rust/index.html")).toEqual(["Spring"]);
  });

  it("indexes every term with its count and URL, in the order of their slugs", () => {
    expect(html("tags/index.html")).toContain(
      '<ul data-index="tags"><li><a href="/tags/cafe/">Café</a> 2</li>' +
        '<li><a href="/tags/javascript/">JavaScript</a> 3</li><li><a href="/tags/rust/">Rust</a> 1</li></ul>',
    );
  });

  it("gives each post its terms to link, with their names, URLs and counts", () => {
    expect(html("blog/spring/index.html")).toContain(
      '<ul data-tags=""><li><a href="/tags/javascript/">JavaScript</a> (3)</li>' +
        '<li><a href="/tags/rust/">Rust</a> (1)</li>',
    );
    expect(html("blog/summer/index.html")).toContain('<ul data-tags=""></ul>');
    expect(html("blog/winter/index.html")).toContain('<p data-category="">News</p>');
  });

  it("writes a feed per term, named in the head of that term's pages and of no other page", () => {
    const own = `${SITE_URL}/tags/javascript/feed.xml`.replace(SITE_URL, "");
    expect(feedLinks("tags/javascript/index.html")).toEqual(["/blog/feed.xml", own]);
    expect(feedLinks("tags/javascript/page/2/index.html")).toEqual(["/blog/feed.xml", own]);
    for (const file of ["index.html", "blog/spring/index.html", "tags/index.html", "tags/rust/index.html"]) {
      expect(feedLinks(file), file).not.toContain(own);
    }
    const feed = readFileSync(path.join(built.outDir, "tags/javascript/feed.xml"), "utf8");
    expect(feed).toContain("<title>Posts about JavaScript</title>");
    expect(feed).toContain(`<link rel="alternate" type="text/html" href="${SITE_URL}/tags/javascript/"/>`);
    expect([...feed.matchAll(/<entry>\s*<title>([^<]+)/g)].map((m) => m[1])).toEqual(["Spring", "New year", "Winter"]);
    expect(readFileSync(path.join(built.outDir, "sitemap.xml"), "utf8")).toContain(`${SITE_URL}/tags/cafe/`);
  });
});

describe("an archive", () => {
  it("has a page per year and per month, newest first, each year's entries grouped by month", () => {
    const periods = built.routes.map((r) => r.route).filter((r) => r.startsWith("/archive/"));
    expect(periods).toEqual([
      "/archive/",
      "/archive/2022/",
      "/archive/2022/06/",
      "/archive/2023/",
      "/archive/2023/12/",
      "/archive/2024/",
      "/archive/2024/01/",
      "/archive/2024/03/",
    ]);
    const year = html("archive/2024/index.html");
    expect(year).toContain(
      '<div data-month="2024-03"><ol><li><a href="/blog/spring/">Spring</a></li></ol></div><div data-month="2024-01">',
    );
    expect(year).toContain('<p data-months="">03:1,01:1</p>');
    expect(listed("archive/2024/01/index.html")).toEqual(["New year"]);
  });

  it("indexes the years, newest first, with their counts and months", () => {
    expect(html("archive/index.html")).toContain(
      '<li><a href="/archive/2024/">2024</a> 2 <a>03:1</a><a>01:1</a></li><li><a href="/archive/2023/">2023</a> 1',
    );
  });
});

describe("a second build", () => {
  it("after a post's tags change renders the term pages it leaves and joins, and not the others", async () => {
    const spring = path.join(root, "content/posts/spring.md");
    writeFileSync(spring, readFileSync(spring, "utf8").replace("tags: [JavaScript, Rust]", "tags: [JavaScript, Go]"));
    const again = await buildProject(root, { siteUrl: SITE_URL });
    expect(again.rendered).toEqual(
      expect.arrayContaining(["/blog/spring/", "/tags/", "/tags/go/", "/tags/javascript/"]),
    );
    for (const kept of ["/tags/cafe/", "/blog/winter/", "/archive/2022/", "/tags/javascript/page/2/"]) {
      expect(again.rendered, kept).not.toContain(kept);
    }
    expect(existsSync(path.join(again.outDir, "tags/rust"))).toBe(false);
    expect(listed("tags/go/index.html")).toEqual(["Spring"]);
    expect(html("blog/spring/index.html")).toContain('<a href="/tags/go/">Go</a> (1)');
  });

  it("with drafts publishes the draft's tag", async () => {
    const withDrafts = await buildProject(taxonomySite(), { siteUrl: SITE_URL, drafts: true });
    expect(withDrafts.routes.map((r) => r.route)).toContain("/tags/secret/");
  });
});
