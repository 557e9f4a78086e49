// The feeds of list routes: the newest entries (20 unless limited otherwise) with full HTML content, absolute
// URLs, newest first, written as RSS 2.0, Atom 1.0 or JSON Feed 1.1 (feed-xml.ts, feed-json.ts). Dates come
// from content only.
import { whileAt } from "../../compile/supervisor.ts";
import type { FeedItem } from "../../config/define.ts";
import { DEFINITION_FILE } from "../../config/definition-file.ts";
import type { SiteConfig } from "../../config/options.ts";
import type { EntryValue } from "../../content/types.ts";
import { FeedEntryWithoutTitleOrDate } from "../../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../../errors/errors.ts";
import type { FeedSpec } from "../../routes/types.ts";
import { absoluteUrl } from "../../routes/urls.ts";
import { isoDate } from "../../content/frontmatter/index.ts";
import { withoutHeadingAnchors } from "../../content/markdown/index.ts";
import type { OutputFile } from "../../assets/bundle.ts";
import { escapeXml } from "./hosting.ts";
import { feedFormat } from "../../config/checks/index.ts";
import type { FeedFormat } from "../../config/define.ts";
import type { FeedView } from "./feed-view.ts";
import { jsonFeed } from "./feed-json.ts";
import { atomFeed, rssFeed } from "./feed-xml.ts";

/** Each format's writer. */
const WRITERS: Record<FeedFormat, (view: FeedView) => string> = { rss: rssFeed, atom: atomFeed, json: jsonFeed };

/** An entry's HTML with what its links name resolved (render/refs.ts), for the page at `url` (base included). */
export type ResolveLinks = (html: string, url: string) => string;

/**
 * The feed files; a feed needs absolute URLs, so without a site URL none is written (the build warns). `selections`:
 * those already made of these feeds (see FeedSelections).
 */
export function feedFiles(
  feeds: FeedSpec[],
  config: SiteConfig,
  resolve: ResolveLinks = (html) => html,
  selections: FeedSelections = new Map(),
): { files: OutputFile[]; errors: HeirloomError[] } {
  if (!config.siteUrl) return { files: [], errors: [] };
  const errors: HeirloomError[] = [];
  // An entry's content is the same in every feed that holds it (the list's, each of its terms'): made once.
  const contents = new Map<EntryValue, string>();
  const files = feeds.map((feed) => {
    const write = WRITERS[feedFormat({ path: feed.path, format: feed.options.format })];
    const view = viewOf(feed, config, errors, { resolve, contents }, selections);
    return { path: feed.path.slice(1), contents: Buffer.from(write(view)) };
  });
  return { files, errors };
}

interface Item {
  entry: EntryValue;
  title: string;
  updated: string;
  summary?: string;
}

/** Entries a feed holds unless its options say otherwise: the newest ones. */
const FEED_LIMIT = 20;

/** A feed's entries as it holds them, and the error of each one that cannot be in it. */
interface Selection {
  items: Item[];
  errors: HeirloomError[];
}

/**
 * Each feed's selection, made once for the feeds of one prepared site (a feed is made anew by each; its entries do
 * not change): its key and its file are made from the same one. `items`: each entry's item as a feed without an
 * `item` function of its own holds it, the same in all of them (a list's feed and each of its terms').
 */
export type FeedSelections = Map<FeedSpec, Selection> & { items?: WeakMap<EntryValue, Item> };

/** The entries the feed holds: the newest, each with its title, date and summary; one without either is an error. */
function selectItems(feed: FeedSpec, selections: FeedSelections): Selection {
  const known = selections.get(feed);
  if (known) return known;
  const errors: HeirloomError[] = [];
  const shared = feed.options.item ? undefined : (selections.items ??= new WeakMap());
  const each = () =>
    feed.items.flatMap((entry) => {
      const known = shared?.get(entry);
      if (known) return [known];
      // One without a title or a date is told in each feed that lists it: never kept.
      const item = itemOf(feed, entry, errors);
      if (item.length === 1) shared?.set(entry, item[0]);
      return item;
    });
  // The site's item function is told as the code that runs, for the backstop that stops it if it never returns.
  const running = `the item function of the feed "${feed.path}"`;
  const items = feed.options.item ? whileAt({ file: DEFINITION_FILE, running }, each) : each();
  items.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.entry.file < b.entry.file ? -1 : 1));
  items.length = Math.min(items.length, feed.options.limit ?? FEED_LIMIT);
  selections.set(feed, { items, errors });
  return { items, errors };
}

