// The site's `unregistered` paths: linked on purpose, not published (yet), so they show the 404 page. A path
// ending in "/*" stands for a part of the site ("/blog/*": /blog/ and every path under it).
import type { HeirloomError } from "../errors/errors.ts";
import { errorFrom } from "../errors/errors.ts";
import { StillUnregistered } from "../errors/catalogue.ts";
import type { Route } from "./types.ts";
import { type UrlFormat, normalizePath } from "./urls.ts";

/** Whether a site path is listed. */
export interface Unregistered {
  /** As a whole ("/about", with or without its trailing slash): it shows the 404 page, whatever is published. */
  listed(sitePath: string): boolean;
  /** Under a prefix: it shows the 404 page unless a page or file is published there. */
  under(sitePath: string): boolean;
}

const withoutTrailingSlash = (sitePath: string) => sitePath.replace(/\/+$/, "") || "/";

/** The `unregistered` list as links are compared with it. */
export function unregisteredPaths(paths: readonly string[]): Unregistered {
  const whole = new Set(paths.filter((p) => !p.endsWith("/*")).map(withoutTrailingSlash));
  // "/blog/*" as "/blog/": a path is under it when it starts so, or is "/blog" itself.
  const prefixes = paths.filter((p) => p.endsWith("/*")).map((p) => p.slice(0, -1));
  const under = (sitePath: string) =>
    prefixes.some((prefix) => sitePath.startsWith(prefix) || `${sitePath}/` === prefix);
  return { listed: (sitePath) => whole.has(withoutTrailingSlash(sitePath)), under };
}

/**
 * Each page published at a path the list still holds as a whole: the path is registered now. A page under a
 * prefix is not one: the prefix stands for a part of the site whose other pages are still to come.
 */
export function stillUnregistered(routes: Route[], paths: string[], format: UrlFormat): HeirloomError[] {
  // Each path as first written in the list, by the path it stands for.
  const listed = new Map<string, string>();
  for (const written of paths) {
    if (written.endsWith("/*")) continue;
    if (!listed.has(normalizePath(written, format))) listed.set(normalizePath(written, format), written);
  }
  return routes.flatMap((route) => {
    const written = listed.get(route.path);
    if (written === undefined) return [];
    const { file } = route.source;
    const location = { file, ...(route.templateFrom === "entry" ? route.source.locate(["path"]) : {}) };
    return [errorFrom(StillUnregistered, { file, path: route.path, listed: written }, { location })];
  });
}
