// The vocabulary of a site definition (site.config.ts): defineSite, its routes' and feeds' options, and (from
// collection.ts) defineCollection with the types templates infer their content from. Plain data: the engine checks
// it when it loads.
import type { FormOptions, ServerOptions } from "./form-options.ts";
import type { HeadersOptions } from "./headers-options.ts";
import type { I18nOptions, Translation } from "./i18n.ts";
import type { MarkdownOptions } from "./markdown-options.ts";
import type { CollectionDefinition, Collections, Entry, EntryOf } from "./collection.ts";
import type { ArchiveRoute, TaxonomyRoute } from "./taxonomy-options.ts";

export { defineCollection } from "./collection.ts";
export type {
  BodyKind,
  CollectionDefinition,
  CollectionOptions,
  Collections,
  Entry,
  EntryMeta,
  EntryOf,
  LoadedEntry,
  SortOrder,
  SummaryOption,
} from "./collection.ts";
export type { FormOptions, I18nOptions, ServerOptions, Translation };
export type { HeaderRule, HeadersOptions, PolicyDirective, PolicySources } from "./headers-options.ts";
export type {
  ArchivePage,
  ArchivePeriod,
  ArchiveRoute,
  ArchivesPage,
  TaxonomyIndexOptions,
  TaxonomyRoute,
  Term,
  TermPage,
  TermsPage,
} from "./taxonomy-options.ts";

/** Every collection of a site, typed: a list of entries, or one entry for a single file. */
export type ContentOf<D> =
  D extends SiteDefinition<infer C>
    ? {
        [K in keyof C]: C[K] extends CollectionDefinition<infer S, infer Single>
          ? Single extends true
            ? Entry<S>
            : Array<Entry<S>>
          : never;
      }
    : never;

/** One item of a feed, taken from an entry. */
export interface FeedItem {
  /** The item's title. */
  title: string;
  /** YYYY-MM-DD or a full ISO 8601 date-time; also the entry's `updated` time. */
  date: string | Date;
  /** A short summary of the entry, shown by readers under the title. */
  summary?: string;
}

/** A feed's format: RSS 2.0, Atom 1.0 or JSON Feed 1.1. */
export type FeedFormat = "rss" | "atom" | "json";

export interface FeedOptions<E> {
  /** Where the feed is written: a site path ending in ".xml" (RSS and Atom), or ".json" (JSON Feed). */
  path: string;
  /** "rss", "atom" or "json" (default: "json" for a path ending in ".json", else "atom"). */
  format?: FeedFormat;
  /** The feed's title (default: the list page's `title`). */
  title?: string;
  /** The feed's author name (default: its title). */
  author?: string;
  /** What the feed is about, which RSS requires (default: the list page's `description`, else the title). */
  description?: string;
  /** Maps an entry to the feed's fields (default: its `title`, `date` and `description`). */
  item?: (entry: E) => FeedItem;
  /**
   * How many of the newest entries the feed holds (default: 20). Readers keep what they fetched before; a
   * feed of every entry of a large site grows past what readers fetch and hosts serve (25 MiB a file on
   * some). Infinity keeps every entry.
   */
  limit?: number;
}

export interface EntryRoute<K extends string, E = Record<string, unknown>> {
  /** The collection whose entries get a page each. */
  collection: K;
  /**
   * URL pattern, such as "/blog/:slug/": `:slug` is the entry's slug (its file's path under the folder, a bundle's
   * `x/index.md` as `x`, or the `slug` field the schema declares), `:field` any text or number field, and
   * `:year`, `:month` and `:day` the zero-padded parts of its `date` (YYYY-MM-DD or an ISO date-time as written, a
   * Date in UTC). A pattern ending in ".html" names the file each page is written to, whatever `urlFormat` says:
   * "/:year/:month/:day/:slug.html" writes 2024/01/15/slug.html, as Jekyll's default permalinks do. Or a function
   * of the entry that returns its page's path, such as `(doc) => \`/docs/${doc.version}/${doc.slug}/\``: a site path
   * in the same forms (two entries at one path are refused, as two files at one pattern's path are).
   */
  path: string | ((entry: E) => string);
  /**
   * Fills `:slug` without the ordering numbers of the file's folders and name ("01-", "1.", "001_", as Docusaurus
   * strips them; dates and versions such as "2024-01-15-x" or "7.0-x" stay) and without a last "index":
   * docs/01-app/02-guides/03-caching.mdx is published at /docs/app/guides/caching/ by "/docs/:slug/", and
   * docs/index.mdx at /docs/. Off unless set; a path function strips them itself with `withoutNumberPrefixes`.
   */
  stripNumberPrefixes?: boolean;
  /** Name of the template (an export of templates/index.ts's `templates`). */
  template: string;
  /**
   * Old URLs of each entry's page, as site paths (the base path is added): each gets a page that sends the
   * visitor on (meta refresh, canonical link, a link to follow, noindex) and a 301 in `_redirects` and
   * serve.json. "/old/" is written to old/index.html, "/old.html" to old.html, "/old" in the site's form. Such as
   * `(post) => post.redirect_from` (Jekyll's jekyll-redirect-from) or `(post) => post.aliases` (Hugo).
   */
  aliases?: (entry: E) => string | readonly string[] | null | undefined;
  /**
   * A front matter field that, when an entry has it, is its page's whole path instead of `path`'s: "permalink" as
   * Jekyll reads it, "url" as Hugo does (`permalink: /about/`, `url: /2024/hello.html`). The schema must declare it;
   * it is a site path in the same forms as `path`. Entries without it keep the pattern's path.
   */
  pathField?: Extract<keyof E, string>;
}

