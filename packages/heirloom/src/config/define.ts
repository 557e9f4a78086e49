// The vocabulary of a site definition (site.config.ts): defineSite, defineCollection and the image() schema
// helper, with the types templates infer their content from. Plain data: the engine checks it when it loads.
import type { ComponentType } from "react";
import type { z } from "zod";
import { FolderAndFile } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";
import type { FormOptions, ServerOptions } from "./form-options.ts";
import type { I18nOptions, Translation } from "./i18n.ts";
import type { Heading, MarkdownOptions } from "./markdown-options.ts";

export type { FormOptions, I18nOptions, ServerOptions, Translation };

/**
 * A markdown body below the front matter is rendered to `html`; an MDX one (in .mdx files) becomes `Content`
 * (and `html`); or a body is not allowed at all.
 */
export type BodyKind = "markdown" | "mdx" | "none";

type FieldOf<T> = Extract<T extends unknown ? keyof T : never, string>;

/** A field to sort by (ascending), the same with a leading "-" (descending), or a compare function. */
export type SortOrder<T> = FieldOf<T> | `-${FieldOf<T>}` | ((a: T, b: T) => number);

export interface CollectionOptions<S extends z.ZodType> {
  /** A folder under content/ holding one entry per .md file, subfolders included. */
  folder?: string;
  /** Or one file under content/ that is a single entry, such as "site.md". */
  file?: string;
  /**
   * Or entries made by code instead of files (a reference generated from a program's own data, a list fetched
   * at build time): called once each time the definition loads (each build; in dev, when site.config.ts
   * changes). Each entry's `slug` names it as a file's path under a folder does ("errors/broken-link"), `data`
   * is what its front matter would hold (checked by `schema`), `body` its markdown. What it returns is part of
   * the build's key: a build after a change to it renders again.
   */
  load?: () => LoadedEntry[] | Promise<LoadedEntry[]>;
  /** What every entry's front matter must hold; the entry types are inferred from it. */
  schema: S;
  /**
   * "markdown": the text below the front matter becomes `html`. "mdx": the collection's .mdx files are MDX (their
   * body is the component `Content`, using what templates/mdx.ts exports), its .md files markdown. "none" (the
   * default): text there is an error.
   * A function decides per entry, such as `(page) => (page.template === "prose" ? "markdown" : "none")`.
   */
  body?: BodyKind | ((entry: z.output<S>) => BodyKind);
  /** Order of the entries (default: by file path). Ties keep file-path order. */
  sort?: SortOrder<z.output<S>>;
  /** Fields, or groups of fields, whose values no two entries may share. */
  unique?: Array<FieldOf<z.output<S>> | Array<FieldOf<z.output<S>>>>;
  /**
   * true: raw HTML in the markdown is kept as written (it trusts the authors); false: it is escaped. Default: as
   * the markdown preset has it (escaped, but kept as written with `preset: "commonmark"`).
   */
  html?: boolean;
  /**
   * true: a file named as Jekyll and Hugo name posts, "2024-01-15-hello.md", is the entry with the slug "hello"
   * (its folders left out, as Jekyll's `:slug` leaves them) and, when its front matter has no `date`, the date
   * "2024-01-15", set before the schema reads it (so the schema must declare `date`). No two entries may share a
   * slug and date. Other names keep their slug. Default false.
   */
  datedFileNames?: boolean;
}

/** One entry a collection's `load` makes: as a file under its folder would be, with front matter and a body. */
export interface LoadedEntry {
  /** Its path, as a file's under a collection folder without `.md` ("reference/build"). */
  slug: string;
  /** Its fields, as front matter would hold them (plain data: strings, numbers, booleans, lists, objects). */
  data: Record<string, unknown>;
  /** Its body, as markdown. */
  body?: string;
}

export interface CollectionDefinition<S extends z.ZodType = z.ZodType, Single extends boolean = boolean> {
  readonly single: Single;
  /** The folder (or, for a single entry, the file) under content/, with forward slashes. */
  readonly source: string;
  readonly schema: S;
  readonly body: BodyKind | ((entry: z.output<S>) => BodyKind);
  readonly sort?: SortOrder<z.output<S>>;
  readonly unique: string[][];
  readonly html?: boolean;
  readonly datedFileNames: boolean;
  /** Makes the entries of a collection not read from files. */
  readonly load?: () => LoadedEntry[] | Promise<LoadedEntry[]>;
}

/** Declares a collection: a folder of entries, a single file, or entries that `load` makes. */
export function defineCollection<S extends z.ZodType>(
  options: CollectionOptions<S> & { file: string },
): CollectionDefinition<S, true>;
export function defineCollection<S extends z.ZodType>(
  options: CollectionOptions<S> & { folder: string },
): CollectionDefinition<S, false>;
export function defineCollection<S extends z.ZodType>(
  options: CollectionOptions<S> & { load: () => LoadedEntry[] | Promise<LoadedEntry[]> },
): CollectionDefinition<S, false>;
export function defineCollection<S extends z.ZodType>(options: CollectionOptions<S>): CollectionDefinition<S> {
  if ([options.file, options.folder, options.load].filter((given) => given !== undefined).length !== 1) {
    throw errorFrom(FolderAndFile, {});
  }
  return {
    single: options.file !== undefined,
    source: trimSlashes(options.file ?? options.folder ?? ""),
    schema: options.schema,
    body: options.body ?? "none",
    sort: options.sort,
    unique: (options.unique ?? []).map((key) => (Array.isArray(key) ? key : [key])),
    html: options.html,
    datedFileNames: options.datedFileNames ?? false,
    load: options.load,
  };
}

