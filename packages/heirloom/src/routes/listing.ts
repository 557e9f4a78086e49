// What the pages that list entries share: their pagination, the newest-first order of a term's or a year's
// entries, and the entry and source of a page that site.config.ts makes rather than a content file.
import { locate } from "../config/definition-file.ts";
import type { ResolvedCollection } from "../config/types.ts";
import { isoDate } from "../content/frontmatter/index.ts";
import type { ContentItem, EntryValue, SourceEntry } from "../content/types.ts";
import { setDerived } from "../content/derived.ts";
import type { Pagination, Route } from "./types.ts";
import { type UrlFormat, listPagePath, outFileFor, withBase } from "./urls.ts";

/** The pages of a list: the first at `page.path`, the next at <path>page/2/ and on, each with its entries. */
export function paginate(page: Route, items: EntryValue[], perPage: number, format: UrlFormat, base: string): Route[] {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const paths = Array.from({ length: pages }, (_, i) => listPagePath(page.path, i + 1, format));
  const urls = paths.map((path) => withBase(base, path));
  return paths.map((path, i) => {
    const n = i + 1;
    const pagination: Pagination = {
      items: perPage === Number.POSITIVE_INFINITY ? items : items.slice(i * perPage, n * perPage),
      page: n,
      pages,
      total: items.length,
      perPage,
      prev: n > 1 ? urls[i - 1] : undefined,
      next: n < pages ? urls[i + 1] : undefined,
      first: urls[0],
      last: urls[pages - 1],
    };
    return { ...page, path, outFile: outFileFor(path, format), pagination };
  });
}

/**
 * A collection's entries newest first: in its own order when it declares a `sort`, else by `date` descending
 * (entries of one date, and those without a date, last, in the collection's order).
 */
export function newestFirst(items: ContentItem[], collection: ResolvedCollection | undefined): ContentItem[] {
  if (collection?.sort !== undefined) return items;
  return byDate(items);
}

/** By `date`, newest first; ties and entries without one keep their order (without one, last). */
export function byDate(items: ContentItem[]): ContentItem[] {
  const dated = items.map((item, i) => ({ item, i, date: isoDate(item.value.date) ?? "" }));
  dated.sort((a, b) => (a.date > b.date ? -1 : a.date < b.date ? 1 : a.i - b.i));
  return dated.map((d) => d.item);
}

/**
 * The entry of a page site.config.ts makes (a term's, a year's, an index): `fields` with what every entry has,
 * `summary` (what it shows) in its hash, so that a build renders it again only when that changed.
 */
export function madeEntry(fields: Record<string, unknown>, summary: unknown, locale?: string): EntryValue {
  const value = { ...fields, file: "site.config.ts", html: "", headings: [] } as unknown as EntryValue;
  if (locale !== undefined) value.locale = locale;
  setDerived(value, JSON.stringify(summary));
  return value;
}

/** The source of a page site.config.ts makes: the definition, at the line where `near` (its path) is written. */
export function madeSource(definition: string, collection: string, near: string): SourceEntry {
  const { file, line, column } = locate(definition, near);
  const at = { line: line ?? 1, column: column ?? 1 };
  return { file, data: {}, body: "", bodyLine: 1, format: "none", locate: () => at, collection, slug: near, hash: "" };
}

/** A page made from site.config.ts at `path`, with its template and entry, before pagination. */
export function madeRoute(
  path: string,
  format: UrlFormat,
  template: string,
  entry: EntryValue,
  source: SourceEntry,
): Route {
  return { path, outFile: outFileFor(path, format), template, entry, source, templateFrom: "definition" };
}
