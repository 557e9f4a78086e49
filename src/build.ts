// build(options): the stages in order: definition -> content -> routes -> render -> assets -> check -> write -> report.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type BundledAssets, bundleAssets, type OutputFile } from "./assets/bundle.ts";
import { buildImages } from "./assets/images.ts";
import { type BuildOptions, resolveConfig, resolvePaths, type SiteConfig } from "./config/options.ts";
import { type ResolvedSite, loadSite } from "./config/site.ts";
import { type RawContent, loadContent } from "./content/load.ts";
import { type ValidatedContent, validateContent } from "./content/validate.ts";
import { BuildFailure, type HeirloomError, errorsOf, throwIfAny } from "./errors.ts";
import { feedFiles } from "./output/feeds.ts";
import { hostingFiles } from "./output/hosting.ts";
import { checkLinks } from "./output/links.ts";
import { resolveManifestFile, siteManifest, writeManifest } from "./output/manifest.ts";
import type { BuildSummary, RouteReport } from "./output/report.ts";
import { checkOutDir, recoverInterrupted, writeSite } from "./output/write.ts";
import type { Assets, Head } from "./render/contract.ts";
import { renderRoute } from "./render/render.ts";
import { type Templates, compileTemplates, missingTemplates } from "./render/templates.ts";
import { type FeedSpec, type Route, createRoutes } from "./routes/routes.ts";
import { NOT_FOUND, absoluteUrl, withBase } from "./routes/urls.ts";

/** Everything a build produces, still in memory. */
export interface RenderedSite {
  config: SiteConfig;
  site: ResolvedSite;
  raw: RawContent;
  /** Every collection as templates receive it. */
  content: Record<string, unknown>;
  routes: Route[];
  feeds: FeedSpec[];
  assets: Assets;
  pages: Array<{ route: Route; html: string }>;
  files: OutputFile[];
}

export interface BuildResult extends BuildSummary {
  config: SiteConfig;
  content: Record<string, unknown>;
  /** Things the person building should know, such as a missing production endpoint. */
  warnings: string[];
}

/**
 * The site definition, compiled templates and bundled assets kept between builds of one process (the dev
 * server); drop an entry when its sources change.
 */
export interface BuildCache {
  site?: Promise<ResolvedSite>;
  templates?: Promise<Templates>;
  bundle?: Promise<BundledAssets>;
}

/** Loads, validates and renders the whole site in memory, without touching the output folder. */
export async function renderSite(options: BuildOptions = {}, cache: BuildCache = {}): Promise<RenderedSite> {
  const paths = resolvePaths(options);
  const templatesReady = remember(cache, "templates", () => compileTemplates(paths.templatesDir, paths.root));
  const bundleReady = remember(cache, "bundle", () => bundleAssets(paths.templatesDir, paths.root));
  const siteReady = remember(cache, "site", () => loadSite(paths.root));
  // Every problem is reported together (definition, content, routes, templates), so one build shows all to fix.
  const problems: unknown[] = [];
  const settle = <T>(promise: Promise<T>) => promise.catch((error: unknown) => void problems.push(error));
  const site = await settle(siteReady);
  const prepared = site && (await settle(prepare(site, options, paths)));
  const templates = await settle(templatesReady);
  if (prepared) problems.push(...prepared.errors);
  if (prepared && templates) problems.push(...missingTemplates(prepared.routes, templates, site.source));
  if (problems.length > 0 || !site || !prepared || !templates) throw combineFailures(problems);

  const { config, raw, validated, routes, feeds } = prepared;
  const [bundle, images] = await Promise.all([bundleReady, buildImages(config.contentDir, validated.images, config.base)]);
  const content = collectionsOf(site, validated);
  const assets: Assets = {
    href: (href) => withBase(config.base, href),
    absolute: (url) => (config.siteUrl && url.startsWith("/") ? new URL(config.siteUrl).origin + url : undefined),
    stylesheet: bundle.stylesheet && config.base + bundle.stylesheet,
    script: bundle.script && config.base + bundle.script,
    forms: Object.fromEntries(config.forms.map((f) => [f.name, { action: f.action, field: f.field }])),
  };
  const feedLinks = config.siteUrl ? feeds.map((f) => ({ title: f.title, url: withBase(config.base, f.path) })) : [];
  const pages = routes.map((route) => {
    const head: Head = { canonical: route.path === NOT_FOUND ? undefined : absoluteUrl(config.siteUrl, config.base, route.path), feeds: feedLinks };
    return { route, html: renderRoute(route, templates, content, assets, head) };
  });
  const feedOutput = feedFiles(feeds, config);
  throwIfAny(feedOutput.errors);
  const files: OutputFile[] = [
    ...pages.map(({ route, html }) => ({ path: route.outFile, contents: Buffer.from(html) })),
    ...bundle.files,
    ...images.usedFiles(),
    ...feedOutput.files,
    ...(await Promise.all(raw.passthrough.map(async (p) => ({ path: p, contents: await readFile(path.join(config.contentDir, p)) })))),
    ...hostingFiles(config, routes, feeds),
  ];
  return { config, site, raw, content, routes, feeds, assets, pages, files };
}

