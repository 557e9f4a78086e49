// build(options): the stages in order, load -> validate -> route -> render -> bundle -> write -> report.
import { gzipSync } from "node:zlib";
import type { Assets } from "../templates/types.ts";
import { bundleAssets, type OutputFile } from "./bundle.ts";
import { type BuildOptions, resolveConfig, resolvePaths, type SiteConfig } from "./config.ts";
import { loadContent } from "./content.ts";
import { indexImages } from "./images.ts";
import { renderRoute, withBase } from "./render.ts";
import type { BuildSummary, RouteReport } from "./report.ts";
import { createRoutes } from "./routes.ts";
import type { SiteContent } from "./schema.ts";
import { compileTemplates } from "./templates.ts";
import { validateContent } from "./validate.ts";
import { checkOutDir, writeSite } from "./write.ts";

export interface BuildResult extends BuildSummary {
  config: SiteConfig;
  content: SiteContent;
  /** Things the person building should know, such as a missing production endpoint. */
  warnings: string[];
}

/** Builds the site into config.outDir; throws BuildFailure or HeirloomError and leaves dist/ as it was. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const paths = resolvePaths(options);
  const [raw, templates] = await Promise.all([loadContent(paths.root, paths.contentDir), compileTemplates(paths.templatesDir)]);
  const content = validateContent(raw);
  const config = resolveConfig(content.site, options);
  await checkOutDir(config.outDir, config.root, config.force);

  const [bundle, images] = await Promise.all([
    bundleAssets(config.templatesDir),
    indexImages(config.contentDir, raw.images, config.base),
  ]);
  const assets: Assets = {
    href: (href) => withBase(config.base, href),
    image: (src) => images.get(src),
    stylesheet: config.base + bundle.stylesheet,
    script: config.base + bundle.script,
    waitlistAction: config.waitlistAction,
  };
  const routes = createRoutes(content.pages);
  const pages = routes.map((route) => ({ route, html: renderRoute(route, templates, content, assets) }));

  const files: OutputFile[] = [
    ...pages.map(({ route, html }) => ({ path: route.outFile, contents: Buffer.from(html) })),
    ...bundle.files,
    ...images.usedFiles(),
  ];
  await writeSite(config.outDir, files);

  const gz = (path: string) => gzipSync(files.find((f) => f.path === path)!.contents, { level: 9 }).length;
  const [jsBytes, cssBytes] = [gz(bundle.script), gz(bundle.stylesheet)];
  const reports: RouteReport[] = pages.map(({ route, html }) => ({
    route: route.path,
    file: route.outFile,
    htmlBytes: gzipSync(html, { level: 9 }).length,
    jsBytes: html.includes(assets.script) ? jsBytes : 0,
    cssBytes: html.includes(assets.stylesheet) ? cssBytes : 0,
  }));
  return {
    config,
    content,
    outDir: config.outDir,
    routes: reports,
    fileCount: files.length,
    durationMs: performance.now() - started,
    warnings: warningsFor(config),
  };
}

function warningsFor(config: SiteConfig): string[] {
  if (config.endpoint) return [];
  return [
    `No waitlist endpoint is set, so the form posts to ${config.waitlistAction}, which only \`heirloom preview\` answers. ` +
      "Before publishing, set waitlist.endpoint in content/site.md or the HEIRLOOM_WAITLIST_ENDPOINT environment variable.",
  ];
}
