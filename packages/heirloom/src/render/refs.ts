// The links and images bodies name on this site (markers, see content/markdown/refs.ts) as a page publishes them: a
// content file's entry by its page's URL, an image through the image pipeline (width, height, srcset, AVIF and
// WebP), a passthrough file at its path, a site path in its page's own form; else as the browser resolves it.
import type { BuiltImage, ImageRef } from "../content/fields/index.ts";
import { MARKER, attributeValue, isSiteRef, markerParts, refTarget } from "../content/markdown/index.ts";
import type { Redirect, Route } from "../routes/types.ts";

/** What a marker may name: the site's entries, the images bodies name, passthrough files and pages. */
export interface RefTable {
  base: string;
  /** Each entry's place in the collections (index -1: a single entry), by its file ("content/posts/a.md"). */
  entries: Map<string, { collection: string; index: number }>;
  /** The images bodies name, by their path under content/. */
  images: Map<string, ImageRef>;
  /** Files copied as they are, by their path under content/. */
  passthrough: Set<string>;
  /** Every page's path (without the base path). */
  pages: Set<string>;
  /** Old URLs (aliases, the site's redirects) in each form a host serves them, and where each leads now. */
  moved: Map<string, string>;
  /** With i18n, a locale's table: its folder under content/ ("de/"), where a file it lacks is the default's. */
  localeFolder?: string;
  /** The `sizes` of pictures in bodies (markdown's `images.sizes`), when the site sets it. */
  imageSizes?: string;
}

/** The table of a site's content, images and routes. */
export function refTable(input: {
  base: string;
  content: Record<string, unknown>;
  images: Map<string, ImageRef>;
  passthrough: string[];
  routes: Route[];
  redirects?: Redirect[];
  /** With i18n, in a locale's table: the default locale's files it has translations of, each to its translation's. */
  counterparts?: Map<string, string>;
  localeFolder?: string;
  imageSizes?: string;
}): RefTable {
  const entries = new Map<string, { collection: string; index: number }>();
  for (const [collection, value] of Object.entries(input.content)) {
    if (Array.isArray(value)) value.forEach((entry, index) => entries.set(fileOf(entry), { collection, index }));
    else if (value) entries.set(fileOf(value), { collection, index: -1 });
  }
  // A fallback's body names the default locale's files: in this locale, their translations.
  for (const [file, translation] of input.counterparts ?? []) {
    const found = entries.get(translation);
    if (found) entries.set(file, found);
  }
  const pages = new Set(input.routes.map((route) => route.path));
  const moved = new Map<string, string>();
  for (const { from, to } of input.redirects ?? []) for (const form of formsOf(from)) moved.set(form, to);
  const passthrough = new Set(input.passthrough);
  const table: RefTable = { base: input.base, entries, images: input.images, passthrough, pages, moved };
  if (input.localeFolder) table.localeFolder = input.localeFolder;
  if (input.imageSizes) table.imageSizes = input.imageSizes;
  return table;
}

/** "/old", "/old/", "/old.html" and "/old/index.html" for any of them: a host serves each of an old URL. */
function formsOf(path: string): string[] {
  const bare = path.replace(/(\/index)?\.html$|\/+$/, "");
  return [path, bare, `${bare}/`, `${bare}.html`, `${bare}/index.html`];
}

const fileOf = (entry: unknown) => String((entry as { file?: string }).file);

/**
 * `html` with every marker resolved for the page at `page` (a route's path), reading entries through `content`
 * (a recording view, so that a page is rendered again when an entry it links to changes).
 */
export function resolveRefs(html: string, table: RefTable, page: string, content: Record<string, unknown>): string {
  const first = html.indexOf(PREFIX);
  if (first < 0) return html;
  const resolve = (marker: string, image: boolean) => {
    const match = new RegExp(MARKER.source).exec(marker);
    if (!match) return marker;
    const { file, url } = markerParts(match);
    return resolveRef(table, file, url, page, content, image);
  };
  // An <img> of an image the pipeline made gets its size, srcset and sources (looked for only where one is).
  const pictured = html.includes(`src="${PREFIX}`)
    ? html.replace(/<img\s[^>]*?\bsrc="(heirloom-ref:[^"]*)"[^>]*>/g, (tag, marker: string) => {
        const found = resolve(marker, true);
        return typeof found === "object" ? imageMarkup(tag, marker, found, table.imageSizes) : tag;
      })
    : html;
  // Any other marker its URL: the page is cut at each marker, not searched with a pattern from its start.
  let next = pictured.indexOf(PREFIX, pictured === html ? first : 0);
  if (next < 0) return pictured;
  const parts = [pictured.slice(0, next)];
  while (next >= 0) {
    const end = pictured.indexOf('"', next);
    const marker = pictured.slice(next, end < 0 ? undefined : end);
    parts.push(attributeValue(String(resolve(marker, false))));
    const at = next + marker.length;
    next = pictured.indexOf(PREFIX, at);
    parts.push(pictured.slice(at, next < 0 ? undefined : next));
  }
  return parts.join("");
}

