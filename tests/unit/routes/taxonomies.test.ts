// Taxonomies and archives in the routes stage: terms grouped and merged by slug, their names, each locale's own,
// newest first, paginated, a feed per term on its own pages only, archives by year and month, and every problem of
// their options and values at its line.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveSite } from "../../../packages/heirloom/src/config/checks/check-definition.ts";
import { defineCollection, defineSite } from "../../../packages/heirloom/src/config/define.ts";
import type { SiteOptions } from "../../../packages/heirloom/src/config/define.ts";
import type { ContentItem, EntryValue, ValidatedContent } from "../../../packages/heirloom/src/content/types.ts";
import { entryHashOf } from "../../../packages/heirloom/src/content/validate.ts";
import type { HeirloomError } from "../../../packages/heirloom/src/errors/errors.ts";
import { createRoutes } from "../../../packages/heirloom/src/routes/routes.ts";
import { termSlug } from "../../../packages/heirloom/src/routes/taxonomies.ts";

const posts = defineCollection({
  folder: "posts",
  schema: z.object({ title: z.string(), date: z.string().optional(), tags: z.unknown(), series: z.unknown() }),
});
const tags = { collection: "posts" as const, field: "tags", path: "/tags/:term/", template: "tag" };
type Routes = SiteOptions<{ posts: typeof posts }>["routes"];

/** The definition with `routes` as written at line 3 of a site.config.ts, and its resolved form. */
function siteWith(routes: Routes, extra: Partial<SiteOptions<{ posts: typeof posts }>> = {}) {
  const definition = defineSite({ collections: { posts }, routes, ...extra });
  return resolveSite(definition, `import x;\n\n${JSON.stringify(routes)}\n`);
}

/** A post as the content stage hands it on: its front matter, file and a hash of its own. */
function post(slug: string, data: Record<string, unknown>, locale?: string): ContentItem {
  const file = `content/${locale ? `${locale}/` : ""}posts/${slug}.md`;
  const meta = { slug, file, html: "", headings: [], ...(locale ? { locale } : {}) };
  const value = { title: slug, ...data, ...meta } as unknown as EntryValue;
  const locate = (path: ReadonlyArray<PropertyKey>) => ({ line: path[0] === "tags" ? 4 : 2, column: 1 });
  const source = { file, data, body: "", bodyLine: 6, format: "yaml" as const, locate, collection: "posts", slug };
  return { value, source: { ...source, hash: slug }, images: [] };
}

function content(items: ContentItem[], locales?: Record<string, ContentItem[]>): ValidatedContent {
  const byLocale = Object.entries(locales ?? {}).map(([locale, list]) => [
    locale,
    { items: new Map([["posts", list]]), counterparts: new Map() },
  ]);
  return {
    items: new Map([["posts", items]]),
    images: [],
    bodyImages: new Map(),
    languages: new Set(),
    ...(locales ? { locales: new Map(byLocale as never) } : {}),
  };
}

const made = (site: ReturnType<typeof siteWith>, validated: ValidatedContent) =>
  createRoutes(site, validated, { base: "/", complete: false, passthrough: [] });
const routeOf = (result: ReturnType<typeof made>, path: string) => result.routes.find((r) => r.path === path)!;
const titles = (result: ReturnType<typeof made>, path: string) =>
  routeOf(result, path).pagination!.items.map((entry) => entry.title);

describe("term slugs", () => {
  it.each([
    ["JavaScript", "javascript"],
    ["Café au lait", "cafe-au-lait"],
    ["Ærø", "aero"],
    ["Straße", "strasse"],
    ["C++", "c-plus-plus"],
    ["C#", "c-sharp"],
    ["#100DaysOfCode", "100daysofcode"],
    ["Привет мир", "privet-mir"],
    ["node.js", "node-js"],
    ["日本語", ""],
  ])("%s is %s", (name, slug) => expect(termSlug(name)).toBe(slug));
});

