// build(options): a prepared site (prepare.ts) rendered, checked, written and reported. Pages stream from the
// renderer to the page writers (workers), so no build holds the whole site in memory; unchanged pages are reused.
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BundledAssets, OutputFile } from "../assets/bundle.ts";
import { type BuildOptions, resolveConfig, resolvePaths, type SiteConfig, type SitePaths } from "../config/options.ts";
import type { ResolvedSite } from "../config/site.ts";
import {
  type InputSnapshot,
  type Stamp,
  dropStamp,
  foldersOf,
  loadStamp,
  outputAsStamped,
  sameInputs,
  saveStamp,
  snapshotInputs,
  unsettled,
} from "../incremental/stamp.ts";
import { listTree } from "../content/list-tree.ts";
import type { Templates } from "../render/templates.ts";
import {
  type BuildState,
  type PageState,
  emptyState,
  hashOf,
  loadBuildState,
  saveBuildState,
} from "../incremental/build-state.ts";
import { throwIfAny } from "../errors/errors.ts";
import { feedFiles } from "../output/feeds.ts";
import { hostingFiles } from "../output/hosting.ts";
import { checkLinks } from "../output/links.ts";
import { type PageRecord, createPageWriter } from "../output/page-writer.ts";
import { manifestOf, resolveManifestFile, writeManifest } from "../output/manifest.ts";
import type { BuildSummary } from "../output/report.ts";
import { reportRoutes, warningsFor } from "../output/summary.ts";
import { type FileState, type Manifest, type Staging, openStaging, spareDir } from "../output/staging.ts";
import { checkOutDir, recoverInterrupted, removeLeftovers } from "../output/write.ts";
import { currentValue, trackContent } from "../render/track.ts";
import type { Route } from "../routes/routes.ts";
import { ENGINE_KEY } from "../version.ts";
import { type BuildCache, type PreparedSite, compiledParts, prepareSite, pruneState, renderPage } from "./prepare.ts";

export interface BuildResult extends BuildSummary {
  config: SiteConfig;
  /** Routes rendered by this build; the others were reused from the previous output unchanged. */
  rendered: string[];
  /** Things the person building should know, such as a missing production endpoint. */
  warnings: string[];
}

/** Everything the output holds besides the pages; call it after rendering, which decides the images used. */
export async function siteFiles(prepared: PreparedSite, keptFeeds: Set<string> = new Set()): Promise<OutputFile[]> {
  const { config } = prepared;
  const feeds = feedFiles(
    prepared.feeds.filter((f) => !keptFeeds.has(f.path)),
    config,
  );
  throwIfAny(feeds.errors);
  const passthrough = await Promise.all(
    prepared.raw.passthrough.map(async (p) => ({ path: p, contents: await readFile(path.join(config.contentDir, p)) })),
  );
  return [
    ...prepared.bundle.files,
    ...prepared.images.usedFiles(),
    ...feeds.files,
    ...passthrough,
    ...hostingFiles(config, prepared.routes, prepared.feeds),
  ];
}

/**
 * Renders every page into the page writer (into the staging folder, or only measured without one), then
 * checks every internal link against everything the output holds. With `incremental`, a page whose inputs
 * are all unchanged is not rendered: its file is taken from the current output.
 */
async function renderAll(
  prepared: PreparedSite,
  staging: Staging | undefined,
  incremental?: Incremental,
  onProgress?: BuildOptions["onProgress"],
) {
  const writer = createPageWriter(staging?.dir, staging?.folders, prepared.routes.length);
  const context = contextKey(prepared);
  const records: Array<PageRecord | undefined> = [];
  const made: Array<{ index: number; state: Omit<PageState, "record"> }> = [];
  const pages = new Map<string, PageState>();
  for (const [index, route] of prepared.routes.entries()) {
    onProgress?.("Rendering pages", index, prepared.routes.length);
    const key = pageKey(context, route, prepared.entryHash);
    const previous = incremental?.pages.get(route.outFile);
    const held = previous && staging && incremental && unchangedFile(previous, key, prepared, staging, incremental);
    if (held) {
      staging.copy(route.outFile, path.join(incremental.outDir, route.outFile), held);
      prepared.images.markUsed(previous.images);
      records[index] = previous.record;
      pages.set(route.outFile, previous);
      continue;
    }
    const tracked = trackContent(prepared.content, prepared.entryHash);
    const { result: html, used } = prepared.images.track(() => renderPage(prepared, route, tracked.content));
    await writer.add(route.outFile, html, staging?.recorded(route.outFile));
    made.push({ index, state: { key, deps: tracked.deps(), images: used } });
  }
  const written = await writer.finish();
  made.forEach(({ index, state }, i) => {
    const record = written[i];
    records[index] = record;
    pages.set(record.outFile, { ...state, record });
    staging?.record(record.outFile, { sha256: record.sha256, size: record.bytes, mtimeMs: record.mtimeMs });
  });
  // A feed is written again only when its entries or anything every page depends on changed.
  const feeds = new Map(
    prepared.feeds.map((f) => [
      f.path.slice(1),
      hashOf(context, f.path, f.title, f.author, String(f.options.limit), ...f.items.map(prepared.entryHash)),
    ]),
  );
  const kept = new Set<string>();
  for (const [file, key] of feeds) {
    const previous = incremental?.feeds.get(file);
    const held =
      staging && incremental && previous?.key === key && heldOutput(file, previous.sha256, staging, incremental);
    if (!held) continue;
    staging.copy(file, path.join(incremental.outDir, file), held);
    kept.add(`/${file}`);
  }
  const files = await siteFiles(prepared, kept);
  const all = records as PageRecord[];
  const problems = checkLinks({
    pages: all.map((record, i) => ({ route: prepared.routes[i].path, links: record.links })),
    files: new Set([...all.map((r) => r.outFile), ...files.map((f) => f.path), ...[...kept].map((f) => f.slice(1))]),
    base: prepared.config.base,
    unregistered: prepared.site.unregistered,
    entries: prepared.raw.entries,
  });
  return {
    records: all,
    files,
    problems,
    pages,
    feeds,
    rendered: made.map(({ index }) => prepared.routes[index].path),
  };
}

