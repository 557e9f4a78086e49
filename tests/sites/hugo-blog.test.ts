// A Hugo blog moved whole (tests/fixtures/hugo-blog), built once with the clock fixed in 2025 and once with --future:
// tag and category pages with counts and feeds, a yearly archive, summaries at <!--more-->, scheduled, expired and
// draft posts left out everywhere, a bundle, a date-time with an offset, TOML front matter, a data file, a shortcode.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldLines } from "../../packages/heirloom/src/output/held-report.ts";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { readAtom, readJsonFeed, readRss, textOf } from "../helpers/feeds.ts";
import { buildProject, fixturesDir } from "../helpers/site.ts";

const SITE_URL = "https://porch.example";
/** The build's clock: after every post but the one dated 2030, and after the offer's expiryDate. */
const NOW = Date.parse("2025-01-01T00:00:00Z");
const PUBLISHED = ["First light", "Porch light", "Harbour walk", "Evening walk"];
const LEFT_OUT = [
  "Garden plans",
  "next-year",
  "Old offer",
  "old-offer",
  "Unfinished",
  "unfinished",
  "Someday",
  "Secret",
];

async function buildCopy(future: boolean): Promise<BuildResult> {
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-hugo-blog-"));
  cpSync(path.join(fixturesDir, "hugo-blog"), root, { recursive: true });
  return buildProject(root, { siteUrl: SITE_URL, now: NOW, future });
}