describe("a taxonomy's terms", () => {
  const items = [
    post("a", { date: "2024-03-10", tags: ["JavaScript", "Rust", "javascript"] }),
    post("b", { date: "2024-01-05T09:30:00+01:00", tags: ["javascript", "Café"] }),
    post("c", { date: "2023-12-24", tags: "Cafe" }),
    post("d", { date: "2025-01-01" }),
  ];
  const result = made(
    siteWith({ taxonomies: [{ ...tags, perPage: 1, index: { path: "/tags/", template: "tags" } }] }),
    content(items),
  );

  it("are merged when they differ in case or accents, named by the most used spelling, the first met on a tie", () => {
    const index = routeOf(result, "/tags/").entry as unknown as { terms: unknown[]; title: string };
    expect(index.title).toBe("Tags");
    expect(index.terms).toEqual([
      { name: "Café", slug: "cafe", url: "/tags/cafe/", count: 2 },
      { name: "javascript", slug: "javascript", url: "/tags/javascript/", count: 2 },
      { name: "Rust", slug: "rust", url: "/tags/rust/", count: 1 },
    ]);
  });

  it("list their entries newest first, perPage a page, with the pagination of lists", () => {
    expect(titles(result, "/tags/javascript/")).toEqual(["a"]);
    expect(titles(result, "/tags/javascript/page/2/")).toEqual(["b"]);
    const { pagination, entry, template } = routeOf(result, "/tags/javascript/page/2/");
    expect({ ...pagination, items: undefined }).toMatchObject({
      page: 2,
      pages: 2,
      total: 2,
      prev: "/tags/javascript/",
    });
    expect(template).toBe("tag");
    expect(entry).toMatchObject({ title: "javascript", slug: "javascript", count: 2, taxonomy: "tags" });
  });

  it("are given to each entry, in the order it writes them, once each, and are in its hash", () => {
    const [a, , , d] = items.map((item) => item.value);
    expect(a.terms?.tags.map((t) => t.slug)).toEqual(["javascript", "rust"]);
    expect(d.terms).toEqual({ tags: [] });
    const before = entryHashOf(a);
    made(siteWith({ taxonomies: [tags] }), content([items[0]]));
    expect(a.terms?.tags.map((t) => t.count)).toEqual([1, 1]);
    expect(entryHashOf(a)).not.toBe(before);
  });

  it("join the terms of the fields `also` names, as Jekyll reads `category` beside `categories`", () => {
    const joined = [
      post("e", { date: "2024-02-01", tags: ["Release"], series: "release" }),
      post("f", { date: "2024-02-02", series: ["Community", "Release"] }),
      post("g", { date: "2024-02-03", tags: "Community" }),
    ];
    const both = made(siteWith({ taxonomies: [{ ...tags, also: ["series"] }] }), content(joined));
    expect(titles(both, "/tags/release/")).toEqual(["f", "e"]);
    expect(titles(both, "/tags/community/")).toEqual(["g", "f"]);
    // One term per entry, named by the taxonomy's field.
    expect(joined[0].value.terms).toEqual({ tags: [expect.objectContaining({ slug: "release", count: 2 })] });
    expect(() => siteWith({ taxonomies: [{ ...tags, also: ["labels"] }] })).toThrow(/reads the field "labels"/);
  });

  it("keep the collection's own order when it declares one", () => {
    const sorted = defineCollection({ folder: "posts", schema: posts.schema, sort: "title" });
    const site = resolveSite(defineSite({ collections: { posts: sorted }, routes: { taxonomies: [tags] } }));
    const list = [post("b", { date: "2020-01-01", tags: ["x"] }), post("a", { date: "2024-01-01", tags: ["x"] })];
    expect(titles(made(site, content(list)), "/tags/x/")).toEqual(["b", "a"]);
  });

  it("are each locale's own, at its prefix, with no other locale's entry", () => {
    const i18n = { locales: ["en", "de"], defaultLocale: "en" };
    const site = siteWith({ taxonomies: [tags] }, { i18n });
    const result = made(site, content([post("a", { tags: ["Rust"] })], { de: [post("b", { tags: ["Rost"] }, "de")] }));
    expect(result.routes.map((r) => [r.path, r.locale])).toEqual([
      ["/de/tags/rost/", "de"],
      ["/tags/rust/", "en"],
    ]);
    expect(titles(result, "/de/tags/rost/")).toEqual(["b"]);
  });
});

describe("a term's feed", () => {
  const feed = { path: "/tags/:term/feed.xml", title: "On :term" };
  const items = [
    post("a", { date: "2024-01-01", tags: ["Go"] }),
    post("b", { date: "2024-02-01", tags: ["Go", "Zig"] }),
  ];
  const result = made(siteWith({ taxonomies: [{ ...tags, feed }] }), content(items));

  it("is one per term, with its entries, newest first, and is told apart from the site's feeds", () => {
    expect(result.feeds.map((f) => [f.path, f.title, f.listPath, f.own, f.items.map((e) => e.title)])).toEqual([
      ["/tags/go/feed.xml", "On Go", "/tags/go/", true, ["b", "a"]],
      ["/tags/zig/feed.xml", "On Zig", "/tags/zig/", true, ["b"]],
    ]);
  });

  it("is named by the term's own pages only", () => {
    expect(routeOf(result, "/tags/go/").feeds?.map((f) => f.path)).toEqual(["/tags/go/feed.xml"]);
    expect(routeOf(result, "/tags/zig/").feeds?.map((f) => f.path)).toEqual(["/tags/zig/feed.xml"]);
  });
});