/** What an incremental build needs: the previous build's pages and feeds, and the output folder with its manifest. */
interface Incremental {
  pages: Map<string, PageState>;
  feeds: BuildState["feeds"];
  outDir: string;
  output: Manifest;
}

/** Everything every page depends on: a change to any of it renders every page again. */
function contextKey({ config, site, templates, assets, images, feeds }: PreparedSite): string {
  const feedList = feeds.map((f) => [f.path, f.title]);
  return hashOf(
    ENGINE_KEY,
    templates.hash,
    site.hash,
    settingsOf(config, site),
    JSON.stringify(feedList),
    assets.script ?? "",
    assets.stylesheet ?? "",
    images.key,
  );
}

/** Everything a build is made from besides content/: a build with the same key and content has the same output. */
function inputsKey(config: SiteConfig, site: ResolvedSite, templates: Templates, bundle: BundledAssets): string {
  return hashOf(
    ENGINE_KEY,
    templates.hash,
    site.hash,
    settingsOf(config, site),
    ...bundle.files.flatMap((f) => [f.path, f.contents]),
  );
}

function settingsOf(config: SiteConfig, site: ResolvedSite): string {
  const forms = config.forms.map((f) => [f.name, f.action, f.field]);
  return JSON.stringify({
    base: config.base,
    siteUrl: config.siteUrl,
    format: site.urlFormat,
    drafts: config.drafts,
    sourceDate: config.sourceDate,
    forms,
  });
}

/** What one page depends on that is known before rendering it: its route, entry and list items. */
function pageKey(context: string, route: Route, entryHash: (entry: unknown) => string): string {
  const p = route.pagination;
  const list = p
    ? JSON.stringify([p.page, p.pages, p.total, p.prev, p.next, p.first, p.last, p.items.map(entryHash)])
    : "";
  return hashOf(context, route.path, route.outFile, route.template, entryHash(route.entry), list);
}

/** The unchanged file of a page that need not be rendered again: same key, and the same content read. */
function unchangedFile(
  previous: PageState,
  key: string,
  prepared: PreparedSite,
  staging: Staging,
  incremental: Incremental,
): FileState | undefined {
  if (previous.key !== key) return undefined;
  if (!previous.deps.every((dep) => currentValue(prepared.content, dep, prepared.entryHash) === dep.value))
    return undefined;
  return heldOutput(previous.record.outFile, previous.record.sha256, staging, incremental);
}

/**
 * Where the bytes last written for a file are: already in the staging folder (the spare holds them), or
 * still in the output folder (its size and time as recorded); undefined if neither can be trusted.
 */
function heldOutput(
  outFile: string,
  sha256: string,
  staging: Staging,
  incremental: Incremental,
): FileState | undefined {
  const spare = staging.holding(outFile);
  if (spare?.sha256 === sha256) return spare;
  const recorded = incremental.output.get(outFile);
  if (recorded?.sha256 !== sha256) return undefined;
  const stat = statSync(path.join(incremental.outDir, outFile), { throwIfNoEntry: false });
  return stat && stat.size === recorded.size && stat.mtimeMs === recorded.mtimeMs ? recorded : undefined;
}

/** Renders every page and checks every link without writing anything (heirloom check). */
export async function checkSite(options: BuildOptions = {}): Promise<{ pages: number; warnings: string[] }> {
  const prepared = await prepareSite(options);
  const { records, problems } = await renderAll(prepared, undefined, undefined, options.onProgress);
  throwIfAny(problems);
  return { pages: records.length, warnings: prepared.bundle.warnings ?? [] };
}