/**
 * The entries the feed's file shows, when every entry of its list has a title and a date (else undefined: the
 * feed is written again, which reports them). A feed whose newest entries are unchanged is the same file, however
 * many older ones changed.
 */
export function feedEntries(feed: FeedSpec, selections: FeedSelections = new Map()): EntryValue[] | undefined {
  const { items, errors } = selectItems(feed, selections);
  return errors.length === 0 ? items.map((item) => item.entry) : undefined;
}

/** The feed as its format writes it: its and its list's absolute URLs, its date, each item's URL and content. */
function viewOf(
  feed: FeedSpec,
  config: SiteConfig,
  errors: HeirloomError[],
  { resolve, contents }: { resolve: ResolveLinks; contents: Map<EntryValue, string> },
  selections: FeedSelections,
): FeedView {
  const origin = new URL(config.siteUrl).origin;
  const absolute = (path: string) => absoluteUrl(config.siteUrl, config.base, path)!;
  const { items, errors: problems } = selectItems(feed, selections);
  errors.push(...problems);
  const home = absolute(feed.listPath);
  // A feed without entries has no date in content: the source's (SOURCE_DATE_EPOCH), never the clock's.
  const updated = items[0]?.updated ?? (config.sourceDate || "1970-01-01T00:00:00Z");
  const resolved = { resolve, base: config.base, origin };
  const viewed = items.map(({ entry, title, updated, summary }) => {
    const url = entry.url ? origin + entry.url : home;
    // Readers keep one item per id: an entry without a page is told apart by its slug (or file).
    const id = entry.url ? url : `${home}#${encodeURIComponent(String(entry.slug ?? entry.file))}`;
    // Its content depends on its own page's URL, else on the list's: kept only for an entry with a page.
    let html = entry.url ? contents.get(entry) : undefined;
    if (html === undefined && entry.html) {
      html = contentOf(entry, resolved, url);
      if (entry.url) contents.set(entry, html);
    }
    return { url, id, title, updated, ...(summary ? { summary } : {}), ...(html ? { html } : {}) };
  });
  return { feed, self: absolute(feed.path), home, updated, items: viewed };
}

function itemOf(feed: FeedSpec, entry: EntryValue, errors: HeirloomError[]): Item[] {
  const mapped: Partial<FeedItem> = feed.options.item
    ? feed.options.item(entry)
    : { title: entry.title as string, date: entry.date as string, summary: entry.description as string | undefined };
  const updated = isoDate(mapped.date);
  if (typeof mapped.title !== "string" || !mapped.title.trim() || !updated) {
    const args = { feed: feed.path, file: entry.file };
    errors.push(errorFrom(FeedEntryWithoutTitleOrDate, args, { location: { file: entry.file } }));
    return [];
  }
  return [
    { entry, title: mapped.title, updated, summary: typeof mapped.summary === "string" ? mapped.summary : undefined },
  ];
}

/** An entry's HTML as a feed holds it: its links resolved as on its page, then absolute. */
function contentOf(entry: EntryValue, { resolve, base, origin }: Resolved, url: string): string {
  return absolutize(resolve(entry.html, entry.url ?? base), origin, url);
}

interface Resolved {
  resolve: ResolveLinks;
  base: string;
  origin: string;
}

/**
 * Site paths in rendered HTML ("/blog/x/", srcset candidates too) as absolute URLs, and "#id" as the entry's
 * page's: feed readers have no base URL. The links after headings are left out: a reader shows them as a bare "#".
 */
function absolutize(html: string, origin: string, page: string): string {
  return withoutHeadingAnchors(html)
    .replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${origin}/`)
    .replace(
      /(\ssrcset=")([^"]*)"/g,
      (_, attr: string, set: string) => `${attr}${set.replace(/(^|, )\/(?!\/)/g, `$1${origin}/`)}"`,
    )
    .replace(/(\shref=")#/g, `$1${escapeXml(page)}#`);
}
