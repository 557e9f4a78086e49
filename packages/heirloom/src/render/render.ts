// Render stage: one route and the compiled templates in, a complete HTML document string out; a page that
// renders an island gets the islands' loader, and one that renders <Search /> the search box's script (and no
// other page does).
import { SearchNotEnabled, TemplateFailed, TemplatePastBudget } from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";
import type { SiteConfig } from "../config/options.ts";
import type { FeedSpec, Route } from "../routes/types.ts";
import { NOT_FOUND, absoluteUrl, originOf, withBase } from "../routes/urls.ts";
import { createElement, renderToStaticMarkup } from "../compile/react.ts";
import { SiteExit, exitError, runSiteCode } from "../compile/site-code.ts";
import { PastBudget, withinTime } from "../compile/time-budget.ts";
import { durationText } from "../config/timeout.ts";
import { FEED_TYPES, feedFormat } from "../config/checks/index.ts";
import type { Assets, Head, PageProps } from "./contract.ts";
import { type IslandRenders, renderWithIslands } from "./island.ts";
import { type RefTable, publishedOn, resolveRefs } from "./refs.ts";
import { rendersSearch } from "./search.ts";
import type { Templates } from "./templates.ts";

/** What a page renders with besides its route and head: templates, collections, assets and islands' scripts. */
export interface PageInputs {
  templates: Templates;
  content: Record<string, unknown>;
  assets: Assets;
  islands: IslandScripts;
  /** What the links and images of bodies name (see refs.ts). */
  refs: RefTable;
  /** The islands' own renders made so far, kept by the build or the dev server. */
  islandRenders: IslandRenders;
  /** How long the page's render may take (ms): the site's `timeout`. */
  timeout: number;
}

/** The URLs of the islands' browser modules (base path included); empty for a site without islands. */
export interface IslandScripts {
  /** The loader every page with an island loads. */
  loader?: string;
  /** Each island's module, by name. */
  modules: Record<string, string>;
  /** By island: its module, the runtime and what they import, preloaded where an island hydrates at load. */
  preload: Record<string, string[]>;
}

/** Renders one route to `<!doctype html>…`; free of filesystem writes. */
export function renderRoute(route: Route, inputs: PageInputs, head: Head): string {
  const { templates, content, assets } = inputs;
  const Page = templates.byName.get(route.template)!;
  const props: PageProps = { page: route.entry, content, path: route.path, pagination: route.pagination, assets, head };
  if (route.locale !== undefined) {
    Object.assign(props, { locale: route.entry.locale ?? route.locale, siteLocale: route.locale });
    props.fallback = route.entry.fallback === true;
  }
  const { template, path, source } = route;
  try {
    const page = createElement(templates.Document, props, createElement(Page, props));
    const ownRenders = inputs.islandRenders;
    const site = { registry: templates.islands, modules: inputs.islands.modules, locate: templates.locate, ownRenders };
    // Stopped past its time, it is told at the innermost code that names a place (an MDX body's), else here.
    const seconds = durationText(inputs.timeout);
    const blame = () => errorFrom(TemplatePastBudget, { template, path, file: source.file, seconds }, { location });
    const location = { file: source.file };
    const render = () => runSiteCode(() => renderToStaticMarkup(page), { page: path, file: source.file, template });
    const { html, islands } = renderWithIslands(
      site,
      { template, path, file: source.file },
      () => withinTime(render, inputs.timeout, blame).result,
    );
    const written = withIslandScripts(
      `<!doctype html>${resolveRefs(html, inputs.refs, path, content)}`,
      islands,
      inputs.islands,
    );
    if (!rendersSearch(html)) return written;
    if (!assets.search)
      throw errorFrom(SearchNotEnabled, { template, path, file: source.file }, { location: { file: source.file } });
    return beforeHeadEnd(written, `<script type="module" src="${assets.search}"></script>`);
  } catch (error) {
    throw renderFailure(error, route, templates);
  }
}

/** What a render threw, told at the template's line where it threw; at the page's content file when that cannot be. */
function renderFailure(error: unknown, route: Route, templates: Templates): HeirloomError {
  if (error instanceof HeirloomError) return error;
  if (error instanceof PastBudget && error.blamed) return error.blamed as HeirloomError;
  const { template, path, source } = route;
  const location = templates.locate(error) ?? { file: source.file };
  if (error instanceof SiteExit) return exitError(error, location, `while rendering ${path}`);
  const args = { template, path, file: source.file, reason: (error as Error).message };
  return errorFrom(TemplateFailed, args, { location, cause: error });
}

/**
 * The page with the loader's script at the end of its head, after preloads of what the islands that hydrate at
 * once need; unchanged when it renders no island.
 */
function withIslandScripts(html: string, islands: Array<{ name: string; load: string }>, scripts: IslandScripts) {
  if (islands.length === 0 || !scripts.loader) return html;
  const preload = new Set(islands.flatMap((i) => (i.load === "load" ? (scripts.preload[i.name] ?? []) : [])));
  const tags =
    [...preload].map((url) => `<link rel="modulepreload" href="${url}"/>`).join("") +
    `<script type="module" src="${scripts.loader}"></script>`;
  return beforeHeadEnd(html, tags);
}

/** The page with `tags` at the end of its head (of its body, without one). */
function beforeHeadEnd(html: string, tags: string): string {
  const head = html.indexOf("</head>");
  const end = head >= 0 ? head : html.lastIndexOf("</body>");
  return end >= 0 ? html.slice(0, end) + tags + html.slice(end) : html + tags;
}

