// build(options): the pipeline, phase by phase: the site prepared (config, content, routes, templates, assets), its
// pages rendered, its links checked, its search index made, the output swapped in, the build reported and
// remembered. Around the phases, the bookkeeping: the output folder's lock, an interrupted swap put back, the
// previous build kept whole when nothing changed (a question to the incremental object alone), the staging folder,
// the manifest and the time. The old output is left as it was when anything fails.
import { type BuildOptions, type SiteConfig, type SitePaths, resolveConfig, resolvePaths } from "../config/options.ts";
import { type BuildInputs, Incremental, type KeptBuild } from "../incremental/incremental.ts";
import { type SiteManifest, publishedManifest, resolveManifestFile, writeManifest } from "../output/manifest.ts";
import type { BuildSummary } from "../output/report.ts";
import { heldReport } from "../output/held-report.ts";
import { indexSearch } from "../output/files/index.ts";
import { type Manifest, type Seed, type Staging, openStaging } from "../output/write/index.ts";
import { loadedSizes, reportRoutes, warningsFor } from "../output/summary.ts";
import { lockOutput } from "../output/write/index.ts";
import { checkOutDir, recoverInterrupted, removeLeftovers } from "../output/write/index.ts";
import { compileParts } from "./compile-parts.ts";
import { checkPageLinks } from "./link-check.ts";
import { checkPagePolicies } from "./policy-check.ts";
import { type PreparedSite, prepareSite } from "./prepare.ts";
import { type RenderedSite, renderSite } from "./render-pages.ts";

export interface BuildResult extends BuildSummary {
  config: SiteConfig;
  /** Routes rendered by this build; the others were reused from the previous output unchanged. */
  rendered: string[];
  /** Things the person building should know, such as a missing production endpoint. */
  warnings: string[];
}

/** What a build (or a kept one) ends with: its result but the time, and the manifest of what it published. */
interface Outcome {
  result: Omit<BuildResult, "durationMs">;
  published(): SiteManifest;
}

/** What the phases in the staging folder leave: the rendered site, its link warnings, its index, the swap. */
type Written = RenderedSite & {
  linkWarnings: string[];
  index?: Awaited<ReturnType<typeof indexSearch>>;
  output: Manifest;
  retired?: string;
  published: SiteManifest;
};

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
    return await keepingBooks(paths, options);
  } finally {
    await release();
  }
}

/**
 * The bookkeeping around a build's phases, while it holds the lock of its output folder: the time it takes, an
 * interrupted swap put back, the previous build kept when nothing it was made from changed, the manifest.
 */
async function keepingBooks(paths: SitePaths, options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const manifestFile = options.manifest === undefined ? undefined : resolveManifestFile(options.manifest, paths);
  await recoverInterrupted(paths.outDir);
  const incremental = await Incremental.forBuild(paths, options.cache !== false);
  const unchanged = await incremental.keptBuild(() => compiledInputs(paths, options, incremental));
  // The staging folder's seed is asked for first: the previous site may be listed while the site is prepared.
  const outcome = unchanged
    ? await keptOutcome(unchanged, paths)
    : await buildLocked(options, incremental, incremental.stagingSeed());
  if (manifestFile) await writeManifest(manifestFile, outcome.published());
  return { ...outcome.result, durationMs: performance.now() - started };
}

/** The build's phases, one a line; the staging folder they write in (started from `seed`) around them. */
async function buildLocked(options: BuildOptions, incremental: Incremental, seed: Seed | undefined): Promise<Outcome> {
  const site = await prepareSite(options, incremental);
  const sizes = assetSizes(site);
  const written = await inStaging(site.config.outDir, seed, async (staging) => {
    const rendered = await renderSite(site, staging, incremental.pageReuse(site, staging.holding), options.onProgress);
    const linkWarnings = await checkPageLinks(site, rendered, staging);
    linkWarnings.push(...checkPagePolicies(site, rendered.records, options.strict));
    const index = await indexSite(site, rendered, staging, incremental);
    return { ...rendered, linkWarnings, index, ...(await commit(staging, site.config.outDir)) };
  });
  const report = reportBuild(site, written, await sizes);
  await incremental.finish({ site, ...written, report, search: written.index?.state });
  return { result: resultOf(site, written, report), published: () => written.published };
}

