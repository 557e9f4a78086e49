// build(options): the stages in order, load -> validate -> route -> render -> bundle -> check -> write -> report.
import { gzipSync } from "node:zlib";
import type { Assets } from "../templates/types.ts";
import { type BundledAssets, bundleAssets, type OutputFile } from "./assets/bundle.ts";
import { type BuildOptions, resolveConfig, resolvePaths, type SiteConfig } from "./config/options.ts";
import { loadContent, type RawContent } from "./content/load.ts";
import { BuildFailure, errorsOf, throwIfAny } from "./errors.ts";
import { headFor, SOCIAL_CARD, TOUCH_ICON } from "./render/head.ts";
import { hostingFiles } from "./output/hosting.ts";
import { indexImages } from "./assets/images.ts";
import { checkLinks } from "./output/links.ts";
import { renderRoute, withBase } from "./render/render.ts";
import type { BuildSummary, RouteReport } from "./output/report.ts";
import { createRoutes, type Route } from "./routes/routes.ts";
import type { SiteContent } from "./content/schema.ts";
import { compileTemplates, type Templates } from "./render/templates.ts";
import { validateContent } from "./content/validate.ts";
import { checkOutDir, recoverInterrupted, writeSite } from "./output/write.ts";

/** Everything a build produces, still in memory. */
export interface RenderedSite {
  config: SiteConfig;
  content: SiteContent;
  raw: RawContent;
  assets: Assets;
  pages: Array<{ route: Route; html: string }>;
  files: OutputFile[];
}

export interface BuildResult extends BuildSummary {
  config: SiteConfig;
  content: SiteContent;
  /** Things the person building should know, such as a missing production endpoint. */
  warnings: string[];
}

/**
 * Compiled templates and bundled assets kept between builds of one process (the dev server);
 * drop an entry when its sources change.
 */
export interface BuildCache {
  templates?: Promise<Templates>;
  bundle?: Promise<BundledAssets>;
}

/** Loads, validates and renders the whole site in memory, without touching the output folder. */
export async function renderSite(options: BuildOptions = {}, cache: BuildCache = {}): Promise<RenderedSite> {
  const paths = resolvePaths(options);
  const templatesReady = remember(cache, "templates", () => compileTemplates(paths.templatesDir, paths.root));
  const bundleReady = remember(cache, "bundle", () => bundleAssets(paths.templatesDir, paths.root));
  const [loaded, compiled] = await Promise.allSettled([loadContent(paths.root, paths.contentDir), templatesReady]);
  // Content and template problems are reported together, so one build shows everything to fix.
  const problems: unknown[] = [];
  let validated: SiteContent | undefined;
  if (loaded.status === "fulfilled") {
    try {
      validated = validateContent(loaded.value);
    } catch (error) {
      problems.push(error);
    }
  } else problems.push(loaded.reason);
  if (compiled.status === "rejected") problems.push(compiled.reason);
  if (problems.length > 0) throw combineFailures(problems);
  const [raw, templates, content] = [(loaded as PromiseFulfilledResult<RawContent>).value, (compiled as PromiseFulfilledResult<Templates>).value, validated!];
  const config = resolveConfig(content.site, options);
  const [bundle, images] = await Promise.all([bundleReady, indexImages(config.contentDir, raw.images, config.base)]);
  const assets: Assets = {
    href: (href) => withBase(config.base, href),
    image: (src) => images.get(src),
    stylesheet: config.base + bundle.stylesheet,
    script: config.base + bundle.script,
    waitlistAction: config.waitlistAction,
  };
  const { site } = content;
  const [touchIcon, socialImage] = await Promise.all([
    images.png(site.icon, TOUCH_ICON, TOUCH_ICON),
    images.png(site.socialImage.src, SOCIAL_CARD.width, SOCIAL_CARD.height),
  ]);
  const siteImages = { icon: images.get(site.icon), touchIcon, socialImage };
  const routes = createRoutes(content.pages);
  const pages = routes.map((route) => ({
    route,
    html: renderRoute(route, templates, content, assets, headFor(route, content, config, siteImages)),
  }));
  const files: OutputFile[] = [
    ...pages.map(({ route, html }) => ({ path: route.outFile, contents: Buffer.from(html) })),
    ...bundle.files,
    ...images.usedFiles(),
    ...hostingFiles(config, routes),
  ];
  return { config, content, raw, assets, pages, files };
}

/** One BuildFailure listing every located problem; anything unexpected is rethrown as it is. */
function combineFailures(problems: unknown[]): unknown {
  const unexpected = problems.find((p) => errorsOf(p).length === 0);
  return unexpected ?? (problems.length === 1 ? problems[0] : new BuildFailure(problems.flatMap(errorsOf)));
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
  const { raw } = site;
  return checkLinks({
    pages: site.pages.map(({ route, html }) => ({ route: route.path, html })),
    files: new Set(site.files.map((f) => f.path)),
    base: site.config.base,
    unregistered: site.content.site.unregistered,
    entries: [raw.site, raw.conversation, ...Object.values(raw.collections).flat()],
  });
}

/** Builds the site into config.outDir; throws BuildFailure or HeirloomError and leaves the old output as it was. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  await recoverInterrupted(resolvePaths(options).outDir);
  const site = await renderSite(options);
  throwIfAny(checkSite(site));
  const { config, files } = site;
  await checkOutDir(config.outDir, config.root, config.force);
  await writeSite(config.outDir, files);

  const gz = (path: string) => gzipSync(files.find((f) => f.path === path)!.contents, { level: 9 }).length;
  const [script, stylesheet] = [site.assets.script, site.assets.stylesheet];
  const [jsBytes, cssBytes] = [gz(script.slice(config.base.length)), gz(stylesheet.slice(config.base.length))];
  const routes: RouteReport[] = site.pages.map(({ route, html }) => ({
    route: route.path,
    file: route.outFile,
    htmlBytes: gzipSync(html, { level: 9 }).length,
    jsBytes: html.includes(`src="${script}"`) ? jsBytes : 0,
    cssBytes: html.includes(`href="${stylesheet}"`) ? cssBytes : 0,
  }));
  return {
    config,
    content: site.content,
    outDir: config.outDir,
    routes,
    fileCount: files.length,
    durationMs: performance.now() - started,
    warnings: warningsFor(config),
  };
}

function warningsFor(config: SiteConfig): string[] {
  const warnings: string[] = [];
  if (!config.endpoint) {
    warnings.push(
      `No waitlist endpoint is set, so the form posts to ${config.waitlistAction}, which only \`heirloom preview\` answers. ` +
        "Before publishing, set waitlist.endpoint in content/site.md or the HEIRLOOM_WAITLIST_ENDPOINT environment variable.",
    );
  }
  if (!config.siteUrl) {
    warnings.push(
      "No site URL is set, so canonical links, social-card tags and sitemap.xml were left out. " +
        "Before publishing, set siteUrl in content/site.md, --site-url or the HEIRLOOM_SITE_URL environment variable.",
    );
  }
  return warnings;
}