/** What the engine adds to every entry. */
export interface EntryMeta {
  /** The file's path under its collection folder without `.md` ("2026/hello"); a single entry's file name. */
  slug: string;
  /** The file, relative to the project root ("content/posts/hello.md"). */
  file: string;
  /** The markdown body rendered to HTML; empty for collections without a body. */
  html: string;
  /** The body's headings in order, with their ids, for a table of contents; empty without a body. */
  headings: Heading[];
  /** An MDX body as a component (`<page.Content />`), rendered with the components of templates/mdx.ts. */
  Content?: ComponentType;
  /** The URL of the page that shows this entry (base path included), when a route shows it. */
  url?: string;
  /** With `i18n`: the language the entry is written in ("de" for content/de/…; the default locale's otherwise). */
  locale?: string;
  /**
   * With `i18n` and `fallback: "default"`: true on the default locale's entry published in a locale that has no
   * translation of it yet (its words are the default locale's; `locale` says which).
   */
  fallback?: boolean;
  /**
   * With `i18n`: this entry in every locale it is published in, in the order of `i18n.locales`, its own included
   * (`current: true`), for a language switcher. A fallback is listed with `fallback: true`.
   */
  translations?: Translation[];
}

export type Entry<S extends z.ZodType> = z.output<S> & EntryMeta;

// biome-ignore lint: any is the widest collection here
type AnyCollection = CollectionDefinition<any, boolean>;
export type Collections = Record<string, AnyCollection>;

/** The entry type of a collection definition. */
export type EntryOf<C> = C extends CollectionDefinition<infer S, boolean> ? Entry<S> : never;

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

/** One item of an Atom feed, taken from an entry. */
export interface FeedItem {
  /** The item's title. */
  title: string;
  /** YYYY-MM-DD or a full ISO 8601 date-time; also the entry's `updated` time. */
  date: string | Date;
  /** A short summary of the entry, shown by readers under the title. */
  summary?: string;
}

export interface FeedOptions<E> {
  /** Where the feed is written, such as "/blog/feed.xml". */
  path: string;
  /** The feed's title (default: the list page's `title`). */
  title?: string;
  /** The feed's author name (default: its title). */
  author?: string;
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
   * URL pattern, such as "/blog/:slug/": `:slug` is the entry's slug, `:field` any text or number field, and
   * `:year`, `:month` and `:day` the zero-padded parts of its `date` (YYYY-MM-DD or an ISO date-time as written, a
   * Date in UTC). A pattern ending in ".html" names the file each page is written to, whatever `urlFormat` says:
   * "/:year/:month/:day/:slug.html" writes 2024/01/15/slug.html, as Jekyll's default permalinks do.
   */
  path: string;
  /** Name of the template (an export of templates/index.ts's `templates`). */
  template: string;
  /**
   * Old URLs of each entry's page, as site paths (the base path is added): each gets a page that sends the
   * visitor on (meta refresh, canonical link, a link to follow, noindex) and a 301 in `_redirects` and
   * serve.json. "/old/" is written to old/index.html, "/old.html" to old.html, "/old" in the site's form. Such as
   * `(post) => post.redirect_from` (Jekyll's jekyll-redirect-from) or `(post) => post.aliases` (Hugo).
   */
  aliases?: (entry: E) => string | readonly string[] | null | undefined;
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
  /** An Atom feed of the newest entries of the list (see `FeedOptions`). */
  feed?: FeedOptions<E>;
}

export interface RoutesOptions<C extends Collections> {
  /** The collection whose entries are pages: each names its own `path` and `template`. */
  pages?: Extract<keyof C, string>;
  /** One page per entry of a collection. */
  entries?: Array<{ [K in Extract<keyof C, string>]: EntryRoute<K, EntryOf<C[K]>> }[Extract<keyof C, string>]>;
  /** Paginated lists of a collection's entries, with an optional feed. */
  lists?: Array<{ [K in Extract<keyof C, string>]: ListRoute<K, EntryOf<C[K]>> }[Extract<keyof C, string>]>;
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
  /** Public address, such as "https://heirloom.example" (overridden by --site-url or HEIRLOOM_SITE_URL). */
  siteUrl?: string;
  /** Paths that are linked on purpose but not published yet: they show the 404 page. */
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
  /** The dev and preview servers: the host names they answer. */
  server?: ServerOptions;
  /** The site's languages (see I18nOptions); without it a site has one language and no locale folders. */
  i18n?: I18nOptions;
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

function trimSlashes(p: string): string {
  return p.replace(/\\/g, "/").replace(/^\.?\/+|\/+$/g, "");
}
