// Old URLs kept: the aliases an entry route gives its entries' pages, and the site's own redirects. Each is a
// site path with the file a static host serves for it; where it is written, for the errors about it.
import { locate } from "../config/definition-file.ts";
import type { ResolvedEntryRoute, ResolvedSite } from "../config/types.ts";
import type { ContentItem } from "../content/types.ts";
import { BadAlias } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import type { Redirect } from "./types.ts";
import { type UrlFormat, isPlainPath, normalizePath, outFileFor } from "./urls.ts";

/** The aliases of one entry's page at `to`, each once; a value that is not a site path is an error. */
export function entryAliases(
  declared: ResolvedEntryRoute,
  item: ContentItem,
  to: string,
  format: UrlFormat,
  errors: HeirloomError[],
): Redirect[] {
  const given = declared.aliases!(item.value);
  const values: unknown[] = given === undefined || given === null ? [] : Array.isArray(given) ? given : [given];
  const { file } = item.source;
  const redirects = new Map<string, Redirect>();
  for (const value of values) {
    const location = { file, ...locateValue(item, value) };
    if (typeof value !== "string" || !isPlainPath(value.trim())) {
      errors.push(errorFrom(BadAlias, { file, alias: JSON.stringify(value) }, { location }));
      continue;
    }
    const from = value.trim();
    const outFile = fileOf(from, format);
    const named = `the alias "${from}" of ${file}`;
    if (!redirects.has(outFile)) redirects.set(outFile, { from, outFile, to, named, location, where: "its aliases" });
  }
  return [...redirects.values()];
}

/** The site's redirects (checked with the definition), located in site.config.ts. */
export function siteRedirects(site: ResolvedSite, format: UrlFormat): Redirect[] {
  return site.redirects.map(({ from, to }) => ({
    from,
    outFile: fileOf(from, format),
    to,
    named: `the redirect "${from}" of site.config.ts`,
    location: locateWritten(site.source, from),
    where: "`redirects` in site.config.ts",
  }));
}

/** The file a static host serves for an old path: "/old/" old/index.html, "/old.html" itself, "/old" the form's. */
function fileOf(from: string, format: UrlFormat): string {
  if (from.endsWith("/")) return `${from.slice(1)}index.html`;
  if (/\.html?$/.test(from)) return from.slice(1);
  return outFileFor(normalizePath(from, format), format);
}

/** Where a value is written in the entry's front matter (redirect_from: [/old/]), if it is written there. */
function locateValue(item: ContentItem, value: unknown): { line?: number; column?: number } {
  const path = pathTo(item.source.data, value, []);
  return path ? item.source.locate(path) : {};
}

function pathTo(data: unknown, value: unknown, path: PropertyKey[]): PropertyKey[] | undefined {
  if (data === value) return path;
  if (!data || typeof data !== "object") return undefined;
  for (const [key, child] of Object.entries(data)) {
    const found = pathTo(child, value, [...path, Array.isArray(data) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/** A path's place in site.config.ts: as a quoted key first, so "/old" is not found inside "/old-about". */
function locateWritten(source: string, from: string) {
  for (const written of [`"${from}"`, `'${from}'`, from]) {
    const location = locate(source, written);
    if (location.line !== undefined) return location;
  }
  return locate(source);
}
