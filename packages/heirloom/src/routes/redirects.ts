// Old URLs kept: the aliases an entry route gives its entries' pages, and the site's own redirects. Each is a
// site path with the file a static host serves for it; where it is written, for the errors about it.
import { locate } from "../config/definition-file.ts";
import type { ResolvedEntryRoute, ResolvedSite } from "../config/types.ts";
import type { ContentItem } from "../content/types.ts";
import { BadAlias, RedirectLoop } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import type { Redirect, Route } from "./types.ts";
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

/**
 * Each loop of redirects (/a/ → /a/, /a/ → /b/ → /a/) once, at the line of its first: its redirect pages would
 * refresh, and its 301s send the visitor on, without end. A redirect leads to another when its target is that one's
 * old URL (hosts that read redirect rules take /x and /x/ as one) or the file a host serves for it.
 */
export function redirectLoops(redirects: Redirect[], routes: Route[]): HeirloomError[] {
  if (redirects.length === 0) return [];
  const files = new Set([...routes.map((r) => r.outFile), ...redirects.map((r) => r.outFile)]);
  const byFile = new Map(redirects.map((r) => [r.outFile, r]));
  const byUrl = new Map(redirects.map((r) => [withoutSlash(r.from), r]));
  const next = (r: Redirect) => {
    if (!r.to.startsWith("/")) return undefined;
    const to = r.to.replace(/#.*$/, "");
    return byUrl.get(withoutSlash(to)) ?? byFile.get(servedFile(to, files));
  };
  const looped = new Set<Redirect>();
  return redirects.flatMap((start) => {
    if (looped.has(start)) return [];
    const chain = [start];
    for (let at = next(start); at && !chain.includes(at); at = next(at)) chain.push(at);
    if (next(chain[chain.length - 1]) !== start) return [];
    for (const r of chain) looped.add(r);
    const args = { chain: [...chain, start].map((r) => r.from), where: start.where };
    return [errorFrom(RedirectLoop, args, { location: start.location })];
  });
}

const withoutSlash = (path: string) => path.replace(/(.)\/$/, "$1");

/** The file a host serves for a site path: "/x/" x/index.html; "/x" the file x, else x.html, else x/index.html. */
function servedFile(path: string, files: Set<string>): string {
  const local = path.slice(1);
  if (local === "" || local.endsWith("/")) return `${local}index.html`;
  return [local, `${local}.html`].find((file) => files.has(file)) ?? `${local}/index.html`;
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
