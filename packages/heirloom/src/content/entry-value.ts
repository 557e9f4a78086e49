// What an entry is called and is: its slug (its file's, or the `slug` field's that the schema declares, as Hugo
// and Jekyll read it) and, for a data file that holds a list, the list itself carrying what the engine adds.
import { BadSlugField } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import type { EntryValue, SourceEntry } from "./types.ts";

/** One segment of a URL as a slug field may write it: no slash, no space or control character, not "." or "..". */
const SEGMENT = /^(?!\.\.?$)[^/\\\s\p{Cc}]+$/u;

/**
 * The entry's slug: its file's (`source.slug`), with its last segment replaced by the `slug` field when the schema's
 * output has one (Hugo's `slug` replaces the last segment of the URL; Jekyll's `:slug` is the file's name). A field
 * that cannot be a segment is an error at it, and the entry is left out (undefined).
 */
export function slugOf(source: SourceEntry, data: unknown, errors: HeirloomError[]): string | undefined {
  const field =
    data && typeof data === "object" && !Array.isArray(data) ? (data as { slug?: unknown }).slug : undefined;
  if (field === undefined || field === null) return source.slug;
  const text = typeof field === "number" ? String(field) : typeof field === "string" ? field.trim() : undefined;
  if (text === undefined || !SEGMENT.test(text)) {
    const value = JSON.stringify(field) ?? String(field);
    const location = { file: source.file, ...source.locate(["slug"]) };
    errors.push(errorFrom(BadSlugField, { file: source.file, value }, { location }));
    return undefined;
  }
  const slash = source.slug.lastIndexOf("/");
  return slash < 0 ? text : `${source.slug.slice(0, slash + 1)}${text}`;
}

/**
 * A data file's list as an entry: the list, its items as the schema made them, with the slug, file and (empty) body
 * every entry has, kept off its items (a template's `map` and JSON see the items only).
 */
export function listValue(items: unknown[], slug: string, file: string): EntryValue {
  const list = [...items];
  for (const [name, value] of Object.entries({ slug, file, html: "", headings: [] })) {
    Object.defineProperty(list, name, { value, writable: true, configurable: true, enumerable: false });
  }
  return list as unknown as EntryValue;
}

/**
 * An entry made from the schema's object: its fields, then the slug, file and (empty) body every entry has, in
 * that order. Entries of one schema share one shape, so that templates and feeds read them at full speed.
 */
export function objectValue(data: Record<string, unknown>, slug: string, file: string, headings: never[]): EntryValue {
  // Copied by Object.assign, not in a spread literal (`{ ...data, slug }`): V8 gives each object made by a spread
  // followed by more fields a shape of its own, and every read of a field of a large site's entries then misses its
  // cache. A field named __proto__ (a loose schema's) would set the prototype under assign: spread as before.
  if (Object.hasOwn(data, "__proto__")) return { ...data, slug, file, html: "", headings } as unknown as EntryValue;
  return Object.assign({}, data, { slug, file, html: "", headings }) as unknown as EntryValue;
}
