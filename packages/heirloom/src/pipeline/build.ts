// build(options): the pipeline. The site is prepared (config, content, validate, routes), its pages rendered,
// the output written and swapped in, and the build reported. What may be skipped is asked of the incremental
// object alone; the old output is left as it was when anything fails.
import { type BuildOptions, type SiteConfig, type SitePaths, resolveConfig, resolvePaths } from "../config/options.ts";
import { throwIfAny } from "../errors/errors.ts";
import { type BuildInputs, Incremental, type KeptBuild } from "../incremental/incremental.ts";
import { publishedManifest, resolveManifestFile, writeManifest } from "../output/manifest.ts";
import type { BuildSummary } from "../output/report.ts";
import { indexSearch } from "../output/files/index.ts";
import { type Seed, openStaging } from "../output/write/index.ts";
import { loadedSizes, reportRoutes, warningsFor } from "../output/summary.ts";
import { lockOutput } from "../output/write/index.ts";
import { checkOutDir, recoverInterrupted, removeLeftovers } from "../output/write/index.ts";
import { compileParts } from "./compile-parts.ts";
import { type PreparedSite, prepareSite } from "./prepare.ts";
import { type RenderedSite, renderPages } from "./render-pages.ts";

export interface BuildResult extends BuildSummary {
  config: SiteConfig;
  /** Routes rendered by this build; the others were reused from the previous output unchanged. */
  rendered: string[];
  /** Things the person building should know, such as a missing production endpoint. */
  warnings: string[];
}

/**
 * Builds the site into config.outDir; throws BuildFailure or HeirloomError and leaves the old output as it
 * was. Work of the previous build whose inputs are unchanged is reused, unless `cache: false`; when
 * nothing changed at all, the output folder is kept as it is.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const paths = resolvePaths(options);
  await checkOutDir(paths, { force: options.force });
  // Another build of this output folder (two CI steps, two terminals) is waited for: see lockOutput.
  const release = await lockOutput(paths.outDir, { waitMs: options.lockWaitMs, onNotice: options.onNotice });
  try {
    return await buildLocked(paths, options);
  } finally {
    await release();
  }
}

/** The build itself, run while it holds the lock of its output folder. */
async function buildLocked(paths: SitePaths, options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const manifestFile = options.manifest === undefined ? undefined : resolveManifestFile(options.manifest, paths);
  await recoverInterrupted(paths.outDir);
  const incremental = await Incremental.forBuild(paths, options.cache !== false);
  const kept = await incremental.keptBuild(() => compiledInputs(paths, options, incremental));
  if (kept) return keptBuildResult(kept, paths, manifestFile, started);
  // Asked for first: the previous site, which staging starts from, may be listed while the site is prepared.
  const seed = incremental.stagingSeed();
  const site = await prepareSite(options, incremental);
  const { config } = site;
  // The report's sizes of the script and stylesheets, gzipped by another core while the pages are rendered.
  const own = [site.codeStyles, site.searchScript].filter((file) => file !== undefined);
  const sizes = loadedSizes(site, [...site.bundle.files, ...own]);
  const { rendered, output, retired, search } = await renderAndWrite(site, incremental, seed, options.onProgress);
  await removeLeftovers(config.outDir);
  const published = publishedManifest(output);
  const routes = reportRoutes(site, rendered.records, rendered.files, await sizes);
  const warnings = [
    ...warningsFor(config, site.feeds, site.routes),
    ...(site.bundle.warnings ?? []),
    ...rendered.linkWarnings,
  ];
  warnings.push(...site.highlightWarnings);
  const report = { routes, warnings, siteHash: published.site, search: search?.report };
  const { pages, feeds } = rendered;
  await incremental.finish({ site, pages, feeds, output, retired, report, search: search?.state });
  if (manifestFile) await writeManifest(manifestFile, published);
  const durationMs = performance.now() - started;
  return { ...report, config, outDir: config.outDir, rendered: rendered.rendered, fileCount: output.size, durationMs };
}

/** Renders every page into a staging folder with the other files, and swaps it in for the output folder. */
async function renderAndWrite(
  site: PreparedSite,
  incremental: Incremental,
  seed: Seed | undefined,
  onProgress: BuildOptions["onProgress"],
) {
  const staging = await openStaging(site.config.outDir, seed);
  try {
    const rendered: RenderedSite = await renderPages(
      site,
      staging,
      incremental.pageReuse(site, staging.holding),
      onProgress,
    );
    throwIfAny(rendered.problems);
    // Indexed from the written pages before the swap: an index that fails leaves the output folder as it was.
    const search = site.config.search
      ? await indexSearch(
          { routes: site.routes, records: rendered.records, source: site.site.source },
          staging,
          site.searchScript,
          incremental.searchReuse(staging.holding),
        )
      : undefined;
    const { manifest: output, retired } = await staging.commit();
    return { rendered, output, retired, search };
  } finally {
    await staging.discard();
  }
}

/** Renders every page and checks every link without writing anything (heirloom check). */
export async function checkSite(options: BuildOptions = {}): Promise<{ pages: number; warnings: string[] }> {
  const site = await prepareSite(options);
  const { records, problems, linkWarnings } = await renderPages(site, undefined, undefined, options.onProgress);
  throwIfAny(problems);
  const warnings = [...(site.bundle.warnings ?? []), ...linkWarnings, ...site.highlightWarnings];
  return { pages: records.length, warnings };
}

/** What the stamp of the previous build is compared with: everything the build is made from besides content/. */
async function compiledInputs(paths: SitePaths, options: BuildOptions, incremental: Incremental): Promise<BuildInputs> {
  const parts = compileParts(paths, incremental);
  const [definition, templates, assets, islands] = await Promise.all([
    parts.definition,
    parts.templates,
    parts.assets,
    parts.islands,
  ]);
  return { definition, templates, assets, islands, config: resolveConfig(definition, options) };
}

/** The previous build's result, its output folder kept as it is. */
async function keptBuildResult(
  kept: KeptBuild,
  paths: SitePaths,
  manifestFile: string | undefined,
  started: number,
): Promise<BuildResult> {
  await removeLeftovers(paths.outDir);
  if (manifestFile) await writeManifest(manifestFile, publishedManifest(kept.output));
  const { config, routes, warnings, siteHash, output, search } = kept;
  const durationMs = performance.now() - started;
  return {
    config,
    outDir: paths.outDir,
    routes,
    rendered: [],
    kept: true,
    fileCount: output.size,
    siteHash,
    durationMs,
    warnings,
    ...(search ? { search: { ...search, indexed: false } } : {}),
  };
}