let built: BuildResult;
let early: BuildResult;
const zone = process.env.TZ;
const read = (file: string, from = built) => readFileSync(path.join(from.outDir, file), "utf8");
const routes = (prefix: string, from = built) => from.routes.map((r) => r.route).filter((r) => r.startsWith(prefix));
const listed = (file: string, from = built) =>
  [...read(file, from).matchAll(/<li><a href="\/posts\/[^"]+\/">([^<]+)<\/a><\/li>/g)].map((m) => m[1]);
const feedLinks = (file: string) => [...read(file).matchAll(/rel="alternate"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
/** Every text file of the output (Pagefind's compressed index left out: its page count is checked instead). */
const textFiles = (from: BuildResult) =>
  readdirSync(from.outDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.(html|xml|json|txt)$/.test(file) && !file.startsWith("pagefind"),
  );

beforeAll(async () => {
  // A zone west of UTC, where 2024-01-05T00:30:00+01:00 is still the 4th: the post must print the day it wrote.
  process.env.TZ = "America/Los_Angeles";
  built = await buildCopy(false);
  early = await buildCopy(true);
}, 120_000);
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("tags and categories", () => {
  it("have a page per term of published posts: the draft's, scheduled and expired posts' absent", () => {
    expect(routes("/tags/")).toEqual(["/tags/", "/tags/rust/", "/tags/walking/", "/tags/web/"]);
    expect(routes("/categories/")).toEqual(["/categories/", "/categories/notes/", "/categories/travel/"]);
    // Rust is also the 2030 post's, Web the draft's ("web" and "Web" are one term), Notes the expired post's.
    expect(read("tags/rust/index.html")).toContain('data-term="tags:Rust:2"');
    expect(read("tags/web/index.html")).toContain('data-term="tags:Web:2"');
    expect(read("categories/notes/index.html")).toContain('data-term="categories:Notes:2"');
    expect(listed("tags/web/index.html")).toEqual(["First light", "Porch light"]);
    expect(listed("categories/travel/index.html")).toEqual(["Harbour walk", "Evening walk"]);
  });

  it("are indexed with their counts, and each post links its tags", () => {
    expect(read("tags/index.html")).toContain(
      '<ul data-index="tags"><li><a href="/tags/rust/">Rust</a> 2</li><li><a href="/tags/walking/">Walking</a> 1</li>' +
        '<li><a href="/tags/web/">Web</a> 2</li></ul>',
    );
    expect(read("categories/index.html")).toContain(
      '<li><a href="/categories/notes/">Notes</a> 2</li><li><a href="/categories/travel/">Travel</a> 2</li></ul>',
    );
    expect(read("posts/first-light/index.html")).toContain(
      '<ul data-tags=""><li><a href="/tags/rust/">Rust</a> (2)</li><li><a href="/tags/web/">Web</a> (2)</li></ul>',
    );
  });

  it("have a valid feed each, named in the head of that term's page and of no other", () => {
    const lists = ["/posts/index.xml", "/posts/atom.xml", "/posts/feed.json"];
    expect(feedLinks("tags/web/index.html")).toEqual([...lists, "/tags/web/index.xml"]);
    expect(feedLinks("categories/notes/index.html")).toEqual([...lists, "/categories/notes/feed.json"]);
    for (const file of ["index.html", "posts/first-light/index.html", "tags/index.html", "archive/2024/index.html"]) {
      expect(feedLinks(file), file).toEqual(lists);
    }
    expect(feedLinks("tags/rust/index.html")).toEqual([...lists, "/tags/rust/index.xml"]);
    const rss = readRss(read("tags/web/index.xml"));
    expect(textOf(rss.channel.title)).toBe("Posts tagged Web");
    expect(rss.items.map((item) => textOf(item.title))).toEqual(["First light", "Porch light"]);
    const json = readJsonFeed(read("categories/notes/feed.json"));
    expect(json.items.map((item) => item.title)).toEqual(["First light", "Porch light"]);
  });
});

describe("the archive", () => {
  it("has a page per year of published posts, and an index of the years with their counts", () => {
    expect(routes("/archive/")).toEqual(["/archive/", "/archive/2022/", "/archive/2023/", "/archive/2024/"]);
    expect(read("archive/index.html")).toContain(
      '<li><a href="/archive/2024/">2024</a> 1</li><li><a href="/archive/2023/">2023</a> 2</li>' +
        '<li><a href="/archive/2022/">2022</a> 1</li>',
    );
    // 2023's expired offer is left out.
    expect(read("archive/2023/index.html")).toContain('data-year="2023:2"');
    expect(listed("archive/2023/index.html")).toEqual(["Porch light", "Harbour walk"]);
  });
});

describe("summaries", () => {
  it("end at <!--more--> on the list, with a Read more link, and the marker is nowhere in the output", () => {
    const list = read("posts/index.html");
    expect(list).toContain(
      '<div data-summary=""><p>The porch faces east, so the first light of the year reaches it before the kitchen.' +
        '</p></div><p data-words="">35 words, 1 min</p><a href="/posts/first-light/">Read more</a>',
    );
    expect(read("posts/first-light/index.html")).toContain("<p>After the summary: the kettle");
    for (const file of textFiles(built)) expect(read(file), file).not.toMatch(/more--|&lt;!--/);
  });

  it("without a marker are Hugo's first 70 words, to their paragraph's end, with word count and reading time", () => {
    const walk = read("posts/index.html").split('data-post="evening-walk"')[1];
    expect(walk).toContain("all the way home to the porch.</p></div>");
    expect(walk).not.toContain("The second paragraph");
    expect(walk).toContain('<p data-words="">87 words, 1 min</p><a href="/posts/evening-walk/">Read more</a>');
  });
});

describe("scheduled, expired and draft posts", () => {
  it("are in no page, list, feed, sitemap, term page, archive or search index", () => {
    expect(built.routes.map((r) => r.route)).toEqual(expect.not.arrayContaining(["/posts/next-year/"]));
    for (const file of textFiles(built)) {
      for (const word of LEFT_OUT) expect(read(file), `${word} in ${file}`).not.toContain(word);
    }
    expect(existsSync(path.join(built.outDir, "archive/2030"))).toBe(false);
    // Every page but the 404 page: the four posts, the home page, the list, 7 taxonomy and 4 archive pages.
    expect(built.search).toMatchObject({ pages: 17, indexed: true });
  });

  it("are counted in the build's report, with the day the next is due", () => {
    expect(built.held).toEqual({
      drafts: 1,
      scheduled: 1,
      expired: 1,
      early: 0,
      next: { date: "2030-01-01T00:00:00Z", file: "content/posts/next-year.md" },
    });
    expect(heldLines(built.held!)).toEqual([
      "Held back 1 scheduled entry, 1 draft and 1 expired entry; the next is due 2030-01-01T00:00:00Z " +
        "(content/posts/next-year.md).",
    ]);
  });

  it("with --future, the scheduled post is published everywhere, marked, and the expired one still is not", () => {
    expect(read("posts/next-year/index.html", early)).toContain('<p data-scheduled="">Scheduled</p>');
    expect(read("posts/first-light/index.html", early)).not.toContain("data-scheduled");
    expect(listed("tags/rust/index.html", early)).toEqual(["Garden plans", "First light", "Harbour walk"]);
    expect(routes("/tags/someday/", early)).toEqual(["/tags/someday/"]);
    expect(routes("/archive/2030/", early)).toEqual(["/archive/2030/"]);
    expect(readRss(read("posts/index.xml", early)).items.map((i) => textOf(i.title))[0]).toBe("Garden plans");
    expect(read("sitemap.xml", early)).toContain(`${SITE_URL}/posts/next-year/`);
    expect(early.search).toMatchObject({ pages: 21 });
    expect(early.held).toMatchObject({ scheduled: 0, early: 1, expired: 1, drafts: 1 });
    expect(existsSync(path.join(early.outDir, "posts/old-offer"))).toBe(false);
  });
});

describe("Hugo's content layout", () => {
  it("publishes a page bundle at its folder's URL, its picture beside it published", () => {
    expect(routes("/posts/porch")).toEqual(["/posts/porch-light/"]);
    const src = /<img src="(\/assets\/images\/porch-[0-9a-f]+\.svg)"[^>]*alt="The porch at dusk"/.exec(
      read("posts/porch-light/index.html"),
    )?.[1];
    expect(read(src!.slice(1))).toBe(read("../content/posts/porch-light/porch.svg"));
  });

  it("prints a date-time with an offset as the day it wrote, in a zone where UTC's day is another", () => {
    const first = read("posts/first-light/index.html");
    expect(first).toContain('<time dateTime="2024-01-05T00:30:00+01:00">5 January 2024</time>');
    const json = readJsonFeed(read("posts/feed.json"));
    expect(json.items[0]).toMatchObject({ title: "First light", date_published: "2024-01-04T23:30:00Z" });
  });

  it("reads TOML front matter, a slug field, and a data file the layout renders on every page", () => {
    expect(read("posts/harbour/index.html")).toContain('<time dateTime="2023-06-10">10 June 2023</time>');
    expect(routes("/posts/evening")).toEqual(["/posts/evening-walk/"]);
    const nav = '<nav data-nav=""><a href="/">Home</a><a href="/posts/">All posts</a><a href="/tags/">Tags</a></nav>';
    for (const file of ["index.html", "posts/harbour/index.html", "tags/index.html", "archive/2022/index.html"]) {
      expect(read(file), file).toContain(nav);
    }
  });

  it("writes the list's RSS, Atom and JSON feeds, each valid, newest first", () => {
    expect(readRss(read("posts/index.xml")).items.map((item) => textOf(item.title))).toEqual(PUBLISHED);
    expect(readAtom(read("posts/atom.xml")).entries.map((entry) => textOf(entry.title))).toEqual(PUBLISHED);
    expect(readJsonFeed(read("posts/feed.json")).items.map((item) => item.title)).toEqual(PUBLISHED);
  });

  it("warns of the shortcode at its file and line, and of nothing else", () => {
    expect(built.warnings).toEqual([
      expect.stringMatching(/^content\/posts\/harbour\.md:9: \{\{< figure >\}\} is a Hugo shortcode, .* Hint: write/),
    ]);
  });
});
