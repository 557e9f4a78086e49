// What the content stage hands on (raw and validated entries) and what it is handed: the stores of work done
// before, and what the previous load of the same folder left to reuse (the dev server's, see src/incremental/).
import type { EntryMeta } from "../config/define.ts";
import type { HeirloomError } from "../errors/errors.ts";
import type { RawEntry } from "./frontmatter/index.ts";
import type { ImageRef } from "./fields/index.ts";
import type { RenderedMarkdown, WaitingMarkdown } from "./markdown/index.ts";
import type { PlainNote } from "./highlight/index.ts";
import type { CompiledMdx, MdxCache } from "./mdx/index.ts";

export type { CompiledMdx, MdxCache };

/** Rendered markdown by `<file hash>:<base path>:<renderer key>`, loaded from disk only when a page needs it. */
export interface MarkdownCache {
  /** Whether the cache holds the key (without loading anything). */
  has(key: string): boolean;
  /** Whether the body kept under the key has a highlighted code block (without loading anything). */
  code(key: string): boolean;
  /** The files under content/ that the body kept under the key names by relative links (without loading). */
  refs(key: string): string[] | undefined;
  /** The blocks of the body kept under the key that Shiki has no language for (without loading anything). */
  notes(key: string): PlainNote[] | undefined;
  get(key: string): RenderedMarkdown | undefined;
  /** What the key holds if this process rendered it: never loads or decodes anything. */
  peek?(key: string): RenderedMarkdown | undefined;
  set(key: string, rendered: RenderedMarkdown): void;
  /** Forgets every key but these. */
  retain(keys: Set<string>): void;
}

/**
 * Bodies read this build whose code blocks wait for highlighting, by `markdownKey`: each rendered from the parse it
 * was read with when its page needs it (taken out once used).
 */
export type WaitingBodies = Map<string, WaitingMarkdown>;

/** A parsed content file and the collection it belongs to. */
export interface SourceEntry extends RawEntry {
  collection: string;
  /** Path under the collection folder without `.md`; a single entry's file name without `.md`. */
  slug: string;
  /** SHA-256 of the file's bytes: what every cache of its work is keyed by. */
  hash: string;
  /** With i18n: the locale of a file under content/<locale>/ (undefined for the default locale's). */
  locale?: string;
  /** With i18n: its path under its locale's folder without the extension, shared by its translations. */
  key?: string;
}

/** A file under content/ that is an entry, as the walk placed it. */
export interface PlacedEntry {
  /** Relative to content/, with forward slashes. */
  relative: string;
  /** Relative to the project root, as messages name it. */
  file: string;
  collection: string;
  slug: string;
  /** With i18n: its locale (of a file under content/<locale>/) and its path there (see SourceEntry). */
  locale?: string;
  key?: string;
}

/** Where every file under content/ belongs, as one walk found it. */
export interface Placement {
  files: Set<string>;
  toRead: PlacedEntry[];
  images: Set<string>;
  passthrough: string[];
  errors: HeirloomError[];
  /** What the walk tells without failing the build: a Hugo section page (`_index.md`) left out. */
  warnings?: HeirloomError[];
}

export interface RawContent {
  entries: SourceEntry[];
  /** Image files, relative to content/ ("images/porch.svg"). */
  images: Set<string>;
  /** Files copied as they are, relative to content/. */
  passthrough: string[];
  /** Files that could not be read, parsed or placed; the rest is still validated. */
  errors: HeirloomError[];
  /** Entries that could not be read or parsed (absolute path, collection, slug): what they would be is unknown. */
  unread: Array<{ absolute: string; collection: string; slug: string }>;
  /** The walk this load used, and what was read for each of its entries (in its order), for the next load. */
  placement: Placement;
  read: Array<SourceEntry | undefined>;
}

/** What the previous load of the same folder leaves the next one to reuse (the dev server's, between saves). */
export interface PreviousLoad {
  /** Its walk, when it still places every file (no file was added or removed since). */
  placement?: Placement;
  /** For each entry of the walk used, the entry read before from the same unchanged file, if any. */
  unchanged(placement: Placement): Array<SourceEntry | undefined>;
}

export type EntryValue = Record<string, unknown> & EntryMeta;

/** One valid entry, the file it came from, and its image fields (with the path of fields that leads to each). */
export interface ContentItem {
  value: EntryValue;
  source: SourceEntry;
  images: Array<{ ref: ImageRef; path: PropertyKey[] }>;
  /** Its sort key, once made (the collection's order is fixed by the definition the entry was validated with). */
  order?: number | string;
  /** Its file's path as the default order compares it: ordering numbers by value (files/number-prefixes.ts). */
  pathOrder?: string;
  /** Its body has a highlighted code block; or, when it is rendered later, the languages its code blocks name. */
  code?: boolean;
  languages?: string[];
  /** An MDX body, compiled: what it uses (components, languages) is checked once the templates are compiled. */
  mdx?: CompiledMdx;
  /** The files under content/ its body names by relative links and images. */
  refs?: string[];
}

export interface ValidatedContent {
  /** Valid entries per collection, in the collection's order. */
  items: Map<string, ContentItem[]>;
  /** Every image field of every valid entry, and every image a body names by a relative path. */
  images: ImageRef[];
  /** The images bodies name, by their path under content/. */
  bodyImages: Map<string, ImageRef>;
  /** The languages of code blocks rendered later (when a page reads them): highlighting must be ready for them. */
  languages: Set<string>;
  /** The drafts, scheduled and expired entries, shown or left out, and when the next of them changes. */
  publication?: Publication;
  /** With i18n: each other locale's own valid entries per collection, in the collection's order. */
  translated?: Map<string, Map<string, ContentItem[]>>;
  /** With i18n: each other locale's collections as its pages show them, fallbacks included (content/locales.ts). */
  locales?: Map<string, LocaleContent>;
}

/** One locale's collections (its own entries and, by `i18n.fallback`, the default locale's it lacks). */
export interface LocaleContent {
  items: Map<string, ContentItem[]>;
  /** The default locale's files this locale has a translation of, each to its translation's file. */
  counterparts: Map<string, string>;
}

/** Valid entries a previous validation made, kept while their files are unchanged (the dev server's). */
export interface KeptItems {
  item(source: SourceEntry): ContentItem | undefined;
  keep(source: SourceEntry, item: ContentItem): void;
}

/** Why an entry is not published as a finished one. */
export type HeldReason = "draft" | "scheduled" | "expired";

/** An entry not published as a finished one, and whether this build shows it anyway (--drafts, --future, dev). */
export interface HeldEntry {
  file: string;
  collection: string;
  reason: HeldReason;
  /** When a scheduled entry is due, or since when an expired one is gone (RFC 3339, UTC). */
  date?: string;
  shown: boolean;
}

/** What the content stage tells of publication: the entries held, and when the next of them changes. */
export interface Publication {
  entries: HeldEntry[];
  /** The first moment after the build's clock at which an entry comes due or expires (ms since 1970). */
  changesAt?: number;
}
