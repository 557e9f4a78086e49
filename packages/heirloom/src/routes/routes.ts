// Routes stage: the route table from the pages, the per-entry routes and the paginated lists of the
// definition. Each route has one URL in the site's form and one output file; every entry a route shows
// learns its URL.
import type { ResolvedSite } from "../config/types.ts";
import { locate } from "../config/definition-file.ts";
import { dateParts, offCalendar } from "../content/dates.ts";
import type { ContentItem, EntryValue, ValidatedContent } from "../content/types.ts";
import {
  BadPagePath,
  EntryWithoutDate,
  ListOnMissingPage,
  NoNotFoundPage,
  NotAPlainSegment,
  PageWithoutTemplate,
  StillUnregistered,
} from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { outputClashes } from "./clashes.ts";
import { entryAliases, siteRedirects } from "./redirects.ts";
import type { RouteReuse, FeedSpec, Pagination, Pattern, Redirect, Route } from "./types.ts";
import { NOT_FOUND, type UrlFormat, isPlainPath, listPagePath, normalizePath, outFileFor, withBase } from "./urls.ts";

/** Derives every route; problems are returned, located, with the routes that could be made. */
export function createRoutes(
  site: ResolvedSite,
  content: ValidatedContent,
  options: { base: string; complete: boolean; passthrough: string[]; reuse?: RouteReuse },
): { routes: Route[]; feeds: FeedSpec[]; redirects: Redirect[]; errors: HeirloomError[] } {
  const { base } = options;
  const format = site.urlFormat;
  const errors: HeirloomError[] = [];
  const routes: Route[] = [];
  const redirects: Redirect[] = [];
  // An entry's URL is that of the first route that shows it (set afresh: entries may come from an earlier build).
  const placed = new Set<ContentItem>();
  const show = (item: ContentItem, route: Route, url: string | undefined) => {
    routes.push(route);
    if (placed.has(item)) return;
    placed.add(item);
    if (route.entry.url !== url) route.entry.url = url;
  };
  const pages = site.pages ? (content.items.get(site.pages) ?? []) : [];
  for (const item of pages) {
    const route = pageRoute(item, format, errors);
    if (route) show(item, route, route.path === NOT_FOUND ? undefined : withBase(base, route.path));
  }
  site.entryRoutes.forEach((declared, d) => {
    const pattern = compilePattern(declared.path, format);
    for (const item of content.items.get(declared.collection) ?? []) {
      // An entry kept from an earlier build (dev) keeps its route: the same route, the same strings.
      const known = options.reuse?.route(item, d);
      const same =
        known?.pattern.source === pattern.source &&
        known.pattern.format === format &&
        known.route.template === declared.template &&
        known.base === base;
      const path = same ? known.route.path : fillPattern(pattern, item, errors);
      if (path && declared.aliases) redirects.push(...entryAliases(declared, item, path, format, errors));
      if (same) {
        show(item, known.route, known.url);
        continue;
      }
      if (!path) continue;
      const route: Route = {
        path,
        outFile: pattern.file ? path.slice(1) : outFileFor(path, format),
        template: declared.template,
        entry: item.value,
        source: item.source,
        templateFrom: "definition",
      };
      const url = withBase(base, path);
      options.reuse?.keep(item, d, { pattern, route, base, url });
      show(item, route, url);
    }
  });
  const feeds: FeedSpec[] = [];
  for (const list of site.listRoutes) {
    const first = normalizePath(list.page, format);
    const index = routes.findIndex((r) => r.path === first);
    if (index < 0) {
      const args = { collection: list.collection, page: list.page, pages: site.pages ?? "pages" };
      errors.push(errorFrom(ListOnMissingPage, args, { location: locate(site.source, list.page) }));
      continue;
    }
    const items = (content.items.get(list.collection) ?? [])
      .map((i) => i.value)
      .filter((v) => !list.filter || list.filter(v));
    const [page] = routes.splice(index, 1, ...paginate(routes[index], items, list.perPage, format, base));
    if (list.feed) {
      const title = list.feed.title ?? String(page.entry.title ?? list.collection);
      feeds.push({
        path: list.feed.path,
        title,
        author: list.feed.author ?? title,
        listPath: first,
        items,
        options: list.feed,
        source: page.source,
      });
    }
  }
  redirects.push(...siteRedirects(site, format));
  const clashes = outputClashes(routes, feeds, options.passthrough, redirects, site.search);
  errors.push(...clashes, ...unregistered(routes, site.unregistered, format));
  // Without a complete set of pages the 404 page may be the one that failed: it was reported already.
  if (site.pages && options.complete && !routes.some((r) => r.path === NOT_FOUND)) {
    const folder = site.collections.get(site.pages)!.source;
    errors.push(errorFrom(NoNotFoundPage, { folder }, { location: { file: `content/${folder}` } }));
  }
  return { routes: sortByPath(routes), feeds, redirects, errors };
}

