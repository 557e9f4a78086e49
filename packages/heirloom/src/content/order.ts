// The collections' order and unique fields: each collection sorted as declared (ties by file path), and each
// entry whose unique fields an earlier one shares told.
import { whileAt } from "../compile/supervisor.ts";
import { locateCollection } from "../config/definition-file.ts";
import type { ResolvedCollection, ResolvedSite } from "../config/types.ts";
import { DuplicateItem, SameSlug } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import type { ContentItem } from "./types.ts";
import { numberedOrder } from "./files/index.ts";

/** Each collection in its order, its unique fields checked (per locale: a translation may share its title). */
export function orderCollections(site: ResolvedSite, items: Map<string, ContentItem[]>, errors: HeirloomError[]): void {
  for (const collection of site.collections.values()) {
    const list = items.get(collection.name)!;
    sortItems(site, collection, list);
    for (const key of collection.unique) errors.push(...duplicates(collection, list, key).errors);
    if (!collection.datedFileNames) {
      // A bundle (posts/a/index.md) and a file (posts/a.md), or a slug field, may name one entry twice.
      const twice = sameSlugs(collection, list, errors);
      if (twice.size > 0)
        items.set(
          collection.name,
          list.filter((item) => !twice.has(item)),
        );
      continue;
    }
    // Jekyll's rule for dated names: two posts may share a slug, not a slug and a date. The second is left out, so
    // its page is not reported again as a clash with the first's.
    const twice = duplicates(collection, list, ["slug", "date"]);
    errors.push(...twice.errors);
    if (twice.items.size > 0)
      items.set(
        collection.name,
        list.filter((item) => !twice.items.has(item)),
      );
  }
}

/**
 * Sorts `list` in the collection's declared order; a sort function of the site's is told as the code that runs,
 * for the backstop that stops it if it never returns (compile/stall.ts).
 */
export function sortItems(site: ResolvedSite, collection: ResolvedCollection, list: ContentItem[]): ContentItem[] {
  const compare = compareBy(collection);
  if (typeof collection.sort !== "function") return list.sort(compare);
  const running = `the sort function of the collection "${collection.name}"`;
  return whileAt({ ...locateCollection(site.source, collection.name), running }, () => list.sort(compare));
}

/**
 * The collection's declared order; ties (and collections without one) keep file-path order, numbered files by
 * their numbers (with i18n, the path under the locale's folder: a locale's own entries and the default's are one).
 */
export function compareBy(collection: ResolvedCollection): (a: ContentItem, b: ContentItem) => number {
  // Docusaurus's numbered files (9-x before 10-x); ties such as 1-x and 01-x by the path as written.
  const pathOf = (item: ContentItem) => (item.pathOrder ??= numberedOrder(item.source.key ?? item.source.file));
  const written = (item: ContentItem) => item.source.key ?? item.source.file;
  const byFile = (a: ContentItem, b: ContentItem) =>
    pathOf(a) < pathOf(b)
      ? -1
      : pathOf(a) > pathOf(b)
        ? 1
        : written(a) < written(b)
          ? -1
          : written(a) > written(b)
            ? 1
            : 0;
  const { sort } = collection;
  if (sort === undefined) return byFile;
  if (typeof sort === "function") return (a, b) => sort(a.value, b.value) || byFile(a, b);
  const descending = sort.startsWith("-");
  const field = descending ? sort.slice(1) : sort;
  // Each value's sort key is made once, not at each of the n log n comparisons (nor at each of dev's builds).
  const keyOf = (item: ContentItem) => (item.order ??= sortKey(item.value[field]));
  return (a, b) => {
    const order = compareKeys(keyOf(a), keyOf(b));
    return (descending ? -order : order) || byFile(a, b);
  };
}

/** Numbers by value, everything else by code points: the same order on every machine and locale. */
function sortKey(value: unknown): number | string {
  return typeof value === "number" ? value : value instanceof Date ? value.toISOString() : String(value ?? "");
}

function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The entries whose slug an earlier one has, each told at its file (at its slug field when it has one). */
function sameSlugs(collection: ResolvedCollection, list: ContentItem[], errors: HeirloomError[]): Set<ContentItem> {
  const seen = new Map<string, ContentItem>();
  const twice = new Set<ContentItem>();
  for (const item of list) {
    const slug = item.value.slug;
    const first = seen.get(slug);
    if (!first) {
      seen.set(slug, item);
      continue;
    }
    const { file } = item.source;
    const location = { file, ...(slug === item.source.slug ? {} : item.source.locate(["slug"])) };
    const args = { file, first: first.source.file, slug, collection: collection.name };
    errors.push(errorFrom(SameSlug, args, { location }));
    twice.add(item);
  }
  return twice;
}

/** Each entry whose values of `key` an earlier one has, and its error. */
function duplicates(collection: ResolvedCollection, list: ContentItem[], key: string[]) {
  const seen = new Map<string, ContentItem>();
  const errors: HeirloomError[] = [];
  const items = new Set<ContentItem>();
  for (const item of list) {
    const values = key.map((field) => item.value[field]);
    if (values.some((v) => v === undefined)) continue;
    const id = JSON.stringify(values);
    const first = seen.get(id);
    if (!first) {
      seen.set(id, item);
      continue;
    }
    const [fields, shown] = [key.join(" and "), values.map((v) => String(v)).join(", ")];
    const [file, many] = [item.source.file, key.length > 1];
    const args = { fields, values: shown, file, first: first.source.file, many, collection: collection.name };
    errors.push(errorFrom(DuplicateItem, args, { location: { file, ...item.source.locate([key[key.length - 1]]) } }));
    items.add(item);
  }
  return { errors, items };
}
