// What the routes stage hands on (the route table, feeds) and what it may reuse: the routes a previous run made
// for entries that are still the same (the dev server's, see src/incremental/).
import type { FeedOptions } from "../config/define.ts";
import type { ContentItem, EntryValue, SourceEntry } from "../content/types.ts";
import type { SourceLocation } from "../errors/errors.ts";
import type { UrlFormat } from "./urls.ts";

/** A page of a paginated list; `E` is the listed collection's entry type. */
export interface Pagination<E = EntryValue> {
  /** The entries on this page. */
  items: E[];
  /** 1-based number of this page, and how many there are. */
  page: number;
  pages: number;
  /** All entries of the list, and per page. */
  total: number;
  perPage: number;
  /** URLs (base path included) of the neighbours, the first and the last page. */
  prev?: string;
  next?: string;
  first: string;
  last: string;
  /** On an archive's pages: this page's entries by month, newest first ("2024", "03"). */
  groups?: Array<{ year: string; month: string; items: E[] }>;
}

export interface Route {
  /** URL path without the base: "/", "/pricing", "/blog/page/2/", or "404" for the not-found page. */
  path: string;
  /** Output file relative to the output folder. */
  outFile: string;
  template: string;
  /** The data the template shows: the page's entry, or the collection entry of an entry route. */
  entry: EntryValue;
  /** The content file behind the route, for error locations. */
  source: SourceEntry;
  /** Where the template name is written: in the entry's front matter, or in site.config.ts. */
  templateFrom: "entry" | "definition";
  /** The front matter field its path is written in, when an entry route's `pathField` gave it (permalink, url). */
  pathFrom?: string;
  pagination?: Pagination;
  /** With i18n: the locale whose part of the site the page is in (its URL's prefix; the default's at the root). */
  locale?: string;
  /** With i18n: the page in each locale with a translation of it (never a fallback), by locale, and "x-default". */
  alternates?: Array<{ hreflang: string; path: string }>;
  /** With i18n, on a fallback's page: the path of the default locale's page it shows, its canonical URL. */
  canonical?: string;
  /** Feeds named in this page's head only (a term's own), beside the site's. */
  feeds?: FeedSpec[];
}

/** An old URL kept: a page of its own that sends the visitor on, and a 301 for hosts that read redirect rules. */
export interface Redirect {
  /** The old URL's site path as written, without the base: "/old/", "/old.html" or "/old". */
  from: string;
  /** The file a static host serves for it: old/index.html, old.html, or for "/old" the site's form's. */
  outFile: string;
  /** Where it leads: a site path without the base ("/2024/01/15/x.html"), or an http(s) address. */
  to: string;
  /** 'the alias "/old/" of content/posts/x.md' or 'the redirect "/old" of site.config.ts', as errors name it. */
  named: string;
  /** Where it is written, and what to say in a hint: "its aliases" or "`redirects` in site.config.ts". */
  location: SourceLocation;
  where: string;
}

/** A feed to write: its path, its items (newest first) and how to read them. */
export interface FeedSpec {
  path: string;
  title: string;
  author: string;
  /** What the feed is about (RSS requires one: without it, its title). */
  description?: string;
  /** The list page the feed belongs to (without base). */
  listPath: string;
  items: EntryValue[];
  options: FeedOptions<Record<string, unknown>>;
  source: SourceEntry;
  /** With i18n: the locale of its entries (its path starts with /<locale>/ for all but the default). */
  locale?: string;
  /** Named in the head of its own list's pages only (a term's feed), not of every page. */
  own?: boolean;
}

/** A pattern such as "/blog/:slug/" split once into its fixed parts and parameter names, in the site's form. */
export interface Pattern {
  source: string;
  format: UrlFormat;
  parts: string[];
  names: string[];
  valid: boolean;
  /** It ends in ".html": each page is written to that file whatever the URL form ("/:year/:slug.html"). */
  file: boolean;
  /** It names :year, :month or :day, read from the entry's date. */
  dated: boolean;
}

/** The route an entry route made for an entry, with what it was made from. */
export interface KnownRoute {
  pattern: Pattern;
  route: Route;
  base: string;
  url: string;
}

/** Routes a previous run made for entries kept since, by the index of the entry route that made each. */
export interface RouteReuse {
  route(item: ContentItem, declared: number): KnownRoute | undefined;
  keep(item: ContentItem, declared: number, known: KnownRoute): void;
}
