// A list's feed in RSS 2.0, Atom 1.0 or JSON Feed 1.1 (output/files/feed-xml.ts, feed-json.ts), each valid as its
// spec says (tests/helpers/feeds.ts): its dates in RFC 822 or RFC 3339, its URLs absolute, its text escaped. Several
// feeds for one list, each named in the head with its MIME type; every feed option checked at its line.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveSite } from "../../../packages/heirloom/src/config/checks/check-definition.ts";
import { defineCollection, defineSite } from "../../../packages/heirloom/src/config/define.ts";
import { resolveConfig } from "../../../packages/heirloom/src/config/options.ts";
import type { EntryValue } from "../../../packages/heirloom/src/content/types.ts";
import type { BuildFailure } from "../../../packages/heirloom/src/errors/errors.ts";
import { feedFiles } from "../../../packages/heirloom/src/output/files/feeds.ts";
import type { FeedSpec } from "../../../packages/heirloom/src/routes/types.ts";
import { RFC_3339, RFC_822, readAtom, readJsonFeed, readRss, textOf } from "../../helpers/feeds.ts";
import { buildProject, copyJournal, editFile } from "../../helpers/site.ts";

const config = resolveConfig(resolveSite(defineSite({ collections: {}, routes: {}, siteUrl: "https://j.example" })), {
  env: {},
});

const TITLE = 'Fish & "chips" <b>\u0007';
const HTML = '<p>See <a href="/blog/b/">b</a>, <a href="#part">part</a> &amp; <img src="/a.png" alt=""></p>';
const ENTRIES = [
  {
    slug: "a",
    file: "content/posts/a.md",
    url: "/blog/a/",
    title: TITLE,
    date: "2024-01-05T09:30:00+01:00",
    html: HTML,
  },
  {
    slug: "b",
    file: "content/posts/b.md",
    url: "/blog/b/",
    title: "B",
    date: "2023-12-31",
    description: "All ]]> of b",
  },
  { slug: "c", file: "content/posts/c.md", title: "No page", date: "2023-06-01", html: "<p>c</p>" },
] as unknown as EntryValue[];

function feed(format: "rss" | "atom" | "json", extra: Partial<FeedSpec> = {}): FeedSpec {
  const file = format === "json" ? "/blog/feed.json" : "/blog/feed.xml";
  const options = { path: file, format };
  return {
    path: file,
    title: "Notes & more",
    author: "Ann",
    listPath: "/blog/",
    items: ENTRIES,
    options,
    source: {} as never,
    ...extra,
  };
}

const written = (spec: FeedSpec) => {
  const { files, errors } = feedFiles([spec], config);
  expect(errors).toEqual([]);
  return Buffer.from(files[0].contents).toString("utf8");
};

describe("RSS 2.0", () => {
  it("is valid: channel and items, absolute links, RFC 822 dates, escaped text, the body in content:encoded", () => {
    const { channel, items } = readRss(written(feed("rss", { description: "What Ann notes" })));
    expect([textOf(channel.title), textOf(channel.link), textOf(channel.description)]).toEqual([
      "Notes & more",
      "https://j.example/blog/",
      "What Ann notes",
    ]);
    expect(textOf(channel.lastBuildDate)).toBe("Fri, 05 Jan 2024 08:30:00 GMT");
    expect(items.map((i) => [textOf(i.title), textOf(i.link), textOf(i.pubDate)])).toEqual([
      ['Fish & "chips" <b>', "https://j.example/blog/a/", "Fri, 05 Jan 2024 08:30:00 GMT"],
      ["B", "https://j.example/blog/b/", "Sun, 31 Dec 2023 00:00:00 GMT"],
      ["No page", "https://j.example/blog/", "Thu, 01 Jun 2023 00:00:00 GMT"],
    ]);
    expect(textOf(items[0]["content:encoded"])).toBe(
      '<p>See <a href="https://j.example/blog/b/">b</a>, <a href="https://j.example/blog/a/#part">part</a> &amp; ' +
        '<img src="https://j.example/a.png" alt=""></p>',
    );
    // A summary is the description; without one, the body.
    expect(textOf(items[1].description)).toBe("All ]]> of b");
    expect(textOf(items[0].description)).toBe(textOf(items[0]["content:encoded"]));
    // An entry without a page of its own links to the list, and is told apart from it by its guid.
    expect(items[2].guid).toEqual({ "#text": "https://j.example/blog/#c", "@isPermaLink": "false" });
    expect(textOf(items[0]["dc:creator"])).toBe("Ann");
  });

  it("without a description of its own says its title, as RSS requires one", () => {
    expect(textOf(readRss(written(feed("rss"))).channel.description)).toBe("Notes & more");
  });
});

describe("Atom 1.0", () => {
  it("is valid: ids, titles and RFC 3339 dates, escaped HTML content with absolute links", () => {
    const { feed: atom, entries } = readAtom(written(feed("atom")));
    expect(textOf(atom.updated)).toBe("2024-01-05T08:30:00Z");
    expect(entries.map((e) => [textOf(e.id), textOf(e.title), textOf(e.updated)])).toEqual([
      ["https://j.example/blog/a/", 'Fish & "chips" <b>', "2024-01-05T08:30:00Z"],
      ["https://j.example/blog/b/", "B", "2023-12-31T00:00:00Z"],
      ["https://j.example/blog/#c", "No page", "2023-06-01T00:00:00Z"],
    ]);
    expect((entries[0].content as Record<string, string>)["#text"]).toContain('href="https://j.example/blog/a/#part"');
  });
});

