// Routes stage: the route table from the pages, the per-entry routes, the paginated lists, the taxonomies and
// the archives of the definition. Each route has one URL in the site's form and one output file; every entry a
// route shows learns its URL.
import { whileAt } from "../compile/supervisor.ts";
import type { ResolvedSite } from "../config/types.ts";
import { locate } from "../config/definition-file.ts";
import type { ContentItem, ValidatedContent } from "../content/types.ts";
import { BadPagePath, ListOnMissingPage, NoNotFoundPage, PageWithoutTemplate } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { outputClashes } from "./clashes.ts";
import { addArchives } from "./archives.ts";
import { paginate } from "./listing.ts";
import { fillPattern } from "./patterns.ts";
import { computedPath, routeName, routePattern, strippedSlug } from "./entry-paths.ts";
import { stillUnregistered } from "./unregistered.ts";
import { listFeeds } from "./list-feeds.ts";
import { ownPath } from "./own-path.ts";
import { addTaxonomies } from "./taxonomies.ts";
import { linkTranslations } from "./translations.ts";
import { entryAliases, redirectLoops, siteRedirects } from "./redirects.ts";
import type { RouteReuse, FeedSpec, Redirect, Route } from "./types.ts";
import { NOT_FOUND, type UrlFormat, isPlainPath, normalizePath, outFileFor, withBase } from "./urls.ts";

/** The pages of one locale (with i18n; the whole site without): its collections and its URLs' prefix. */
interface Section {
  /** The locale ("de"), or undefined without i18n. */
  locale?: string;
  /** "" for the default locale, "/de" for another. */
  prefix: string;
  items: Map<string, ContentItem[]>;
  reuse?: RouteReuse;
}

interface Made {
  routes: Route[];
  feeds: FeedSpec[];
  redirects: Redirect[];
  errors: HeirloomError[];
}

/**
 * Derives every route; problems are returned, located, with the routes that could be made. `reuse`: the routes
 * of entries kept since the last load (the dev server's).
 */
export function createRoutes(
  site: ResolvedSite,
  content: ValidatedContent,
  options: { base: string; complete: boolean; passthrough: string[] },
  reuse?: RouteReuse,
): Made {
  const made: Made = { routes: [], feeds: [], redirects: [], errors: [] };
  const { routes, feeds, redirects, errors } = made;
  const i18n = site.i18n;
  addSection(site, { locale: i18n?.defaultLocale, prefix: "", items: content.items, reuse }, made, options);
  for (const [locale, { items }] of content.locales ?? [])
    addSection(site, { locale, prefix: `/${locale}`, items }, made, options);
  redirects.push(...siteRedirects(site, site.urlFormat));
  const clashes = outputClashes(routes, feeds, options.passthrough, redirects, site.search);
  errors.push(...clashes, ...stillUnregistered(routes, site.unregistered, site.urlFormat));
  errors.push(...redirectLoops(redirects, routes));
  // Without a complete set of pages the 404 page may be the one that failed: it was reported already.
  if (site.pages && options.complete && !routes.some((r) => r.path === NOT_FOUND)) {
    const folder = site.collections.get(site.pages)!.source;
    errors.push(errorFrom(NoNotFoundPage, { folder }, { location: { file: `content/${folder}` } }));
  }
  if (i18n) linkTranslations(i18n, content, routes);
  return { routes: sortByPath(routes), feeds, redirects, errors };
}

