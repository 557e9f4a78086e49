// The contract between the engine and a site's templates: what every page component receives.
import type { ContentImage, BuiltImage, Rendition } from "../content/fields/index.ts";
import type { Pagination } from "../routes/types.ts";

export type { BuiltImage, ContentImage, Pagination, Rendition };

/** A form declared in site.config.ts, as the page needs it. */
export interface FormAction {
  /** Where the form posts: the production endpoint, or the local receiver under the base path. */
  action: string;
  /** The name of its single field. */
  field: string;
}

/** URLs the build resolved; templates never read files or hard-code asset paths. */
export interface Assets {
  /** A site path ("/pricing") with the base path applied; other URLs unchanged. */
  href(path: string): string;
  /** A URL this build made (base path included) as an absolute URL; undefined without a site URL. */
  absolute(url: string): string | undefined;
  /** URL of the stylesheet (templates/styles/site.css), if the site has one. */
  stylesheet?: string;
  /** URL of the client script (templates/islands/main.ts), if the site has one. */
  script?: string;
  /** URL of the stylesheet of highlighted code blocks (their colours), when a page of the site has one. */
  codeStylesheet?: string;
  /** URL of the search box's script, on a site with `search: true` (pages that render <Search /> load it). */
  search?: string;
  /** The declared forms, by name. */
  forms: Record<string, FormAction>;
}

/** What the document head can say about one page beyond what its entry holds. */
export interface Head {
  /** Absolute URL of the page; absent for the 404 page and when no site URL is configured. */
  canonical?: string;
  /**
   * The site's feeds (with i18n, those of the page's locale), for `<link rel="alternate" type={feed.type}>`: `type`
   * is the MIME type of its format (application/rss+xml, application/atom+xml or application/feed+json). On a
   * term's pages, its own feed too (a term's feed is named on no other page).
   */
  feeds: Array<{ title: string; url: string; type: string; format: "rss" | "atom" | "json" }>;
  /**
   * With i18n, for `<link rel="alternate" hreflang>`: the page in each locale that has a translation of it (itself
   * included) and "x-default" (the default locale's), absolute; empty without a site URL (search engines read
   * hreflang only with absolute addresses, as there is no canonical link then), when no other locale has it, on a
   * fallback, and without i18n.
   */
  alternates: Array<{ hreflang: string; url: string }>;
}

/**
 * The props of every template: the entry it shows, every collection, the route, assets and head.
 * `Item` is the entry type of a paginated list's collection.
 */
export interface PageProps<
  Entry = Record<string, unknown>,
  Content = Record<string, unknown>,
  Item = Record<string, unknown>,
> {
  /** The page's entry (a page file, or the collection entry of a per-entry route). */
  page: Entry;
  /** Every collection of the site, as site.config.ts declares them. */
  content: Content;
  /** URL path of this page without the base ("/pricing", "/blog/page/2/"), or "404". */
  path: string;
  /** The entries shown on this page of a paginated list. */
  pagination?: Pagination<Item>;
  assets: Assets;
  head: Head;
  /**
   * With i18n: the language the page's text is in, for `<html lang>`: its locale's, or on a fallback the default
   * locale's. Undefined without i18n.
   */
  locale?: string;
  /** With i18n: the locale whose part of the site the page is in ("de" for /de/…), whatever its text's language. */
  siteLocale?: string;
  /** With i18n: the page shows the default locale's entry, not yet translated into `siteLocale` (say so). */
  fallback?: boolean;
}