export interface ListRoute<K extends string, E> {
  /** The collection whose entries are listed. */
  collection: K;
  /** The `path` of the page (in the pages collection) that lists the entries; it is paginated from there. */
  page: string;
  /** Entries per page; later pages are at `<page>page/2/` and so on. */
  perPage: number;
  /** Keeps only some entries in the list (default: all). */
  filter?: (entry: E) => boolean;
  /** A feed of the newest entries of the list, or several (one per format, each its path; see `FeedOptions`). */
  feed?: FeedOptions<E> | Array<FeedOptions<E>>;
}

export interface RoutesOptions<C extends Collections> {
  /** The collection whose entries are pages: each names its own `path` and `template`. */
  pages?: Extract<keyof C, string>;
  /** One page per entry of a collection. */
  entries?: Array<{ [K in Extract<keyof C, string>]: EntryRoute<K, EntryOf<C[K]>> }[Extract<keyof C, string>]>;
  /** Paginated lists of a collection's entries, with an optional feed. */
  lists?: Array<{ [K in Extract<keyof C, string>]: ListRoute<K, EntryOf<C[K]>> }[Extract<keyof C, string>]>;
  /** A page per term of a field such as `tags`, with an index of the terms and a feed per term. */
  taxonomies?: Array<
    { [K in Extract<keyof C, string>]: TaxonomyRoute<K, FeedOptions<EntryOf<C[K]>>> }[Extract<keyof C, string>]
  >;
  /** A page per year (or month) of a collection's dated entries, with an index of the years. */
  archives?: Array<{ [K in Extract<keyof C, string>]: ArchiveRoute<K> }[Extract<keyof C, string>]>;
}

export interface SiteOptions<C extends Collections> {
  /** The collections, by name: each made with `defineCollection` (a folder, a file, or a `load` function). */
  collections: C;
  /** The pages collection, one page per entry of a collection, and paginated lists. */
  routes: RoutesOptions<C>;
  /** Forms the pages post, by name: the field, the endpoint and its environment override (see `FormOptions`). */
  forms?: Record<string, FormOptions>;
  /** "file": `/pricing` is served from pricing.html. "directory" (default): `/pricing/` from pricing/index.html. */
  urlFormat?: "file" | "directory";
  /** Sub-path the site is served under, such as "/heirloom/" (overridden by --base or HEIRLOOM_BASE). */
  base?: string;
  /**
   * Public address, such as "https://heirloom.example" (overridden by --site-url or HEIRLOOM_SITE_URL). Its path,
   * as in "https://you.github.io/repo", is the base path when none is set; a different base path is refused.
   */
  siteUrl?: string;
  /**
   * Paths that are linked on purpose but not published yet: they show the 404 page. "/blog/*" stands for /blog/ and
   * every path under it that no page or file is published at.
   */
  unregistered?: string[];
  /**
   * Old site paths and where they lead now, such as `{ "/about-us": "/about/", "/feed": "https://example.org/" }`:
   * each old path gets a redirect page and a 301 in `_redirects` and serve.json, as an entry route's `aliases`
   * do. A target is a site path (the base path is added; it must lead to a page or file) or an http(s) URL.
   */
  redirects?: Record<string, string>;
  /** Files or folders under content/ copied to the output as they are, at the same path. */
  passthrough?: string[];
  /** markdown-it plugins, the code highlighting themes and the heading anchors. */
  markdown?: MarkdownOptions;
  /**
   * What a broken link (or #fragment) does: "error" (the default) fails the build; "warn" prints each, at the
   * place it is written, and publishes: for a ported site whose old posts hold links broken already.
   */
  brokenLinks?: "error" | "warn";
  /**
   * Search with Pagefind: `true` indexes the built pages into pagefind/ after they are written, and pages that
   * render `<Search />` get the search box's script (loaded only when the box is used). Off unless set.
   */
  search?: boolean;
  /**
   * The headers hosts send with the pages: sources the Content-Security-Policy allows beyond its strict defaults
   * and headers of the site's own, for every page or by path (see HeadersOptions). The build checks every page
   * against the policy of its path.
   */
  headers?: HeadersOptions;
  /** The dev and preview servers: the host names they answer. */
  server?: ServerOptions;
  /** The site's languages (see I18nOptions); without it a site has one language and no locale folders. */
  i18n?: I18nOptions;
  /**
   * How long the site's own code may run at a time, in ms (default 10000): a page's render (its template, layout
   * and MDX body), a collection's `load` function (until what it returns settles), the schema of an entry and the
   * markdown plugins of its body. Code still running then is stopped, and the build fails at its template, page,
   * collection or file; dev answers that page with the error and serves the fix once it is saved. The site's other
   * code (the top level of site.config.ts and templates/ as they load, `sort`, `aliases`, `filter`, a feed's `item`)
   * still running 5 s past it is stopped with its thread, with a SiteCodeTimeoutError that names it.
   */
  timeout?: number;
}

const SITE = Symbol.for("heirloom.site");

export interface SiteDefinition<C extends Collections = Collections> extends SiteOptions<C> {
  readonly [SITE]: true;
}

/** Declares a site: its collections, routes and forms. The default export of site.config.ts. */
export function defineSite<C extends Collections>(options: SiteOptions<C>): SiteDefinition<C> {
  return { ...options, [SITE]: true };
}

export function isSiteDefinition(value: unknown): value is SiteDefinition {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[SITE] === true;
}
