// Which entries a build leaves out, decided from their front matter before any schema reads it: drafts, entries
// whose publication date is still to come (scheduled, as Hugo and Jekyll hold back future posts) and entries past
// their expiry date; and when the next of them changes, so that a build kept past that moment is not reused.
import type { ResolvedCollection, ResolvedSite } from "../config/types.ts";
import { datedFileName, readWrittenDate } from "./frontmatter/index.ts";
import type { ContentItem, HeldEntry, Publication, SourceEntry } from "./types.ts";

export type { HeldEntry, Publication };

/** The build's clock and what it shows besides finished entries. */
export interface PublishOptions {
  drafts: boolean;
  /** Show scheduled entries (marked `scheduled: true`). */
  future?: boolean;
  /** The build's clock, in ms since 1970 (default: now). */
  now?: number;
}

/** Front matter fields read as the publication date (Hugo's `publishDate` and its aliases) and the expiry date. */
const PUBLISH_FIELDS = new Set(["publishdate", "pubdate", "published"]);
const EXPIRY_FIELDS = new Set(["expirydate", "unpublishdate"]);

/**
 * Each entry's publication: `out[i]` when this build leaves `entries[i]` out, `scheduled[i]` when it shows it
 * though it is not due; the entries held and when the next of them changes.
 */
export function sortOut(site: ResolvedSite, entries: SourceEntry[], options: PublishOptions) {
  const now = options.now ?? Date.now();
  const publication: Publication = { entries: [] };
  const out: boolean[] = [];
  const scheduled: boolean[] = [];
  const soon = (ms: number) => {
    if (ms > now && (publication.changesAt === undefined || ms < publication.changesAt)) publication.changesAt = ms;
  };
  for (const source of entries) {
    const collection = site.collections.get(source.collection)!;
    const { draft, due, expired } = stateOf(source, collection, now, soon);
    // Left out by the first reason that holds; a draft dated later needs both --drafts and --future, as in Hugo.
    const left = draft && !options.drafts ? "draft" : expired ? "expired" : due && !options.future ? "scheduled" : "";
    const file = { file: source.file, collection: collection.name };
    const dates = { draft: undefined, expired, scheduled: due };
    if (left) publication.entries.push({ ...file, reason: left, date: dates[left], shown: false });
    else if (due) publication.entries.push({ ...file, reason: "scheduled", date: due, shown: true });
    else if (draft) publication.entries.push({ ...file, reason: "draft", shown: true });
    out.push(left !== "");
    scheduled.push(!left && due !== undefined);
  }
  return { out, scheduled, publication };
}

/** What an entry's front matter says: a draft, due later (when), expired (since when); its dates told to `soon`. */
function stateOf(source: SourceEntry, collection: ResolvedCollection, now: number, soon: (ms: number) => void) {
  const draft = source.data.draft === true;
  if (collection.single || !collection.schedule) return { draft };
  const { publish, expiry } = datesOf(source, collection);
  if (expiry !== undefined) soon(expiry);
  if (publish !== undefined) soon(publish);
  const expired = expiry !== undefined && expiry <= now ? iso(expiry) : undefined;
  return { draft, expired, due: publish !== undefined && publish > now ? iso(publish) : undefined };
}

/**
 * When an entry is published (its `publishDate`, `pubDate` or `published`, else its `date` or its file name's) and
 * when it expires (`expiryDate` or `unpublishDate`), in ms; field names as Hugo reads them, in any case. A value that
 * is no date is left to the schema.
 */
function datesOf(source: SourceEntry, collection: ResolvedCollection) {
  let [date, publish, expiry]: Array<number | undefined> = [];
  for (const [key, value] of Object.entries(source.data)) {
    const name = key.toLowerCase();
    if (name === "date") date = instantOf(value);
    else if (PUBLISH_FIELDS.has(name)) publish ??= instantOf(value);
    else if (EXPIRY_FIELDS.has(name)) expiry ??= instantOf(value);
  }
  if (date === undefined && collection.datedFileNames) {
    date = instantOf(datedFileName(source.file)?.date);
  }
  return { publish: publish ?? date, expiry };
}

function instantOf(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  return typeof value === "string" ? readWrittenDate(value)?.ms : undefined;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, "Z");

/** Files a build leaves out, for the link check: a link to one from a published page is a broken link. */
export function leftOutFiles(publication: Publication | undefined): Set<string> {
  return new Set(publication?.entries.filter((entry) => !entry.shown).map((entry) => entry.file));
}

const MARKED = Symbol("heirloom.scheduled");

/**
 * Marks an entry shown before it is due (`scheduled: true`), or takes a mark of an earlier build off (dev keeps
 * entries between builds); the mark is part of the entry's hash, so a page that shows it is made again.
 */
export function markScheduled(item: ContentItem, scheduled: boolean): void {
  const value = item.value as Record<PropertyKey, unknown>;
  if (scheduled) {
    value.scheduled = true;
    Object.defineProperty(value, MARKED, { value: true, configurable: true });
  } else if (value[MARKED]) {
    delete value.scheduled;
    delete value[MARKED];
  }
}