function pageRoute(item: ContentItem, format: UrlFormat, errors: HeirloomError[]): Route | undefined {
  const { path, template } = item.value as { path?: unknown; template?: unknown };
  const { file } = item.source;
  const at = (field: string) => ({ location: { file, ...item.source.locate([field]) } });
  if (typeof template !== "string" || !template.trim()) {
    errors.push(errorFrom(PageWithoutTemplate, { file }, at("template")));
    return undefined;
  }
  if (typeof path !== "string" || (path !== NOT_FOUND && path !== `/${NOT_FOUND}` && !isPlainPath(path.trim()))) {
    errors.push(errorFrom(BadPagePath, { path, file }, at("path")));
    return undefined;
  }
  const normalized = normalizePath(path.trim(), format);
  return {
    path: normalized,
    outFile: outFileFor(normalized, format),
    template: template.trim(),
    entry: item.value,
    source: item.source,
    templateFrom: "entry",
  };
}

const SEGMENTS = /^[\w\-.~]+(\/[\w\-.~]+)*$/;
/** The parameters a pattern fills from the entry's `date` rather than from fields of their own name. */
const DATE_PARTS = new Set(["year", "month", "day"]);

/** An entry route's pattern split into its parts: once per run for each entry route, not for each entry. */
function compilePattern(source: string, format: UrlFormat): Pattern {
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
 * plain path segment, or a date the pattern needs and the entry lacks, is an error.
 */
function fillPattern(pattern: Pattern, item: ContentItem, errors: HeirloomError[]): string | undefined {
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
    const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
    if (!SEGMENTS.test(text)) bad ??= name;
    filled += text + pattern.parts[i + 1];
  }
  if (bad === undefined && pattern.valid) return filled;
  const field = bad ?? "slug";
  const location = field === "slug" ? { file } : { file, ...item.source.locate([field]) };
  const value = String(item.value[field] ?? "");
  errors.push(errorFrom(NotAPlainSegment, { file, pattern: source, field, value }, { location }));
  return undefined;
}

function paginate(page: Route, items: EntryValue[], perPage: number, format: UrlFormat, base: string): Route[] {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const paths = Array.from({ length: pages }, (_, i) => listPagePath(page.path, i + 1, format));
  const urls = paths.map((path) => withBase(base, path));
  return paths.map((path, i) => {
    const n = i + 1;
    const pagination: Pagination = {
      items: items.slice(i * perPage, n * perPage),
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

function unregistered(routes: Route[], paths: string[], format: UrlFormat): HeirloomError[] {
  // Each path as first written in the list, by the path it stands for.
  const listed = new Map<string, string>();
  for (const written of paths)
    if (!listed.has(normalizePath(written, format))) listed.set(normalizePath(written, format), written);
  return routes.flatMap((route) => {
    const written = listed.get(route.path);
    if (written === undefined) return [];
    const { file } = route.source;
    const location = { file, ...(route.templateFrom === "entry" ? route.source.locate(["path"]) : {}) };
    return [errorFrom(StillUnregistered, { file, path: route.path, listed: written }, { location })];
  });
}

/** "/" first, 404 last, the rest by path (code points, the same everywhere). */
function sortByPath(routes: Route[]): Route[] {
  const first = routes.filter((r) => r.path === "/");
  const last = routes.filter((r) => r.path === NOT_FOUND);
  const rest = routes
    .filter((r) => r.path !== "/" && r.path !== NOT_FOUND)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return [...first, ...rest, ...last];
}
