// Feeds that list the same entries (a list's feed and its terms' feeds): each entry's item and content are made
// once for all of them, and every file is what it would be alone; what cannot be shared is not.
import { describe, expect, it } from "vitest";
import { resolveSite } from "../../../packages/heirloom/src/config/checks/check-definition.ts";
import { defineSite } from "../../../packages/heirloom/src/config/define.ts";
import { resolveConfig } from "../../../packages/heirloom/src/config/options.ts";
import type { EntryValue } from "../../../packages/heirloom/src/content/types.ts";
import { type FeedSelections, feedFiles } from "../../../packages/heirloom/src/output/files/feeds.ts";
import type { FeedSpec } from "../../../packages/heirloom/src/routes/types.ts";

const config = resolveConfig(
  resolveSite(defineSite({ collections: {}, routes: {}, siteUrl: "https://blog.example" })),
  { env: {} },
);

const post = (i: number, fields: Record<string, unknown> = {}) =>
  ({
    slug: `p${i}`,
    file: `content/posts/p${i}.md`,
    title: `Post ${i}`,
    date: `2024-01-${String(i + 1).padStart(2, "0")}`,
    html: `<p><a href="#more">more</a> <a href="/blog/">home</a></p>`,
    url: `/blog/p${i}/`,
    ...fields,
  }) as unknown as EntryValue;

const spec = (path: string, items: EntryValue[], listPath = "/blog/"): FeedSpec => ({
  path,
  title: path,
  author: "Someone",
  listPath,
  items,
  options: { path },
  source: {} as FeedSpec["source"],
});

const text = (files: Array<{ contents: Uint8Array }>) => files.map((f) => Buffer.from(f.contents).toString("utf8"));

describe("feeds that share entries", () => {
  const posts = [0, 1, 2, 3].map((i) => post(i));
  const feeds = [spec("/blog/feed.xml", posts), spec("/tags/a/feed.xml", [posts[1], posts[3]], "/tags/a/")];

  it("resolve each entry's content once, and write each file as it is alone", () => {
    const resolved: string[] = [];
    const resolve = (html: string, url: string) => (resolved.push(url), html);
    const selections: FeedSelections = new Map();
    const together = feedFiles(feeds, config, resolve, selections);
    expect(together.errors).toEqual([]);
    expect(resolved.sort()).toEqual(["/blog/p0/", "/blog/p1/", "/blog/p2/", "/blog/p3/"]);
    const alone = feeds.map((feed) => text(feedFiles([feed], config).files)[0]);
    expect(text(together.files)).toEqual(alone);
    expect(alone[1]).toContain("https://blog.example/blog/p3/#more");
    // The items are made once: the term's feed holds the list's objects.
    const [list, term] = feeds.map((feed) => selections.get(feed)!.items);
    expect(term[0]).toBe(list.find((item) => item.entry === posts[3]));
  });

  it("tell an entry without a title in each feed that lists it", () => {
    const untitled = post(4, { title: "" });
    const both = [spec("/blog/feed.xml", [untitled]), spec("/tags/b/feed.xml", [untitled], "/tags/b/")];
    expect(feedFiles(both, config).errors.map((e) => e.message)).toEqual([
      "The feed /blog/feed.xml cannot describe content/posts/p4.md: it needs a title and a date.",
      "The feed /tags/b/feed.xml cannot describe content/posts/p4.md: it needs a title and a date.",
    ]);
  });

  it("resolve an entry without a page of its own against each feed's list", () => {
    const note = post(5, { url: undefined });
    const [list, term] = text(
      feedFiles([spec("/blog/feed.xml", [note]), spec("/tags/c/feed.xml", [note], "/tags/c/")], config).files,
    );
    expect(list).toContain("https://blog.example/blog/#more");
    expect(term).toContain("https://blog.example/tags/c/#more");
  });
});
