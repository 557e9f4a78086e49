// An entry route's path for one entry when it is not its pattern filled as written: the file's path without its
// ordering numbers (`stripNumberPrefixes`, 01-app/02-guides/ as app/guides/), or what the route's function returns.
import type { ResolvedEntryRoute } from "../config/types.ts";
import { withoutNumberPrefixes } from "../content/files/index.ts";
import type { ContentItem } from "../content/types.ts";
import { BadComputedPath, PathFunctionThrew } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { type OwnPath, sitePathOf } from "./own-path.ts";
import { compilePattern } from "./patterns.ts";
import type { Pattern } from "./types.ts";
import type { UrlFormat } from "./urls.ts";

/**
 * The slug an entry route that strips number prefixes fills `:slug` with: its file's path stripped, with a last
 * segment that a `slug` field wrote kept as written.
 */
export function strippedSlug(item: ContentItem): string {
  const slug = String(item.value.slug ?? "");
  const fromFile = item.source.slug;
  if (slug === fromFile) return withoutNumberPrefixes(slug);
  const slash = slug.lastIndexOf("/");
  if (slash < 0) return slug;
  const folder = withoutNumberPrefixes(slug.slice(0, slash));
  return folder ? `${folder}/${slug.slice(slash + 1)}` : slug.slice(slash + 1);
}

/** How an entry route that computes its paths is named in messages: by its collection. */
export function routeName(declared: ResolvedEntryRoute): string {
  return typeof declared.path === "string" ? `"${declared.path}"` : `of "${declared.collection}"`;
}

/**
 * The page path the route's `path` function gives the entry (with the section's locale prefix), or null when it
 * throws or returns what cannot be a site path (told at the entry's file, naming the function).
 */
export function computedPath(
  declared: ResolvedEntryRoute,
  item: ContentItem,
  options: { prefix: string; format: UrlFormat },
  errors: HeirloomError[],
): OwnPath | null {
  const { file } = item.source;
  const route = routeName(declared);
  let value: unknown;
  try {
    value = (declared.path as (entry: Record<string, unknown>) => unknown)(item.value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    errors.push(errorFrom(PathFunctionThrew, { file, route, reason }, { location: { file }, cause: error }));
    return null;
  }
  const found = typeof value === "string" ? sitePathOf(value, options) : undefined;
  if (found) return found;
  const shown = typeof value === "function" ? "a function" : (JSON.stringify(value) ?? String(value));
  errors.push(errorFrom(BadComputedPath, { file, route, value: shown }, { location: { file } }));
  return null;
}

/**
 * The route's pattern, compiled once per run; a route with a path function has none, only the source its kept
 * routes are compared by (dev: a new definition keeps none).
 */
export function routePattern(declared: ResolvedEntryRoute, prefix: string, format: UrlFormat): Pattern {
  if (typeof declared.path === "string") return compilePattern(prefix + declared.path, format);
  const source = `${prefix}\0path function`;
  return { source, format, parts: [], names: [], valid: true, file: false, dated: false };
}
