// prepareSite(options): everything a build knows before it renders a page: the definition, content read,
// validated and routed, templates compiled, assets bundled, images made. One page renders from it on its own.
import { type BundledAssets, bundleAssets } from "../assets/bundle.ts";
import { type BuiltImages, buildImages } from "../assets/images.ts";
import { type BuildOptions, resolveConfig, resolvePaths, type SiteConfig, type SitePaths } from "../config/options.ts";
import { type BuildState, emptyState } from "../incremental/build-state.ts";
import { type ResolvedSite, assertProject, loadSite } from "../config/site.ts";
import type { ParsedSource } from "../content/front-matter.ts";
import { type LoadOptions, type RawContent, loadContent } from "../content/load.ts";
import { type ValidatedContent, entryHashOf, validateContent } from "../content/validate.ts";
import { BuildFailure, type HeirloomError, errorsOf } from "../errors/errors.ts";
import { hostingFiles } from "../output/hosting.ts";
import { linksDespiteMistakes } from "../output/partial-links.ts";
import type { Assets, Head } from "../render/contract.ts";
import { renderRoute } from "../render/render.ts";
import { type Templates, compileTemplates, missingTemplates } from "../render/templates.ts";
import { type FeedSpec, type Route, createRoutes } from "../routes/routes.ts";
import { NOT_FOUND, absoluteUrl, originOf, withBase } from "../routes/urls.ts";

/** Everything a build knows before it renders a page: configuration, content, routes and assets. */
export interface PreparedSite {
  config: SiteConfig;
  site: ResolvedSite;
  raw: RawContent;
  /** Every collection as templates receive it. */
  content: Record<string, unknown>;
  routes: Route[];
  feeds: FeedSpec[];
  assets: Assets;
  templates: Templates;
  bundle: BundledAssets;
  images: BuiltImages;
  /** The content hash of an entry (of its file's bytes), for the page cache. */
  entryHash(entry: unknown): string;
}

/**
 * The site definition, compiled templates and bundled assets kept between builds of one process (the dev
 * server); drop an entry when its sources change.
 */
export interface BuildCache {
  site?: Promise<ResolvedSite>;
  templates?: Promise<Templates>;
  bundle?: Promise<BundledAssets>;
  /** Parsed files and rendered markdown kept between builds (on disk for `build`, in memory for `dev`). */
  state?: BuildState;
  /** Every file under content/, listed just before the build (by `listTree`). */
  listed?: string[];
  /** The dev server's previous load, and the files changed since: only those are read again. */
  reuse?: LoadOptions["reuse"];
  /** The dev server's memo: valid entries of unchanged files are kept under it (a new one when the definition changes). */
  memo?: object;
  /** Render markdown only when a page reads it (the dev server). */
  lazyMarkdown?: boolean;
}

/** Loads and validates the site and derives its routes, without rendering a page or touching the output folder. */
export async function prepareSite(options: BuildOptions = {}, cache: BuildCache = {}): Promise<PreparedSite> {
  const paths = resolvePaths(options);
  assertProject(paths.root);
  const { site: siteReady, templates: templatesReady, bundle: bundleReady } = compiledParts(paths, cache);
  const state = (cache.state ??= emptyState());
  // Every problem is reported together (definition, content, routes, templates), so one build shows all to fix.
  const problems: unknown[] = [];
  const settle = <T>(promise: Promise<T>) => promise.catch((error: unknown) => void problems.push(error));
  const site = await settle(siteReady);
  const loaded = site && (await settle(loadAndRoute(site, options, paths, cache, state)));
  const templates = await settle(templatesReady);
  if (loaded) problems.push(...loaded.errors);
  if (loaded && templates) problems.push(...missingTemplates(loaded.routes, templates, site.source));
  // Mistakes in the content do not hide broken links: the pages that still render are checked too.
  if (problems.length > 0 && site && loaded && templates && problems.every((p) => errorsOf(p).length > 0)) {
    problems.push(...(await linksOfPartialSite(site, loaded, templates, bundleReady)));
  }
  if (problems.length > 0 || !site || !loaded || !templates) throw combineFailures(problems);

  const { config, raw, validated, routes, feeds } = loaded;
  const [bundle, images] = await Promise.all([
    bundleReady,
    buildImages(config.contentDir, validated.images, config.base, options.onProgress),
  ]);
  const assets = assetsOf(config, bundle);
  return {
    config,
    site,
    raw,
    content: collectionsOf(site, validated),
    routes,
    feeds,
    assets,
    templates,
    bundle,
    images,
    entryHash: entryHashOf,
  };
}

/** The definition, templates and assets, compiled (or found compiled) once for the cache. */
export function compiledParts(paths: SitePaths, cache: BuildCache) {
  return {
    templates: remember(cache, "templates", () => compileTemplates(paths.templatesDir, paths.root)),
    bundle: remember(cache, "bundle", () => bundleAssets(paths.templatesDir, paths.root)),
    site: remember(cache, "site", () => loadSite(paths.root)),
  };
}