/** Configuration, content and routes: everything that needs the definition but not the templates. */
async function prepare(site: ResolvedSite, options: BuildOptions, paths: ReturnType<typeof resolvePaths>) {
  const config = resolveConfig(site, options);
  const raw = await loadContent(site, paths.root, config.contentDir);
  const { content: validated, errors } = validateContent(site, raw, { drafts: config.drafts, base: config.base });
  const complete = raw.errors.length === 0 && errors.length === 0;
  const routed = createRoutes(site, validated, { base: config.base, complete });
  return { config, raw, validated, routes: routed.routes, feeds: routed.feeds, errors: [...raw.errors, ...errors, ...routed.errors] };
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
    .sort((a, b) => (key(a.e) < key(b.e) ? -1 : key(a.e) > key(b.e) ? 1 : (a.e.location?.line ?? 0) - (b.e.location?.line ?? 0) || a.i - b.i))
    .map(({ e }) => e);
}

/** Reuses a cached result; a failure is forgotten so that the next build tries again. */
function remember<K extends keyof BuildCache>(cache: BuildCache, key: K, make: () => NonNullable<BuildCache[K]>) {
  const pending = (cache[key] ??= make()) as NonNullable<BuildCache[K]>;
  pending.catch(() => {
    if (cache[key] === pending) delete cache[key];
  });
  return pending;
}

/** Every broken internal link of a rendered site, as errors that point into content/. */
export function checkSite(site: RenderedSite) {
  return checkLinks({
    pages: site.pages.map(({ route, html }) => ({ route: route.path, html })),
    files: new Set(site.files.map((f) => f.path)),
    base: site.config.base,
    unregistered: site.site.unregistered,
    entries: site.raw.entries,
  });
}

/** Builds the site into config.outDir; throws BuildFailure or HeirloomError and leaves the old output as it was. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const manifestFile = options.manifest === undefined ? undefined : resolveManifestFile(options.manifest, resolvePaths(options));
  await recoverInterrupted(resolvePaths(options).outDir);
  const site = await renderSite(options);
  throwIfAny(checkSite(site));
  const { config, files } = site;
  await checkOutDir(config.outDir, config.root, config.force);
  await writeSite(config.outDir, files);
  const manifest = siteManifest(files);
  if (manifestFile) await writeManifest(manifestFile, manifest);

  const gz = (url?: string) => {
    const file = url && files.find((f) => f.path === url.slice(config.base.length));
    return file ? gzipSync(file.contents, { level: 9 }).length : 0;
  };
  const { script, stylesheet } = site.assets;
  const [jsBytes, cssBytes] = [gz(script), gz(stylesheet)];
  const routes: RouteReport[] = site.pages.map(({ route, html }) => ({
    route: route.path,
    file: route.outFile,
    htmlBytes: gzipSync(html, { level: 9 }).length,
    jsBytes: script && html.includes(`src="${script}"`) ? jsBytes : 0,
    cssBytes: stylesheet && html.includes(`href="${stylesheet}"`) ? cssBytes : 0,
  }));
  return {
    config,
    content: site.content,
    outDir: config.outDir,
    routes,
    fileCount: files.length,
    siteHash: manifest.site,
    durationMs: performance.now() - started,
    warnings: warningsFor(config, site.feeds),
  };
}

function warningsFor(config: SiteConfig, feeds: FeedSpec[]): string[] {
  const warnings: string[] = [];
  for (const form of config.forms.filter((f) => !f.endpoint)) {
    warnings.push(
      `The form "${form.name}" has no endpoint, so it posts to ${form.action}, which only \`heirloom preview\` and \`heirloom dev\` answer. ` +
        `Before publishing, set forms.${form.name}.endpoint in site.config.ts${form.env ? ` or the ${form.env} environment variable` : ""}.`,
    );
  }
  if (!config.siteUrl) {
    const left = ["canonical links", "sitemap.xml", ...(feeds.length ? ["the feeds"] : [])];
    warnings.push(
      `No site URL is set, so ${left.join(", ")} and absolute URLs for shared links were left out. ` +
        "Before publishing, set siteUrl in site.config.ts, --site-url or the HEIRLOOM_SITE_URL environment variable.",
    );
  }
  return warnings;
}