const PREFIX = "heirloom-ref:";

/** What a URL written in `file` publishes as on the page at `page`: a URL, or with `image`, an image made. */
export function resolveRef(
  table: RefTable,
  file: string,
  url: string,
  page: string,
  content: Record<string, unknown>,
  image = false,
): string | BuiltImage {
  const { base } = table;
  if (url.startsWith("/")) {
    const end = url.search(/[?#]/);
    const [path, rest] = end < 0 ? [url, ""] : [url.slice(0, end), url.slice(end)];
    const to = table.pages.has(path) ? undefined : table.moved.get(path);
    // A link to an old URL is written as where it leads now: no redirect on the way.
    if (to !== undefined) return to.startsWith("/") ? base + pageForm(table.pages, to).slice(1) + rest : to;
    return base + pageForm(table.pages, path).slice(1) + rest;
  }
  const target = refTarget(file, url);
  if (target) {
    const entry = table.entries.get(`content/${target.path}`) ?? untranslated(table, target.path);
    const list = entry && content[entry.collection];
    const value = entry && (entry.index < 0 ? list : (list as unknown[] | undefined)?.[entry.index]);
    const entryUrl = (value as { url?: string } | undefined)?.url;
    if (entryUrl) return entryUrl + target.rest;
    const made = table.images.get(target.path);
    if (made) return image ? made : made.url + target.rest;
    if (table.passthrough.has(target.path)) return base + target.path + target.rest;
  }
  // Nothing of content/: the URL as the browser resolves it against the page's, so the link check sees it.
  const from = page === "404" ? base : base + page.slice(1);
  const resolved = new URL(url, `http://site${from}`);
  return resolved.pathname + resolved.search + resolved.hash;
}

/**
 * In a locale's table, a file of its folder that it lacks (content/de/posts/b.md) as the default locale's file
 * (content/posts/b.md): the entry its pages show for it, a fallback, if any.
 */
function untranslated(table: RefTable, target: string) {
  const folder = table.localeFolder;
  return folder && target.startsWith(folder) ? table.entries.get(`content/${target.slice(folder.length)}`) : undefined;
}

/** A site path in its page's own form: "/x" for "/x/", "/x.html" or "/x/index.html" (or as written if none). */
function pageForm(pages: Set<string>, path: string): string {
  if (pages.has(path)) return path;
  const bare = path.replace(/(\/index)?\.html$|\/+$/, "");
  for (const form of [bare, `${bare}/`]) if (form && pages.has(form)) return form;
  return path;
}

/**
 * The <img> with the made image's URL, size and srcset, in a <picture> with its AVIF and WebP sources; `shown` is
 * the site's `sizes` for them (else the image's own width, up to the viewport's).
 */
function imageMarkup(tag: string, marker: string, image: BuiltImage, shown?: string): string {
  const sizes = shown ?? `(min-width: ${image.width}px) ${image.width}px, 100vw`;
  const own = (name: string) => new RegExp(`\\s${name}=`).test(tag);
  let attrs = `src="${image.url}"`;
  if (!own("width") && !own("height")) attrs += ` width="${image.width}" height="${image.height}"`;
  if (image.srcset) attrs += ` srcset="${image.srcset}" sizes="${sizes}"`;
  if (!own("loading")) attrs += ` loading="lazy"`;
  if (!own("decoding")) attrs += ` decoding="async"`;
  const img = tag.replace(`src="${marker}"`, attrs);
  if (image.sources.length === 0) return img;
  const sources = image.sources.map((s) => `<source type="${s.type}" srcset="${s.srcset}" sizes="${sizes}"/>`);
  return `<picture>${sources.join("")}${img}</picture>`;
}

/**
 * What a destination written in a content file publishes as on the page at `page`: a fragment as written, a link
 * to something of the site resolved (see resolveRef); undefined for any other address.
 */
export function publishedOn(table: RefTable, content: Record<string, unknown>) {
  return (file: string, url: string, page: string): string | undefined => {
    if (url.startsWith("#")) return url;
    if (!isSiteRef(url)) return undefined;
    const resolved = resolveRef(table, file, url, page, content);
    return typeof resolved === "string" ? resolved : resolved.url;
  };
}
