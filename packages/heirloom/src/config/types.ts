// The site definition as the stages use it: checked, with every default applied.
import type { z } from "zod";
import type { BodyKind, FeedFormat, FeedOptions, FormOptions, LoadedEntry, SortOrder } from "./define.ts";
import type { ResolvedI18n } from "./i18n.ts";
import type { ResolvedMarkdown } from "./markdown-options.ts";
import type { ResolvedHeaders } from "./headers-options.ts";

/** A feed's options with its format settled. */
export type ResolvedFeed = FeedOptions<Record<string, unknown>> & { format: FeedFormat };

export interface ResolvedCollection {
  name: string;
  single: boolean;
  source: string;
  schema: z.ZodType;
  body: BodyKind | ((entry: Record<string, unknown>) => BodyKind);
  sort?: SortOrder<Record<string, unknown>>;
  unique: string[][];
  /** Raw HTML in its markdown kept as written. */
  html: boolean;
  /** "2024-01-15-hello.md" is the entry "hello" dated 2024-01-15. */
  datedFileNames: boolean;
  /** Its folder's YAML, JSON and TOML files are entries (`data: true`). */
  data?: boolean;
  /** Entries dated later than the build's clock, or past their expiry date, are left out (content/publication.ts). */
  schedule: boolean;
  /** Makes its entries instead of files (see `CollectionOptions.load`). */
  load?: () => unknown;
  /** How its bodies' `summary` is made (see `CollectionOptions.summary`). */
  summary: ResolvedSummary;
}

/** A collection's `summary` option with its defaults: a marker of its own, else a paragraph or a number of words. */
export interface ResolvedSummary {
  /** Without a marker: the first paragraph (else the first `words` words). */
  paragraph: boolean;
  words: number;
  /** Where a summary of `words` ends: with the block the last word is in, or right after it. */
  end: "block" | "word";
  /** The collection's own marker, besides `<!--more-->` (Jekyll's `excerpt_separator`). */
  separator?: string;
}

export interface ResolvedEntryRoute {
  collection: string;
  /** The pattern, or a function of the entry that returns its page's path. */
  path: string | ((entry: Record<string, unknown>) => unknown);
  /** `:slug` filled without the number prefixes of the file's path and without a last "index". */
  stripNumberPrefixes?: boolean;
  template: string;
  aliases?: (entry: Record<string, unknown>) => unknown;
  /** The front matter field whose value, when an entry has it, is its page's whole path. */
  pathField?: string;
}

/** An old site path and where it leads: a site path or an http(s) URL. */
export interface ResolvedRedirect {
  from: string;
  to: string;
}

export interface ResolvedListRoute {
  collection: string;
  page: string;
  perPage: number;
  filter?: (entry: Record<string, unknown>) => boolean;
  /** The feeds as written: one, or several. */
  feed?: FeedOptions<Record<string, unknown>> | Array<FeedOptions<Record<string, unknown>>>;
  /** Its feeds, checked, each with its format settled. */
  feeds: ResolvedFeed[];
}

/** A taxonomy's index page, or an archive's. */
export interface ResolvedIndex {
  path: string;
  template: string;
  title: string;
}

/** A taxonomy: a page per term of `field` (paginated), an optional index of terms and a feed per term. */
export interface ResolvedTaxonomy {
  collection: string;
  field: string;
  /** More fields read into the same terms (Jekyll's `category` beside `categories`). */
  also: string[];
  path: string;
  template: string;
  perPage: number;
  index?: ResolvedIndex;
  feed?: FeedOptions<Record<string, unknown>>;
}

/** An archive: a page per year (or per month, when `path` holds :month) of a collection's dated entries. */
export interface ResolvedArchive {
  collection: string;
  path: string;
  template: string;
  /** Infinity unless set: a year's (or month's) entries on one page. */
  perPage: number;
  month: boolean;
  index?: ResolvedIndex;
}

export interface ResolvedForm extends Required<Omit<FormOptions, "env">> {
  name: string;
  env?: string;
}

/** The site definition, checked and with every default applied. */
export interface ResolvedSite {
  collections: Map<string, ResolvedCollection>;
  pages?: string;
  entryRoutes: ResolvedEntryRoute[];
  listRoutes: ResolvedListRoute[];
  taxonomies: ResolvedTaxonomy[];
  archives: ResolvedArchive[];
  forms: ResolvedForm[];
  urlFormat: "file" | "directory";
  base: string;
  siteUrl: string;
  unregistered: string[];
  redirects: ResolvedRedirect[];
  passthrough: string[];
  brokenLinks: "error" | "warn";
  /** The built pages indexed with Pagefind (`search: true`). */
  search: boolean;
  /** The site's own headers and its policy's sources (`headers`). */
  headers?: ResolvedHeaders;
  markdown: ResolvedMarkdown;
  /** Host names dev and preview answer besides their own (server.allowedHosts); true for any. */
  allowedHosts: string[] | true;
  /** The site's languages, when it has more than one. */
  i18n?: ResolvedI18n;
  /** How long one run of the site's code may take, in ms (`timeout`, see config/timeout.ts). */
  timeout: number;
  /** The text of site.config.ts, to locate problems found later (an unknown template, a missing page). */
  source: string;
  /** A hash of the compiled definition and of what its collections' load functions made. */
  hash: string;
  /** The entries each collection with a load function made, by its name, each with its hash (load-entries.ts). */
  loaded?: Map<string, Array<Required<LoadedEntry> & { hash: string }>>;
}
