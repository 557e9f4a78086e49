// A collection of a site definition: `defineCollection` (a folder of entries, a single file, or the entries a
// `load` function makes) and the types of what each entry is, which templates infer their content from.
import type { ComponentType } from "react";
import type { z } from "zod";
import { FolderAndFile } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";
import type { Translation } from "./i18n.ts";
import type { Heading } from "./markdown-options.ts";
import type { Term } from "./taxonomy-options.ts";

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
  /**
   * Or one file under content/ that is a single entry, such as "site.md"; a YAML, JSON or TOML file ("data/nav.yaml")
   * is data without front matter: its fields (or its list, for a schema such as `z.array(item)`) are the entry.
   */
  file?: string;
  /**
   * true: the folder's .yaml, .yml, .json and .toml files are entries too, each file one entry whose fields (or
   * list) are the whole file, as Hugo's data/ and Jekyll's _data/ folders hold. Its markdown files stay entries.
   * Default false (such files there are an error).
   */
  data?: boolean;
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
  /** Order of the entries (default: by file path, "9-x" before "10-x"). Ties keep file-path order. */
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
  /**
   * How each body's `summary` is made (see `SummaryOption`). A body's marker ends it wherever it is: a line
   * `<!--more-->` (Hugo's), `{/* more *\/}` in MDX, or `separator` (Jekyll's `excerpt_separator`; an entry's own
   * `excerpt_separator` field replaces it). Default: the first 70 words, to the end of their block, as Hugo makes it.
   */
  summary?: SummaryOption;
  /**
   * true (the default): an entry whose publication date (`publishDate`, or else `date` or its dated file name's) is
   * later than the build's clock, or whose `expiryDate` has passed, is left out of the build, as Hugo and Jekyll do;
   * `build --future` and `dev` show the scheduled ones. false: every entry is published whatever its dates (the
   * date of an event to come). A single file's entry is always published.
   */
  schedule?: boolean;
}

/**
 * A summary without a marker: "paragraph" (the body's first, as Jekyll's excerpt), or `{ words }` (default 70, Hugo's
 * `summaryLength`) ending with the block the last word is in or, with `end: "word"`, right after it with "…";
 * `{ paragraph: true }` is "paragraph" with a `separator`.
 */
export type SummaryOption =
  | "paragraph"
  | { words?: number; end?: "block" | "word"; separator?: string }
  | { paragraph: true; separator?: string };

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
  /** Its folder's data files are entries (see `CollectionOptions.data`). */
  readonly data?: boolean;
  readonly summary?: SummaryOption;
  readonly schedule: boolean;
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
    ...(options.data !== undefined ? { data: options.data } : {}),
    schedule: options.schedule ?? true,
    load: options.load,
    summary: options.summary,
  };
}

/** What the engine adds to every entry. */
export interface EntryMeta {
  /**
   * The file's path under its collection folder without `.md` ("2026/hello"), a bundle's `hello/index.md` as
   * "hello"; its last segment the `slug` field's when the schema declares one. A single entry's file name.
   */
  slug: string;
  /** The file, relative to the project root ("content/posts/hello.md"). */
  file: string;
  /** The markdown body rendered to HTML; empty for collections without a body. */
  html: string;
  /** The body's headings in order, with their ids, for a table of contents; empty without a body. */
  headings: Heading[];
  /**
   * The start of the body as HTML (before its `<!--more-->`, else as the collection's `summary` says), every tag
   * closed, links and pictures as in `html`; empty without a body. A field of the schema's own by the name is kept.
   */
  summary: string;
  /** Whether the body holds more than its `summary` (Hugo's `.Truncated`): for a "Read more" link. */
  truncated: boolean;
  /** The words of the body's text (a CJK character counting as one, as Hugo's hasCJKLanguage counts); 0 without. */
  wordCount: number;
  /** Minutes to read the body, rounded up: 212 words a minute (500 CJK characters); 0 without a body. */
  readingTime: number;
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
  /**
   * With `routes.taxonomies`: the entry's terms of each taxonomy's field, by field (`post.terms.tags`), in the
   * order written, each with its name, slug, URL and count; a field it leaves empty has [].
   */
  terms?: Record<string, Term[]>;
  /**
   * true on an entry shown before its publication date is due (`build --future`, `dev`), so a template can mark it;
   * missing on every other entry (a build without --future leaves scheduled entries out).
   */
  scheduled?: boolean;
}

export type Entry<S extends z.ZodType> = z.output<S> & EntryMeta;

// biome-ignore lint: any is the widest collection here
type AnyCollection = CollectionDefinition<any, boolean>;
export type Collections = Record<string, AnyCollection>;

/** The entry type of a collection definition. */
export type EntryOf<C> = C extends CollectionDefinition<infer S, boolean> ? Entry<S> : never;

function trimSlashes(p: string): string {
  return p.replace(/\\/g, "/").replace(/^\.?\/+|\/+$/g, "");
}
