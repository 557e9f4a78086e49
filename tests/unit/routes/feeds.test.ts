// Atom feeds' dates come from content (or SOURCE_DATE_EPOCH), the same on every machine: never from the
// clock, never in the build machine's time zone.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { FeedItem } from "../../../packages/heirloom/src/config/define.ts";
import { resolveConfig } from "../../../packages/heirloom/src/config/options.ts";
import { resolveSite } from "../../../packages/heirloom/src/config/checks/check-definition.ts";
import { defineSite } from "../../../packages/heirloom/src/config/define.ts";
import type { EntryValue } from "../../../packages/heirloom/src/content/types.ts";
import { feedKey } from "../../../packages/heirloom/src/incremental/page-keys.ts";
import { feedEntries, feedFiles } from "../../../packages/heirloom/src/output/files/feeds.ts";
import type { FeedSpec } from "../../../packages/heirloom/src/routes/types.ts";

const config = (env: Record<string, string> = {}) =>
  resolveConfig(resolveSite(defineSite({ collections: {}, routes: {}, siteUrl: "https://journal.example" })), { env });

/** A feed of entries whose date the site maps itself (feed.item), as a full date-time may be. */
function feed(dates: Array<FeedItem["date"]>, limit?: number): FeedSpec {
  const items = dates.map(
    (date, i) =>
      ({
        slug: `p${i}`,
        file: `content/posts/p${i}.md`,
        html: "<p>Hi</p>",
        url: `/blog/p${i}/`,
        date,
      }) as unknown as EntryValue,
  );
  return {
    path: "/blog/feed.xml",
    title: "Notes",
    author: "Someone",
    listPath: "/blog/",
    items,
    options: {
      path: "/blog/feed.xml",
      limit,
      item: (entry) => ({ title: String(entry.slug), date: entry.date as FeedItem["date"] }),
    },
    source: {} as FeedSpec["source"],
  };
}

const atom = (spec: FeedSpec, env?: Record<string, string>) => {
  const { files, errors } = feedFiles([spec], config(env));
  expect(errors).toEqual([]);
  return Buffer.from(files[0].contents).toString("utf8");
};
const updatedOf = (xml: string) => [...xml.matchAll(/<updated>([^<]*)<\/updated>/g)].map((m) => m[1]);

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("feed dates", () => {
  it("reads a date-time without an offset as UTC, whatever the machine's time zone", () => {
    const spec = feed(["2026-03-14T09:30", "2026-03-15T23:45:10", "2026-03-16", "2026-03-17T09:30:00+13:00"]);
    const written = ["Pacific/Auckland", "America/Los_Angeles", "UTC"].map((tz) => {
      process.env.TZ = tz;
      return atom(spec);
    });
    expect(written[1]).toBe(written[0]);
    expect(written[2]).toBe(written[0]);
    expect(updatedOf(written[0])).toEqual([
      "2026-03-16T20:30:00Z",
      "2026-03-16T20:30:00Z",
      "2026-03-16T00:00:00Z",
      "2026-03-15T23:45:10Z",
      "2026-03-14T09:30:00Z",
    ]);
  });

  it("refuses a date in any other form, which JavaScript would read in the local time zone", () => {
    const { errors } = feedFiles([feed(["March 14, 2026"])], config());
    expect(errors.map((e) => e.message)).toEqual([
      "The feed /blog/feed.xml cannot describe content/posts/p0.md: it needs a title and a date.",
    ]);
  });

  it("dates a feed without entries from SOURCE_DATE_EPOCH, or the epoch, never the clock", () => {
    expect(updatedOf(atom(feed([]), { SOURCE_DATE_EPOCH: "1795000000" }))).toEqual(["2026-11-18T11:06:40Z"]);
    expect(updatedOf(atom(feed([])))).toEqual(["1970-01-01T00:00:00Z"]);
  });

  it("lets content win over SOURCE_DATE_EPOCH", () => {
    expect(updatedOf(atom(feed(["2026-03-14"]), { SOURCE_DATE_EPOCH: "1795000000" }))[0]).toBe("2026-03-14T00:00:00Z");
  });
});

describe("feed size", () => {
  const days = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `2026-01-01T${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`,
    );
  const titles = (xml: string) => [...xml.matchAll(/<entry>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);

  it("holds the newest 20 entries unless told otherwise, whatever the order of the collection", () => {
    const xml = atom(feed(days(100)));
    expect(titles(xml)).toEqual(Array.from({ length: 20 }, (_, i) => `p${99 - i}`));
    expect(updatedOf(xml)[0]).toBe("2026-01-01T01:39:00Z");
  });

  it("holds as many as its limit says, or every entry with Infinity", () => {
    expect(titles(atom(feed(days(100), 3)))).toEqual(["p99", "p98", "p97"]);
    expect(titles(atom(feed(days(100), Number.POSITIVE_INFINITY)))).toHaveLength(100);
  });

  it("is made of its newest entries alone, so an older one changed keeps it; an entry it cannot show is told", () => {
    const spec = feed(days(30));
    const key = (entries: unknown[]) =>
      feedKey("context", spec, entries, (entry) => String((entry as EntryValue).slug));
    const newest = feedEntries(spec)!;
    expect(newest.map((e) => e.slug)).toEqual(Array.from({ length: 20 }, (_, i) => `p${29 - i}`));
    // p3 is older than the newest 20: the feed's entries and key are the same without it.
    const withoutOld = { ...spec, items: spec.items.filter((e) => e.slug !== "p3") };
    expect(key(feedEntries(withoutOld)!)).toBe(key(newest));
    const withoutNew = { ...spec, items: spec.items.filter((e) => e.slug !== "p29") };
    expect(key(feedEntries(withoutNew)!)).not.toBe(key(newest));
    // An entry without a date, however old: no entries to keep the feed by, so it is written again and refused.
    expect(feedEntries(feed([...days(30), "March 14, 2026"]))).toBeUndefined();
  });

  it("still refuses an entry it would not show", () => {
    const spec = feed([...days(30), "March 14, 2026"]);
    expect(feedFiles([spec], config()).errors.map((e) => e.message)).toEqual([
      "The feed /blog/feed.xml cannot describe content/posts/p30.md: it needs a title and a date.",
    ]);
  });

  it.each([0, -1, 2.5, Number.NaN])("refuses a limit of %s in the site definition", (limit) => {
    const define = () =>
      resolveSite(
        defineSite({
          collections: { posts: { folder: "posts", schema: z.object({}) } as never },
          routes: {
            lists: [{ collection: "posts", page: "/blog/", perPage: 10, feed: { path: "/blog/feed.xml", limit } }],
          },
        }),
      );
    expect(define).toThrow(`The feed of "posts" has limit ${limit}.`);
  });
});
