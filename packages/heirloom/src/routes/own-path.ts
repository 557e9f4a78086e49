// An entry's own path, written in its front matter (Jekyll's `permalink`, Hugo's `url`) and read by an entry route
// that names the field (`pathField`): a site path in the site's form, or a file's path ending in ".html".
import type { ContentItem } from "../content/types.ts";
import { BadPathField } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { type UrlFormat, isPlainPath, normalizePath, outFileFor } from "./urls.ts";

/** Where an entry's own path publishes it: its URL path and its output file. */
export interface OwnPath {
  path: string;
  outFile: string;
}

/**
 * The page path the entry's `field` gives it (with the section's locale prefix), undefined when it has none, or
 * null when the value cannot be a site path (told at the field). Read from the front matter as written: the
 * entry's `url` is the engine's to set (the page's URL, base path included).
 */
export function ownPath(
  field: string,
  item: ContentItem,
  options: { prefix: string; format: UrlFormat },
  errors: HeirloomError[],
): OwnPath | null | undefined {
  const data = item.source.data;
  const value = Array.isArray(data) ? undefined : data[field];
  if (value === undefined || value === null) return undefined;
  const found = typeof value === "string" ? sitePathOf(value, options) : undefined;
  if (found) return found;
  const { file: shown } = item.source;
  const location = { file: shown, ...item.source.locate([field]) };
  errors.push(errorFrom(BadPathField, { file: shown, field, value: JSON.stringify(value) ?? "" }, { location }));
  return null;
}

/**
 * Where a written site path publishes a page (with the locale's prefix): "/2024/hello.html" names its file, as a
 * pattern ending in ".html" does; any other path is in the site's form. Undefined when it is not a site path.
 */
export function sitePathOf(value: string, options: { prefix: string; format: UrlFormat }): OwnPath | undefined {
  const text = value.trim();
  const rooted = `/${text.replace(/^\/+/, "")}`;
  if (!text || !isPlainPath(rooted)) return undefined;
  const { prefix, format } = options;
  if (/\.html$/.test(text)) {
    const path = `${prefix}${rooted}`;
    return { path, outFile: path.slice(1) };
  }
  const path = normalizePath(prefix + rooted, format);
  return { path, outFile: outFileFor(path, format) };
}
