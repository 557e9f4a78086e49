// The feeds of one list: one FeedSpec for each feed the list declares (several formats may share a list), with
// the title, author and description that default to its page's.
import type { ResolvedListRoute } from "../config/types.ts";
import type { EntryValue } from "../content/types.ts";
import type { FeedSpec, Route } from "./types.ts";

/**
 * The list's feeds, for its first page `page` at `listPath` in the section of `locale` (its paths under `prefix`),
 * holding `items`.
 */
export function listFeeds(
  list: Pick<ResolvedListRoute, "feeds" | "collection">,
  page: Route,
  listPath: string,
  items: EntryValue[],
  section: { locale?: string; prefix: string },
): FeedSpec[] {
  const { prefix } = section;
  // A locale's feed holds its own entries: a reader of the German feed wants German posts.
  const own = prefix ? items.filter((v) => !v.fallback) : items;
  return list.feeds.map((options) => {
    const title = options.title ?? String(page.entry.title ?? list.collection);
    const described = options.description ?? page.entry.description;
    const feed: FeedSpec = {
      path: prefix + options.path,
      title,
      author: options.author ?? title,
      listPath,
      items: own,
      options,
      source: page.source,
    };
    if (typeof described === "string" && described.trim()) feed.description = described;
    if (section.locale !== undefined) feed.locale = section.locale;
    return feed;
  });
}