/** What templates receive about the site's URLs, script, stylesheet and forms. */
function assetsOf(config: SiteConfig, bundle: BundledAssets): Assets {
  return {
    href: (href) => withBase(config.base, href),
    absolute: (url) => (config.siteUrl && url.startsWith("/") ? originOf(config.siteUrl) + url : undefined),
    stylesheet: bundle.stylesheet && config.base + bundle.stylesheet,
    script: bundle.script && config.base + bundle.script,
    forms: Object.fromEntries(config.forms.map((f) => [f.name, { action: f.action, field: f.field }])),
  };
}

/** The broken links of the pages that render while the content has mistakes (images are not made). */
async function linksOfPartialSite(
  site: ResolvedSite,
  loaded: Awaited<ReturnType<typeof loadAndRoute>>,
  templates: Templates,
  bundleReady: Promise<BundledAssets>,
) {
  const { config, raw, validated, routes, feeds } = loaded;
  const bundle = await bundleReady.catch((): BundledAssets => ({ files: [] }));
  const assets = assetsOf(config, bundle);
  const content = collectionsOf(site, validated);
  const files = [...bundle.files, ...hostingFiles(config, routes, feeds)].map((f) => f.path);
  return linksDespiteMistakes({
    config,
    site,
    raw,
    validated,
    routes,
    files: [...files, ...raw.passthrough, ...feeds.map((f) => f.path.slice(1))],
    render: (route) => renderRoute(route, templates, content, assets, { canonical: undefined, feeds: [] }),
  });
}

/** Configuration, content and routes: everything that needs the definition but not the templates. */
async function loadAndRoute(
  site: ResolvedSite,
  options: BuildOptions,
  paths: ReturnType<typeof resolvePaths>,
  cache: BuildCache,
  state: BuildState,
) {
  const config = resolveConfig(site, options);
  const ahead = cache.lazyMarkdown ? undefined : config.base;
  const raw = await loadContent(site, paths.root, config.contentDir, {
    parsed: state.parsed,
    markdown: state.markdown,
    base: ahead,
    reuse: cache.reuse,
    listed: cache.listed,
  });
  const { drafts, base } = config;
  const { content: validated, errors } = validateContent(site, raw, {
    drafts,
    base,
    markdown: state.markdown,
    memo: cache.memo,
    lazyMarkdown: cache.lazyMarkdown,
  });
  const complete = raw.errors.length === 0 && errors.length === 0;
  const routed = createRoutes(site, validated, { base: config.base, complete });
  return {
    config,
    raw,
    validated,
    routes: routed.routes,
    feeds: routed.feeds,
    errors: [...raw.errors, ...errors, ...routed.errors],
  };
}

/** Keeps only what this load used of the parse and markdown caches, so they never grow without bound. */
export function pruneState(state: BuildState, raw: RawContent, base: string): void {
  const parsed = new Map<string, ParsedSource>();
  for (const entry of raw.entries) {
    const source = state.parsed.get(entry.hash);
    if (source) parsed.set(entry.hash, source);
  }
  state.parsed = parsed;
  state.markdown.retain(new Set(raw.entries.map((entry) => `${entry.hash}:${base}`)));
}

/** One page of a prepared site as a full HTML document; `content` may be a recording view of the site's. */
export function renderPage(prepared: PreparedSite, route: Route, content = prepared.content): string {
  const { config } = prepared;
  const head: Head = {
    canonical: route.path === NOT_FOUND ? undefined : absoluteUrl(config.siteUrl, config.base, route.path),
    feeds: feedLinks(prepared),
  };
  return renderRoute(route, prepared.templates, content, prepared.assets, head);
}

export function feedLinks({ config, feeds }: PreparedSite) {
  return config.siteUrl ? feeds.map((f) => ({ title: f.title, url: withBase(config.base, f.path) })) : [];
}

/** The collections as templates receive them: a list per folder collection, the entry of a single file. */
function collectionsOf(site: ResolvedSite, validated: ValidatedContent): Record<string, unknown> {
  return Object.fromEntries(
    [...site.collections.values()].map((c) => {
      const values = validated.items.get(c.name)!.map((item) => item.value);
      return [c.name, c.single ? values[0] : values];
    }),
  );
}

/** One BuildFailure listing every located problem by file and line; anything unexpected is rethrown as it is. */
function combineFailures(problems: unknown[]): unknown {
  const unexpected = problems.find((p) => errorsOf(p).length === 0);
  if (unexpected !== undefined) return unexpected;
  const errors = problems.flatMap(errorsOf);
  return errors.length === 1 ? errors[0] : new BuildFailure(sortByLocation(errors));
}

function sortByLocation(errors: HeirloomError[]): HeirloomError[] {
  const key = (e: HeirloomError) => e.location?.file ?? "\uffff";
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) =>
      key(a.e) < key(b.e)
        ? -1
        : key(a.e) > key(b.e)
          ? 1
          : (a.e.location?.line ?? 0) - (b.e.location?.line ?? 0) || a.i - b.i,
    )
    .map(({ e }) => e);
}

/** Reuses a cached result; a failure is forgotten so that the next build tries again. */
function remember<K extends "site" | "templates" | "bundle">(
  cache: BuildCache,
  key: K,
  make: () => NonNullable<BuildCache[K]>,
) {
  const pending = (cache[key] ??= make()) as NonNullable<BuildCache[K]>;
  pending.catch(() => {
    if (cache[key] === pending) delete cache[key];
  });
  return pending;
}