describe("JSON Feed 1.1", () => {
  it("is valid against the spec's schema, with RFC 3339 dates and absolute URLs", () => {
    const json = readJsonFeed(written(feed("json", { description: "What Ann notes", locale: "en" })));
    expect(json).toMatchObject({
      version: "https://jsonfeed.org/version/1.1",
      title: "Notes & more",
      home_page_url: "https://j.example/blog/",
      feed_url: "https://j.example/blog/feed.json",
      description: "What Ann notes",
      language: "en",
      authors: [{ name: "Ann" }],
    });
    // JSON carries any character, escaped: the title as the entry has it.
    expect(json.items.map((i) => [i.id, i.title, i.date_published])).toEqual([
      ["https://j.example/blog/a/", TITLE, "2024-01-05T08:30:00Z"],
      ["https://j.example/blog/b/", "B", "2023-12-31T00:00:00Z"],
      ["https://j.example/blog/#c", "No page", "2023-06-01T00:00:00Z"],
    ]);
    expect(json.items.every((i) => RFC_3339.test(String(i.date_modified)))).toBe(true);
    expect(json.items[1]).toMatchObject({ summary: "All ]]> of b", content_text: "" });
    expect(String(json.items[0].content_html)).toContain('<img src="https://j.example/a.png" alt="">');
  });

  it("is refused by the schema when an item lacks its id or any content (the check is not idle)", () => {
    const text = written(feed("json")).replace('"id": "https://j.example/blog/a/",', "");
    expect(() => readJsonFeed(text)).toThrow(/instancePath: '\/items\/0'/);
    expect(RFC_822.test("Fri, 05 Jan 2024 08:30:00 GMT")).toBe(true);
  });
});

describe("a list with several feeds", () => {
  it("writes each, valid, and names each in the head with its format's MIME type", async () => {
    const root = copyJournal("heirloom-feed-formats-");
    const feeds =
      'feed: [{ path: "/blog/feed.xml", title: "The Journal", author: "The Journal team" }, ' +
      '{ path: "/blog/rss.xml", format: "rss", title: "The Journal (RSS)" }, { path: "/blog/feed.json" }]';
    editFile(root, "site.config.ts", /feed: \{[^}]*\}/, feeds);
    const built = await buildProject(root, { siteUrl: "https://journal.example" });
    const read = (file: string) => readFileSync(path.join(built.outDir, file), "utf8");
    expect(readAtom(read("blog/feed.xml")).entries.length).toBe(readRss(read("blog/rss.xml")).items.length);
    expect(readJsonFeed(read("blog/feed.json")).items.length).toBeGreaterThan(5);
    const head = read("blog/index.html");
    const links = [...head.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)"/g)];
    expect(links.map((m) => [m[1], m[3]])).toEqual([
      ["application/atom+xml", "/blog/feed.xml"],
      ["application/rss+xml", "/blog/rss.xml"],
      ["application/feed+json", "/blog/feed.json"],
    ]);
  });
});

describe("a feed's options", () => {
  const source = [
    "export default defineSite({",
    "  collections: { posts },",
    "  routes: {",
    '    lists: [{ collection: "posts", page: "/blog/", perPage: 10,',
    '      feed: [{ path: "/blog/feed.json", fromat: "rss" },',
    '        { path: "/blog/rss.json", format: "rss" },',
    '        { path: "/blog/f.xml", format: "rdf" }] }],',
    "  },",
    "});",
  ].join("\n");
  const lists = [
    {
      collection: "posts",
      page: "/blog/",
      perPage: 10,
      feed: [
        { path: "/blog/feed.json", fromat: "rss" },
        { path: "/blog/rss.json", format: "rss" },
        { path: "/blog/f.xml", format: "rdf" },
      ],
    },
  ];

  it("are each known and agree with the path, or are an error at their line", () => {
    const definition = { collections: {}, routes: { lists }, [Symbol.for("heirloom.site")]: true };
    let failure: BuildFailure | undefined;
    try {
      resolveSite(definition, source);
    } catch (error) {
      failure = error as BuildFailure;
    }
    const problems = (failure?.errors ?? []).filter((e) => e.id !== "UnknownCollection");
    expect(problems.map((e) => [e.id, e.location?.line, e.message])).toEqual([
      [
        "UnknownFeedOption",
        5,
        'The feed of the list of "posts" in site.config.ts has the option "fromat", which feeds do not have.',
      ],
      [
        "BadFeedPath",
        6,
        'The feed path "/blog/rss.json" is not a site path ending in .xml, as a feed in the format "rss" needs.',
      ],
      ["BadFeedFormat", 7, 'The feed of the list of "posts" in site.config.ts has the format "rdf".'],
    ]);
    expect(problems[0].hint).toBe("remove it, or use one of: path, format, title, author, description, item, limit.");
  });

  it("settle a path ending in .json as a JSON Feed, any other as Atom", () => {
    const x = defineCollection({ folder: "x", schema: z.object({}) });
    const feed = [{ path: "/f.json" }, { path: "/f.xml" }];
    const site = resolveSite(
      defineSite({ collections: { x }, routes: { lists: [{ collection: "x", page: "/", perPage: 1, feed }] } }),
    );
    expect(site.listRoutes[0].feeds.map((f) => f.format)).toEqual(["json", "atom"]);
  });
});