describe("an archive", () => {
  const items = [
    post("a", { date: "2024-03-10" }),
    post("b", { date: "2024-03-01T23:30:00-05:00" }),
    post("c", { date: "2024-01-05" }),
    post("d", { date: "2022-06-01" }),
  ];
  const archives = [
    {
      collection: "posts" as const,
      path: "/archive/:year/",
      template: "year",
      index: { path: "/archive/", template: "years" },
    },
    { collection: "posts" as const, path: "/archive/:year/:month/", template: "month", perPage: 1 },
  ];
  const result = made(siteWith({ archives }), content(items));

  it("has a page per year, its entries newest first and grouped by month", () => {
    expect(titles(result, "/archive/2024/")).toEqual(["a", "b", "c"]);
    const groups = routeOf(result, "/archive/2024/").pagination!.groups!;
    expect(groups.map((g) => [g.month, g.items.map((e) => e.title)])).toEqual([
      ["03", ["a", "b"]],
      ["01", ["c"]],
    ]);
    expect(routeOf(result, "/archive/2024/").entry).toMatchObject({ title: "2024", count: 3 });
  });

  it("has a page per month with :month (the date as written), paginated", () => {
    expect(titles(result, "/archive/2024/03/")).toEqual(["a"]);
    expect(titles(result, "/archive/2024/03/page/2/")).toEqual(["b"]);
    expect(routeOf(result, "/archive/2024/03/").entry).toMatchObject({ title: "2024-03", year: "2024", month: "03" });
  });

  it("indexes the years newest first, with their months", () => {
    const { years } = routeOf(result, "/archive/").entry as unknown as { years: Array<Record<string, unknown>> };
    expect(years.map((y) => [y.year, y.count, y.url])).toEqual([
      ["2024", 3, "/archive/2024/"],
      ["2022", 1, "/archive/2022/"],
    ]);
    expect(years[0].months).toEqual([
      { year: "2024", month: "03", count: 2 },
      { year: "2024", month: "01", count: 1 },
    ]);
  });

  it("refuses an entry without a date, at its date field", () => {
    const result = made(siteWith({ archives: [archives[0]] }), content([post("x", { date: "soon" })]));
    expect(result.errors.map((e) => [e.message, e.location])).toEqual([
      [
        'content/posts/x.md cannot be published at /archive/:year/: its date "soon" is not a date such as 2024-01-15.',
        { file: "content/posts/x.md", line: 2, column: 1 },
      ],
    ]);
  });
});

describe("problems", () => {
  it("of a term's value and slug are told at the entry's field", () => {
    const result = made(
      siteWith({ taxonomies: [tags] }),
      content([post("x", { tags: [{ a: 1 }] }), post("y", { tags: ["日本"] })]),
    );
    expect(result.errors.map((e) => [e.message, e.location?.line])).toEqual([
      ['The field "tags" of content/posts/x.md holds [{"a":1}], not a term or a list of terms.', 4],
      [
        'The tags term "日本" of content/posts/y.md has no letter or digit that a URL segment can hold, ' +
          "so it can have no page.",
        4,
      ],
    ]);
  });

  it("of two taxonomies at one URL are the clash check's, naming site.config.ts", () => {
    const both = [tags, { ...tags, field: "series" }];
    const result = made(siteWith({ taxonomies: both }), content([post("x", { tags: ["a"], series: ["a"] })]));
    expect(result.errors.map((e) => [e.id, e.location?.file])).toEqual([["RouteCollision", "site.config.ts"]]);
    expect(result.errors[0].message).toContain("/tags/a/");
  });

  it("of the options are told at the line of site.config.ts that writes them", () => {
    const bad = {
      taxonomies: [
        { ...tags, field: "labels" },
        { ...tags, path: "/tags/:slug/", field: "series" },
        { ...tags, perPage: 0, feed: { path: "/tags/feed.xml" }, index: { path: "/tags list/", template: "t" } },
      ],
      archives: [{ collection: "posts" as const, path: "/archive/:day/", template: "year" }],
    };
    let thrown: unknown;
    try {
      siteWith(bad);
    } catch (error) {
      thrown = error;
    }
    const errors = (thrown as { errors: HeirloomError[] }).errors;
    expect(errors.map((e) => e.id)).toEqual([
      "TaxonomyFieldNotDeclared",
      "TaxonomyPathWithoutTerm",
      "TermFeedPath",
      "BadRoutePerPage",
      "BadIndexPath",
      "ArchivePathParameters",
    ]);
    expect(errors[0].message).toBe(
      'The taxonomy at "/tags/:term/" reads the field "labels", ' +
        'which the schema of the collection "posts" does not declare.',
    );
    expect(errors[0].hint).toContain("title, date, tags, series");
    expect(errors.every((e) => e.location?.file === "site.config.ts" && e.location.line === 3)).toBe(true);
  });
});