/** What every page renders from besides its route: the templates, the collections, assets, settings, feeds. */
export interface RenderInputs extends PageInputs {
  config: Pick<SiteConfig, "base" | "siteUrl">;
  feeds: FeedSpec[];
  /** With i18n: each locale's collections and what their bodies' links name, but the default locale's. */
  locales?: Map<string, LocalePages>;
}

/** What the pages of one locale render with: its collections (fallbacks included) and its table of links. */
export interface LocalePages {
  content: Record<string, unknown>;
  refs: RefTable;
}

/** The collections a route's page receives: its locale's. */
export function contentOf(site: Pick<RenderInputs, "content" | "locales">, locale?: string): Record<string, unknown> {
  return (locale !== undefined && site.locales?.get(locale)?.content) || site.content;
}

/** One page as a full HTML document with its head; `content` may be a recording view of its locale's. */
export function renderPage(site: RenderInputs, route: Route, content = contentOf(site, route.locale)): string {
  const { config } = site;
  const own = route.canonical ?? route.path;
  const canonical = route.path === NOT_FOUND ? undefined : absoluteUrl(config.siteUrl, config.base, own);
  // Named one by one: spreading the whole site for each page costs more than the page's own work around React.
  const { templates, assets, islands, islandRenders, timeout } = site;
  const refs = (route.locale !== undefined && site.locales?.get(route.locale)?.refs) || site.refs;
  const inputs = { templates, content, assets, islands, refs, islandRenders, timeout };
  // Search engines read hreflang only with absolute addresses: none without a site URL, as no canonical link.
  const alternates = config.siteUrl
    ? (route.alternates ?? []).map(({ hreflang, path }) => ({
        hreflang,
        url: absoluteUrl(config.siteUrl, config.base, path)!,
      }))
    : [];
  return renderRoute(route, inputs, { canonical, feeds: feedLinks(site, route), alternates });
}

/**
 * What a destination written in a content file publishes as on a page (see publishedOn), read with the collections
 * and table of links of the page's locale (its path's first segment).
 */
export function publishedOnSite(site: Pick<RenderInputs, "refs" | "content" | "locales">) {
  const own = publishedOn(site.refs, site.content);
  if (!site.locales) return own;
  const byLocale = new Map(
    [...site.locales].map(([locale, pages]) => [locale, publishedOn(pages.refs, pages.content)]),
  );
  return (file: string, url: string, page: string) => (byLocale.get(page.split("/")[1]) ?? own)(file, url, page);
}

/**
 * The feeds of the page's locale for the head's links, then the page's own (a term's); none without a site URL
 * (entries need absolute URLs). A feed of its own pages only (a term's) is not named on every page.
 */
function feedLinks({ config, feeds }: Pick<RenderInputs, "config" | "feeds">, route: Route): Head["feeds"] {
  if (!config.siteUrl) return [];
  const link = (f: FeedSpec) => {
    const format = feedFormat({ path: f.path, format: f.options.format });
    return { title: f.title, url: withBase(config.base, f.path), type: FEED_TYPES[format], format };
  };
  const known = lastShared;
  // Every page of a locale shares the site's: made once, not once a page from all of a large site's term feeds.
  const same = known.feeds === feeds && known.locale === route.locale && known.base === config.base;
  const shared = same ? known.links : feeds.filter((f) => f.locale === route.locale && !f.own).map(link);
  if (!same) lastShared = { feeds, locale: route.locale, base: config.base, links: shared };
  return route.feeds ? [...shared, ...route.feeds.map(link)] : [...shared];
}
// Process-wide and harmless: the last answer of a pure function of the feeds, the locale and the base path.
let lastShared: { feeds?: FeedSpec[]; locale?: string; base?: string; links: Head["feeds"] } = { links: [] };

/** What templates receive about the site's URLs, script, stylesheet and forms. */
export function templateAssets(
  config: SiteConfig,
  bundle: { script?: string; stylesheet?: string },
  codeStyles?: { path: string },
  searchScript?: { path: string },
): Assets {
  return {
    href: (href) => withBase(config.base, href),
    absolute: (url) => (config.siteUrl && url.startsWith("/") ? originOf(config.siteUrl) + url : undefined),
    stylesheet: bundle.stylesheet && config.base + bundle.stylesheet,
    script: bundle.script && config.base + bundle.script,
    codeStylesheet: codeStyles && config.base + codeStyles.path,
    search: searchScript && config.base + searchScript.path,
    forms: Object.fromEntries(config.forms.map((f) => [f.name, { action: f.action, field: f.field }])),
  };
}

/** The islands' URLs as pages load them, from the bundle's dist-relative files. */
export function islandScripts(
  config: Pick<SiteConfig, "base">,
  bundle: { loader?: string; modules: Record<string, string>; preload: Record<string, string[]> },
): IslandScripts {
  const url = (file: string) => config.base + file;
  const byName = <T, U>(record: Record<string, T>, f: (value: T) => U) =>
    Object.fromEntries(Object.entries(record).map(([name, value]) => [name, f(value)]));
  return {
    loader: bundle.loader && url(bundle.loader),
    modules: byName(bundle.modules, url),
    preload: byName(bundle.preload, (files) => files.map(url)),
  };
}
