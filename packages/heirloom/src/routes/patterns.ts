// Entry routes' patterns ("/blog/:slug/", "/:year/:month/:day/:slug.html"): split once per run into their fixed
// parts and parameters, and filled with each entry's values (the date parts from its date).
import { dateParts, offCalendar } from "../content/frontmatter/index.ts";
import type { ContentItem } from "../content/types.ts";
import { EntryWithoutDate, NotAPlainSegment } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import type { Pattern } from "./types.ts";
import { type UrlFormat, isPlainPath, normalizePath } from "./urls.ts";

const SEGMENTS = /^[\w\-.~]+(\/[\w\-.~]+)*$/;
const DOTS = /(?:^|\/)\.{1,2}(?:\/|$)/;
/** The parameters a pattern fills from the entry's `date` rather than from fields of their own name. */
const DATE_PARTS = new Set(["year", "month", "day"]);

/** An entry route's pattern split into its parts: once per run for each entry route, not for each entry. */
export function compilePattern(source: string, format: UrlFormat): Pattern {
  // "/:year/:slug.html" names its file; any other pattern is a path in the site's form.
  const file = /\.html$/.test(source.trim());
  const normalized = file ? `/${source.trim().replace(/^\/+/, "")}` : normalizePath(source, format);
  const pieces = normalized.split(/:(\w+)/);
  const parts = pieces.filter((_, i) => i % 2 === 0);
  // The fixed parts must be plain; each value is checked as it is filled in.
  const names = pieces.filter((_, i) => i % 2 === 1);
  const dated = names.some((name) => DATE_PARTS.has(name));
  return { source, format, parts, names, valid: isPlainPath(parts.join("x")), file, dated };
}

/**
 * "/blog/:slug/" with the entry's values (":year", ":month" and ":day" from its date); a value that cannot be a
 * plain path segment, or a date the pattern needs and the entry lacks, is an error. `slug`: the slug to fill in
 * instead of the entry's (its file's path without number prefixes, "" for the folder's own page).
 */
export function fillPattern(
  pattern: Pattern,
  item: ContentItem,
  errors: HeirloomError[],
  slug?: string,
): string | undefined {
  const { source } = pattern;
  const { file } = item.source;
  const date = pattern.dated ? dateParts(item.value.date) : undefined;
  if (pattern.dated && !date) {
    const location = { file, ...item.source.locate(["date"]) };
    const value = item.value.date === undefined ? undefined : String(item.value.date);
    const off = value === undefined ? undefined : offCalendar(value.trim());
    errors.push(errorFrom(EntryWithoutDate, { file, pattern: source, value, off }, { location }));
    return undefined;
  }
  let filled = pattern.parts[0];
  let bad: string | undefined;
  for (let i = 0; i < pattern.names.length; i++) {
    const name = pattern.names[i];
    const value = date && DATE_PARTS.has(name) ? date[name as keyof typeof date] : item.value[name];
    let text = typeof value === "string" || typeof value === "number" ? String(value) : "";
    if (name === "slug" && slug !== undefined) text = slug || (pattern.file ? "index" : "");
    // "." and ".." are no segment: a browser reads /blog/../ as /, and a file's path leaves its folder.
    const folderPage = text === "" && slug !== undefined;
    if (!folderPage && (!SEGMENTS.test(text) || DOTS.test(text))) bad ??= name;
    filled += text + pattern.parts[i + 1];
  }
  // An empty slug (the folder's own page) leaves two slashes: "/docs//" is "/docs/".
  if (bad === undefined && pattern.valid)
    return slug === "" && !pattern.file ? normalizePath(filled, pattern.format) : filled;
  const field = bad ?? "slug";
  // A slug is its file's name, unless a slug field wrote it.
  const written = field !== "slug" || item.value.slug !== item.source.slug;
  const location = written ? { file, ...item.source.locate([field]) } : { file };
  const value = String(item.value[field] ?? "");
  errors.push(errorFrom(NotAPlainSegment, { file, pattern: source, field, value, written }, { location }));
  return undefined;
}