/** The routes of one section: its pages, its entries' pages and its lists (with their feeds). */
function addSection(site: ResolvedSite, section: Section, made: Made, options: { base: string }): void {
  const { base } = options;
  const { prefix, items: collections } = section;
  const format = site.urlFormat;
  const { routes, feeds, redirects, errors } = made;
  const fromHere = routes.length;
  // An entry's URL is that of the first route that shows it (set afresh: entries may come from an earlier build).
  const placed = new Set<ContentItem>();
  const show = (item: ContentItem, route: Route, url: string | undefined) => {
    if (section.locale !== undefined) route.locale = section.locale;
    routes.push(route);
    if (placed.has(item)) return;
    placed.add(item);
    if (route.entry.url !== url) route.entry.url = url;
  };
  const pages = site.pages ? (collections.get(site.pages) ?? []) : [];
  for (const item of pages) {
    const route = pageRoute(item, format, errors, prefix);
    if (route) show(item, route, route.path === NOT_FOUND ? undefined : withBase(base, route.path));
  }
  site.entryRoutes.forEach((declared, d) => {
    const pattern = routePattern(declared, prefix, format);
    const computes = typeof declared.path === "function";
    const named = routeName(declared);
    // Told as the code that runs, for the backstop that stops it if it never returns (compile/stall.ts).
    const aliases = { ...locate(site.source, "aliases"), running: `the aliases function of the entry route ${named}` };
    const computing = { ...locate(site.source, "path"), running: `the path function of the entry route ${named}` };
    for (const item of collections.get(declared.collection) ?? []) {
      // An entry kept from an earlier build (dev) keeps its route: the same route, the same strings.
      const known = section.reuse?.route(item, d);
      const same =
        known?.pattern.source === pattern.source &&
        known.pattern.format === format &&
        known.route.template === declared.template &&
        known.base === base;
      const fromField =
        !same && declared.pathField ? ownPath(declared.pathField, item, { prefix, format }, errors) : undefined;
      const own =
        fromField !== undefined || same || !computes
          ? fromField
          : whileAt(computing, () => computedPath(declared, item, { prefix, format }, errors));
      if (own === null) continue;
      const slug = declared.stripNumberPrefixes ? strippedSlug(item) : undefined;
      const path = same ? known.route.path : (own?.path ?? fillPattern(pattern, item, errors, slug));
      // A fallback's old URLs are its default locale's entry's, kept there.
      if (path && declared.aliases && !item.value.fallback) {
        redirects.push(...whileAt(aliases, () => entryAliases(declared, item, path, format, errors)));
      }
      if (same) {
        show(item, known.route, known.url);
        continue;
      }
      if (!path) continue;
      const route: Route = {
        path,
        outFile: own?.outFile ?? (pattern.file ? path.slice(1) : outFileFor(path, format)),
        template: declared.template,
        entry: item.value,
        source: item.source,
        templateFrom: "definition",
        ...(fromField ? { pathFrom: declared.pathField } : {}),
      };
      const url = withBase(base, path);
      section.reuse?.keep(item, d, { pattern, route, base, url });
      show(item, route, url);
    }
  });
  for (const list of site.listRoutes) {
    const first = normalizePath(prefix + normalizePath(list.page, format), format);
    const index = routes.findIndex((r, i) => i >= fromHere && r.path === first);
    if (index < 0) {
      // A locale without the list's page (left out untranslated) has no list.
      if (prefix) continue;
      const args = { collection: list.collection, page: list.page, pages: site.pages ?? "pages" };
      errors.push(errorFrom(ListOnMissingPage, args, { location: locate(site.source, list.page) }));
      continue;
    }
    const all = (collections.get(list.collection) ?? []).map((i) => i.value);
    const running = `the filter of the list at "${list.page}"`;
    const filter = list.filter && (() => all.filter((v) => list.filter!(v)));
    const items = filter ? whileAt({ ...locate(site.source, "filter"), running }, filter) : all;
    const [page] = routes.splice(index, 1, ...paginate(routes[index], items, list.perPage, format, base));
    feeds.push(...listFeeds(list, page, first, items, section));
  }
  addTaxonomies(site, section, made, base);
  addArchives(site, section, made, base);
}

function pageRoute(item: ContentItem, format: UrlFormat, errors: HeirloomError[], prefix = ""): Route | undefined {
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
  const own = normalizePath(path.trim(), format);
  // A locale's 404 page is a not-found page too (path "404"), written in its folder (de/404.html), as Hugo and
  // Docusaurus do: hosts that serve the nearest 404.html, preview and dev show it under /de/.
  const normalized = prefix && own !== NOT_FOUND ? normalizePath(prefix + own, format) : own;
  return {
    path: normalized,
    outFile:
      prefix && own === NOT_FOUND ? `${prefix.slice(1)}/${outFileFor(own, format)}` : outFileFor(normalized, format),
    template: template.trim(),
    entry: item.value,
    source: item.source,
    templateFrom: "entry",
  };
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
