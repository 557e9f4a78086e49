// The definition's taxonomies (a page per tag or category, with an index of them) and archives (a page per year or
// month): their options, and what templates receive on those pages and on each entry.
/** One term of a taxonomy, as an entry, a term page and the index of terms name it. */
export interface Term {
  /** The term as written: its most used spelling (case and accents), the first one met on a tie. */
  name: string;
  /** Its URL segment: lowercase ASCII letters and digits with hyphens ("Café au lait" is "cafe-au-lait"). */
  slug: string;
  /** The URL of its page (base path included). */
  url: string;
  /** How many entries of its section (its locale's, with i18n) hold it. */
  count: number;
}

/** The index page's and a term page's options beyond where it is and its template. */
export interface TaxonomyIndexOptions {
  /** Where the page of all terms is, such as "/tags/". */
  path: string;
  /** Name of its template (an export of templates/index.ts's `templates`). */
  template: string;
  /** Its `page.title` (default: the field's name, capitalized: "Tags"). */
  title?: string;
}

/** `F` is the feed options' type (`FeedOptions` of the collection's entries, see define.ts). */
export interface TaxonomyRoute<K extends string, F> {
  /** The collection whose entries hold the terms. */
  collection: K;
  /**
   * The front matter field that holds a term or a list of terms, such as "tags", "categories" or "series"; the
   * collection's schema must declare it. Terms that differ only in case, accents or punctuation ("JavaScript",
   * "javascript") are one term, at one URL.
   */
  field: string;
  /**
   * More fields whose terms join `field`'s, as Jekyll reads a post's `category` and `categories` as one list:
   * `{ field: "categories", also: ["category"] }`. Each must be declared too; an entry's `terms` name `field`.
   */
  also?: string[];
  /** Where each term's page is: a pattern with `:term`, its slug, such as "/tags/:term/". */
  path: string;
  /** Name of the term pages' template; `page` is the term (see `TermPage`), `pagination` its entries. */
  template: string;
  /** Entries per page (default 10); later pages are at `<path>page/2/` and so on, as a list's. */
  perPage?: number;
  /** A page of every term with its count and URL (`page.terms`, see `TermsPage`), in the order of their slugs. */
  index?: TaxonomyIndexOptions;
  /**
   * A feed per term, named in the head of that term's pages only: `path` with `:term`, such as
   * "/tags/:term/feed.xml"; a `title` may hold `:term`, the term's name (default: the term's name).
   */
  feed?: F;
}

export interface ArchiveRoute<K extends string> {
  /** The collection whose entries are listed by date. */
  collection: K;
  /**
   * Where each page is: "/archive/:year/" for a page per year, "/archive/:year/:month/" for a page per month, with
   * the year and month of each entry's `date` (as entry routes read it). Declare both for both.
   */
  path: string;
  /** Name of the pages' template; `page` is the year or month (see `ArchivePage`), `pagination` its entries. */
  template: string;
  /** Entries per page (default: all of the year or month on one page). */
  perPage?: number;
  /** A page of every year (and month) with its count and URL (`page.years`, see `ArchivesPage`), newest first. */
  index?: TaxonomyIndexOptions;
}

/** What `page` holds on a term's pages. */
export interface TermPage extends Term {
  /** The term's name, for layouts that show `page.title`. */
  title: string;
  /** The taxonomy's field, such as "tags". */
  taxonomy: string;
}

/** What `page` holds on a taxonomy's index page. */
export interface TermsPage {
  /** `index.title`, or the field's name capitalized ("Tags"). */
  title: string;
  /** The taxonomy's field, such as "tags". */
  taxonomy: string;
  /** Every term of the section, by slug. */
  terms: Term[];
}

/** A year or month of an archive, with the entries it holds. */
export interface ArchivePeriod {
  /** "2024". */
  year: string;
  /** "03", on a month's page and in a year's `months`. */
  month?: string;
  /** The URL of its page, when the archive has one for it. */
  url?: string;
  /** How many entries it holds. */
  count: number;
}

/** What `page` holds on an archive's pages. */
export interface ArchivePage extends ArchivePeriod {
  /** "2024", or "2024-03" for a month. */
  title: string;
  /** A year's months that have entries, newest first (with their URLs when months have pages). */
  months: ArchivePeriod[];
}

/** What `page` holds on an archive's index page. */
export interface ArchivesPage {
  /** `index.title`, or "Archive". */
  title: string;
  /** Every year with entries, newest first, each with its months. */
  years: Array<ArchivePeriod & { months: ArchivePeriod[] }>;
}