/**
 * Builds the site into config.outDir; throws BuildFailure or HeirloomError and leaves the old output as it
 * was. Work of the previous build whose inputs are unchanged is reused, unless `cache: false`; when
 * nothing changed at all, the output folder is kept as it is.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const paths = resolvePaths(options);
  const manifestFile = options.manifest === undefined ? undefined : resolveManifestFile(options.manifest, paths);
  await recoverInterrupted(paths.outDir);
  const useCache = options.cache !== false;
  const cache: BuildCache = {};
  // Taken before any file is read: a file saved while the build runs is newer than its snapshot. The
  // same list is compared with the last stamp and placed by the load: content/ is walked once.
  cache.listed = existsSync(paths.contentDir) ? await listTree(paths.contentDir) : undefined;
  const inputs = cache.listed && snapshotInputs(paths.contentDir, cache.listed);
  const kept = useCache && inputs ? await keptBuild(options, paths, cache, inputs) : undefined;
  if (kept) {
    await removeLeftovers(paths.outDir);
    if (manifestFile) await writeManifest(manifestFile, publishedOf(kept.output));
    return {
      config: kept.config,
      outDir: paths.outDir,
      routes: kept.routes,
      rendered: [],
      kept: true,
      fileCount: kept.output.size,
      siteHash: kept.siteHash,
      durationMs: performance.now() - started,
      warnings: kept.warnings,
    };
  }
  dropStamp(paths.root, paths.outDir);
  const state = (cache.state = useCache ? loadBuildState(paths.root, paths.outDir) : emptyState());
  const prepared = await prepareSite(options, cache);
  const { config } = prepared;
  await checkOutDir(config.outDir, config.root, config.force);
  const staging = await openStaging(config.outDir, state.spare);
  let result: Awaited<ReturnType<typeof renderAll>>;
  let manifest: Manifest;
  try {
    const incremental =
      useCache && existsSync(config.outDir)
        ? { pages: state.pages, feeds: state.feeds, outDir: config.outDir, output: state.output }
        : undefined;
    result = await renderAll(prepared, staging, incremental, options.onProgress);
    throwIfAny(result.problems);
    for (const file of result.files) staging.write(file.path, file.contents);
    manifest = await staging.commit();
  } finally {
    await staging.discard();
  }
  await removeLeftovers(config.outDir);
  const published = publishedOf(manifest);
  if (manifestFile) await writeManifest(manifestFile, published);
  pruneState(state, prepared.raw, config.base);
  // The old output is the spare now; the new one is what was just written.
  [state.pages, state.spare, state.output] = [
    result.pages,
    existsSync(spareDir(config.outDir)) ? state.output : new Map(),
    manifest,
  ];
  state.feeds = new Map(
    [...result.feeds].flatMap(([file, key]) =>
      manifest.has(file) ? [[file, { key, sha256: manifest.get(file)!.sha256 }]] : [],
    ),
  );
  saveBuildState(paths.root, paths.outDir, state);
  const routes = reportRoutes(prepared.routes, prepared.assets, config.base, result.records, result.files);
  const warnings = [...warningsFor(config, prepared.feeds), ...(prepared.bundle.warnings ?? [])];
  if (inputs) {
    const key = inputsKey(config, prepared.site, prepared.templates, prepared.bundle);
    const read = new Map(prepared.raw.placement.toRead.map((job, i) => [job.relative, prepared.raw.read[i]?.hash]));
    inputs.hashes = new Map(unsettled(inputs).flatMap((file) => (read.get(file) ? [[file, read.get(file)!]] : [])));
    saveStamp(paths.root, paths.outDir, {
      key,
      inputs,
      folders: foldersOf(config.outDir, manifest),
      output: manifest,
      routes,
      warnings,
      siteHash: published.site,
    });
  }
  return {
    config,
    outDir: config.outDir,
    routes,
    rendered: result.rendered,
    fileCount: manifest.size,
    siteHash: published.site,
    durationMs: performance.now() - started,
    warnings,
  };
}

/**
 * The previous build, when nothing it was made from changed and its output folder is as it left it: then
 * there is nothing to do. Anything unsure (a compile error, a file changed just before that build) is
 * left to a full look.
 */
async function keptBuild(
  options: BuildOptions,
  paths: SitePaths,
  cache: BuildCache,
  inputs: InputSnapshot,
): Promise<(Stamp & { config: SiteConfig }) | undefined> {
  const stamp = loadStamp(paths.root, paths.outDir);
  if (!stamp) return undefined;
  // The compiles start now and run while the inputs are compared; a build that follows uses them (same cache).
  const parts = compiledParts(paths, cache);
  if (!sameInputs(stamp.inputs, inputs, paths.contentDir) || !outputAsStamped(paths.outDir, stamp)) return undefined;
  try {
    const [site, templates, bundle] = await Promise.all([parts.site, parts.templates, parts.bundle]);
    const config = resolveConfig(site, options);
    return inputsKey(config, site, templates, bundle) === stamp.key ? { ...stamp, config } : undefined;
  } catch {
    return undefined;
  }
}

function publishedOf(manifest: Manifest) {
  return manifestOf([...manifest].map(([file, { size, sha256 }]) => ({ path: file, size, sha256 })));
}