/** Renders every page and checks every link without writing anything (heirloom check). */
export async function checkSite(options: BuildOptions = {}): Promise<{ pages: number; warnings: string[] }> {
  // Drafts, scheduled and expired entries are checked too, so a mistake is found before the day they publish.
  const site = await prepareSite({ ...options, checkHeld: true });
  const rendered = await renderSite(site, undefined, undefined, options.onProgress);
  const linkWarnings = await checkPageLinks(site, rendered);
  linkWarnings.push(...checkPagePolicies(site, rendered.records, options.strict));
  const warnings = [...(site.bundle.warnings ?? []), ...linkWarnings, ...site.highlightWarnings];
  return { pages: rendered.records.length, warnings };
}

/** Runs `phases` in a staging folder of the output folder, given up (the output left as it was) unless committed. */
async function inStaging<T>(outDir: string, seed: Seed | undefined, phases: (staging: Staging) => Promise<T>) {
  const staging = await openStaging(outDir, seed);
  try {
    return await phases(staging);
  } finally {
    await staging.discard();
  }
}

/** The report's sizes of the script and stylesheets, gzipped by another core while the pages are rendered. */
function assetSizes(site: PreparedSite): Promise<Map<string, number>> {
  const engineFiles = [site.codeStyles, site.searchScript].filter((file) => file !== undefined);
  return loadedSizes(site, [...site.bundle.files, ...engineFiles]);
}

/** The search index, made from the written pages before the swap: one that fails leaves the output as it was. */
async function indexSite(site: PreparedSite, rendered: RenderedSite, staging: Staging, incremental: Incremental) {
  if (!site.config.search) return undefined;
  const pages = { routes: site.routes, records: rendered.records, source: site.site.source };
  return indexSearch(pages, staging, site.searchScript, incremental.searchReuse(staging.holding));
}

/** Swaps the staging folder in for the output folder, and removes what killed builds left beside it. */
async function commit(staging: Staging, outDir: string) {
  const { manifest: output, retired } = await staging.commit();
  await removeLeftovers(outDir);
  return { output, retired, published: publishedManifest(output) };
}

/** What the build reports: each page with what it loads, and what to know before publishing. */
function reportBuild(site: PreparedSite, written: Written, sizes: Map<string, number>) {
  const routes = reportRoutes(site, written.records, written.files, sizes);
  const warnings = [
    ...warningsFor(site.config, site.feeds, site.routes),
    ...(site.bundle.warnings ?? []),
    ...written.linkWarnings,
    ...site.highlightWarnings,
  ];
  const held = heldReport(site.publication);
  return { routes, warnings, siteHash: written.published.site, search: written.index?.report, ...(held && { held }) };
}

function resultOf(site: PreparedSite, written: Written, report: ReturnType<typeof reportBuild>): Outcome["result"] {
  const { config } = site;
  return { ...report, config, outDir: config.outDir, rendered: written.rendered, fileCount: written.output.size };
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
async function keptOutcome(kept: KeptBuild, paths: SitePaths): Promise<Outcome> {
  await removeLeftovers(paths.outDir);
  const { config, routes, warnings, siteHash, output, search, held } = kept;
  const result = { config, outDir: paths.outDir, routes, rendered: [], kept: true, fileCount: output.size, siteHash };
  if (held) Object.assign(result, { held });
  return {
    result: { ...result, warnings, ...(search ? { search: { ...search, indexed: false } } : {}) },
    published: () => publishedManifest(output),
  };
}
