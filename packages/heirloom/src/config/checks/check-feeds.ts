// A list's feeds as site.config.ts declares them (one, or several, one per format): each option known, its
// format and path agreeing, its limit usable; each problem at its line. And the format a feed is written in.
import * as messages from "../../errors/catalogue.ts";
import type { ErrorEntry } from "../../errors/errors.ts";
import type { FeedFormat } from "../define.ts";
import type { ResolvedFeed } from "../types.ts";
import { unsafeCharacter } from "../unsafe-characters.ts";

/** Records a problem of the definition, located at the first place `near` is written in its text. */
type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

const OPTIONS = ["path", "format", "title", "author", "description", "item", "limit"];
const FORMATS: readonly FeedFormat[] = ["rss", "atom", "json"];

/** The MIME type of each format, for `<link rel="alternate" type>` (JSON Feed's own, as its spec names it). */
export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
  json: "application/feed+json",
};

/** The format a feed is written in: its own, else JSON Feed for a path ending in ".json", else Atom. */
export function feedFormat(feed: { path: string; format?: unknown }): FeedFormat {
  if (FORMATS.includes(feed.format as FeedFormat)) return feed.format as FeedFormat;
  return feed.path.endsWith(".json") ? "json" : "atom";
}

/** The feeds of the list of `collection`, checked; a problem is told to `fail` and its feed left out. */
export function checkFeeds(given: unknown, collection: string, fail: Fail): ResolvedFeed[] {
  if (given === undefined) return [];
  const feeds = Array.isArray(given) ? given : [given];
  return feeds.flatMap((feed: unknown) => {
    if (typeof feed !== "object" || feed === null || Array.isArray(feed)) {
      fail(messages.FeedNotAnObject, { collection }, "feed");
      return [];
    }
    const options = feed as Record<string, unknown>;
    const problems: Array<() => void> = [];
    for (const key of Object.keys(options).filter((k) => !OPTIONS.includes(k))) {
      problems.push(() => fail(messages.UnknownFeedOption, { collection, key, known: OPTIONS }, key));
    }
    const { path, format, limit } = options;
    if (format !== undefined && !FORMATS.includes(format as FeedFormat)) {
      const near = typeof format === "string" ? format : "format";
      problems.push(() => fail(messages.BadFeedFormat, { collection, format: JSON.stringify(format) }, near));
    }
    if (limit !== undefined && limit !== Number.POSITIVE_INFINITY && (!Number.isInteger(limit) || Number(limit) < 1)) {
      problems.push(() => fail(messages.BadFeedLimit, { collection, limit }, "limit"));
    }
    const text = typeof path === "string" ? path : String(path);
    const settled = feedFormat({ path: text, format });
    const extension = settled === "json" ? ".json" : ".xml";
    if (!usablePath(text, extension)) {
      problems.push(() => fail(messages.BadFeedPath, { path: text, format: settled, extension }, text));
    }
    if (typeof options.item !== "undefined" && typeof options.item !== "function") {
      problems.push(() => fail(messages.FeedItemNotAFunction, { collection }, "item"));
    }
    for (const problem of problems) problem();
    return problems.length > 0 ? [] : [{ ...(options as unknown as ResolvedFeed), format: settled }];
  });
}

/** A site path ending in `extension`; a "." or ".." segment would write the feed outside its folder, or the output. */
function usablePath(path: string, extension: string): boolean {
  return /^\/\S*$/.test(path) && path.endsWith(extension) && !unsafeCharacter(path) && !/\/\.{1,2}\//.test(path);
}
