// prepareSite(): everything a build knows before it renders a page, stage by stage: the definition and
// options (config), content read and validated (content), the route table (routes), templates compiled
// (render), the script, stylesheet, islands and images made (assets). Every problem of every stage is reported
// together. What may be reused is asked of the incremental object, never decided here.
import type { BundledAssets, OutputFile } from "../assets/bundle.ts";
import { codeStyles } from "../assets/code-styles.ts";
import { katexStyles } from "../assets/katex-styles.ts";
import { type BuiltImages, buildImages } from "../assets/images.ts";
import type { BundledIslands } from "../assets/islands.ts";
import { searchScript } from "../assets/search-script.ts";
import { type BuildOptions, type SiteConfig, type SitePaths, resolveConfig, resolvePaths } from "../config/options.ts";
import { assertProject } from "../config/site.ts";
import type { ResolvedSite } from "../config/types.ts";
import { missingComponents } from "../content/mdx/index.ts";
import type { MdxComponents } from "../content/mdx/index.ts";
import { loadContent } from "../content/load.ts";
import { warningText } from "../content/files/index.ts";
import { type MarkdownRenderer, markdownKey } from "../content/markdown/index.ts";
import type { Publication, RawContent, SourceEntry, ValidatedContent } from "../content/types.ts";
import { collectionsOf, entryHashOf, validateContent } from "../content/validate.ts";
import { everyItem, localizeContent } from "../content/locales.ts";
import { type HeirloomError, errorsOf, failureOf } from "../errors/errors.ts";
import { type ContentReuse, Incremental } from "../incremental/incremental.ts";
import type { Assets } from "../render/contract.ts";
import type { RefTable } from "../render/refs.ts";
import { type IslandRenders, renderIslandsPlain } from "../render/island.ts";
import { type IslandScripts, type LocalePages, islandScripts, templateAssets } from "../render/render.ts";
import { type Templates, missingTemplates } from "../render/templates.ts";
import { createRoutes } from "../routes/routes.ts";
import type { FeedSpec, Redirect, Route } from "../routes/types.ts";
import { localePages, refTableOf } from "./locale-pages.ts";
import { type Compiling, compileParts } from "./compile-parts.ts";
import { linksOfPartialSite } from "./partial-site.ts";

/** Everything a build knows before it renders a page: configuration, content, routes and assets. */
export interface PreparedSite {
  config: SiteConfig;
  site: ResolvedSite;
  raw: RawContent;
  /** Every collection as templates receive it (with i18n, the default locale's). */
  content: Record<string, unknown>;
  /** With i18n: each other locale's collections and table of links. */
  locales?: Map<string, LocalePages>;
  routes: Route[];
  feeds: FeedSpec[];
  /** Old URLs kept: entries' aliases and the site's redirects. */
  redirects: Redirect[];
  assets: Assets;
  templates: Templates;
  bundle: BundledAssets;
  /** The islands' browser modules, and their URLs as pages load them. */
  islandBundle: BundledIslands;
  islands: IslandScripts;
  /** The islands' own renders made so far (kept by the build or the dev server). */
  islandRenders: IslandRenders;
  images: BuiltImages;
  /** What the links and images of bodies name. */
  refs: RefTable;
  /** The stylesheet of highlighted code blocks, when an entry has one. */
  codeStyles?: OutputFile;
  /** KaTeX's stylesheet and fonts, on a site with `markdown.math` (only pages with math link them). */
  mathStyles?: OutputFile[];
  /** The search box's script, on a site with `search: true`. */
  searchScript?: OutputFile;
  /** How long a page's render may take (ms): the site's `timeout`. */
  timeout: number;
  /** The code blocks written plain, past their time to highlight or in a language Shiki does not have. */
  highlightWarnings: string[];
  /** The drafts, scheduled and expired entries, shown or left out, and when the next of them changes. */
  publication: Publication;
  /** The content hash of an entry (of its file's bytes), for the page cache. */
  entryHash(entry: unknown): string;
  /** Where an entry's rendered markdown is kept. */
  markdownKey(entry: SourceEntry): string;
}

/** The content stages' result for one definition: configuration, raw and valid content, routes, problems. */
interface ReadSite {
  config: SiteConfig;
  raw: RawContent;
  validated: ValidatedContent;
  routes: Route[];
  feeds: FeedSpec[];
  redirects: Redirect[];
  errors: HeirloomError[];
  renderers: Map<string, MarkdownRenderer>;
  /** Whether an entry has a highlighted code block. */
  code: boolean;
  highlightWarnings: string[];
}

/** How a site is prepared: as built, or (`checkHeld`, heirloom check) with the entries left out checked too. */
export type PrepareOptions = BuildOptions & { checkHeld?: boolean };

/** Loads and validates the site and derives its routes, without rendering a page or touching the output folder. */
export async function prepareSite(options: PrepareOptions = {}, incremental?: Incremental): Promise<PreparedSite> {
  const paths = resolvePaths(options);
  assertProject(paths.root);
  const memory = incremental ?? Incremental.none(paths);
  const parts = compileParts(paths, memory);
  const reuse = memory.contentReuse();
  try {
    const prepared = await prepareStages(options, paths, parts, reuse, memory.islandRenders);
    reuse.ended(prepared.raw, prepared.markdownKey);
    return prepared;
  } catch (error) {
    reuse.ended(undefined);
    throw error;
  }
}

async function prepareStages(
  options: PrepareOptions,
  paths: SitePaths,
  parts: Compiling,
  reuse: ContentReuse,
  islandRenders: IslandRenders,
) {
  // Every problem is reported together (definition, content, routes, templates), so one build shows all to fix.
  const problems: unknown[] = [];
  const orProblem = <T>(promise: Promise<T>) => promise.catch((error: unknown) => void problems.push(error));
  const site = await orProblem(parts.definition);
  const read = site && (await orProblem(readSite(site, options, paths, reuse)));
  const templates = await orProblem(parts.templates);
  if (read) problems.push(...read.errors);
  if (read && templates) problems.push(...missingTemplates(read.routes, templates, site.source));
  if (read && templates) problems.push(...mdxComponentsReady(reuse.mdxComponents, read.validated, templates));
  // Mistakes in the content do not hide broken links: the pages that still render are checked too.
  if (problems.length > 0 && site && read && templates && problems.every((p) => errorsOf(p).length > 0)) {
    problems.push(...(await linksOfPartialSite(site, read, templates, parts, islandRenders)));
  }
  if (problems.length > 0 || !site || !read || !templates) throw failureOf(problems);
  const { config, raw, validated, routes, feeds, redirects, renderers } = read;
  const imagesMade = buildImages(config.contentDir, validated.images, config.base, {
    root: paths.root,
    cacheDir: paths.cacheDir,
    onProgress: options.onProgress,
  });
  const themes = site.markdown.highlight;
  const contrast = site.markdown.codeContrast;
  const styles = read.code && themes ? codeStyles(themes, contrast, site.source, paths.cacheDir) : undefined;
  const search = site.search ? searchScript() : undefined;
  const math = site.markdown.math ? katexStyles() : undefined;
  const assetsMade = Promise.all([parts.assets, parts.islands, imagesMade, styles, search]);
  const [bundle, islandBundle, images, code, searchFile] = await assetsMade;
  const content = collectionsOf(site, validated);
  const assets = templateAssets(config, bundle, code, searchFile);
  const islands = islandScripts(config, islandBundle);
  const keyOf = (entry: SourceEntry) => markdownKey(entry.hash, config.base, renderers.get(entry.collection)!);
  const refs = refTableOf({ config, site }, read, content);
  const locales = localePages({ config, site }, read);
  return {
    ...(locales ? { locales } : {}),
    ...{ config, site, raw, content, routes, feeds, redirects, assets, templates, bundle, islandBundle, islands },
    ...{ images, refs, islandRenders, searchScript: searchFile, timeout: site.timeout },
    ...(math ? { mathStyles: await math } : {}),
    ...{ codeStyles: code, entryHash: entryHashOf, markdownKey: keyOf, highlightWarnings: read.highlightWarnings },
    publication: validated.publication ?? { entries: [] },
  };
}

/** Hands MDX bodies the site's components (templates/mdx.ts); each one a body lacks, located. */
function mdxComponentsReady(holder: MdxComponents, validated: ValidatedContent, templates: Templates) {
  const items = everyItem(validated).filter((item) => item.mdx);
  if (items.length === 0) return [];
  holder.current = { ...templates.mdx };
  holder.renderHtml = renderIslandsPlain;
  return items.flatMap((item) => missingComponents(item.source, item.mdx!, templates.mdx, templates.mdxFile));
}

/** Configuration, content and routes: the stages that need the definition but not the templates. */
async function readSite(site: ResolvedSite, options: PrepareOptions, paths: SitePaths, reuse: ContentReuse) {
  const config = resolveConfig(site, options);
  const { drafts, future, now, base } = config;
  const stages = reuse.stages(site, base);
  // Blocks written plain as bodies render (dev tells each at once; a build with its warnings), each place once.
  const plain = toldOnce(options.onWarning);
  // Bodies read now hand their code blocks to the highlight pool (waited for by finish, below).
  reuse.highlighting.start();
  const raw = await loadContent(site, paths.root, config.contentDir, stages.load);
  for (const warning of raw.placement.warnings ?? []) plain.tell(warningText(warning));
  const publishing = { drafts, future, now, checkHeld: options.checkHeld };
  const valid = validateContent(site, raw, { ...publishing, base, onWarning: plain.tell }, stages.validation);
  if (site.i18n) valid.content.locales = localizeContent(site, valid.content);
  const complete = raw.errors.length === 0 && valid.errors.length === 0;
  const routed = createRoutes(site, valid.content, { base, complete, passthrough: raw.passthrough }, stages.routes);
  const errors = [...raw.errors, ...valid.errors, ...routed.errors];
  const code = await reuse.highlighting.ready(site, valid.content, { errors, warn: plain.tell }, stages.mdx);
  // The blocks of the bodies rendered later, highlighted in worker threads meanwhile (dev highlights as it renders).
  plain.warnings.unshift(...(await reuse.highlighting.finish(errors)));
  const { routes, feeds, redirects } = routed;
  return {
    ...{ config, raw, validated: valid.content, routes, feeds, redirects, errors, code, renderers: stages.renderers },
    highlightWarnings: plain.warnings,
  } as ReadSite;
}

/** Warnings each told once: kept in `warnings` and told on to `onWarning` as they come. */
function toldOnce(onWarning: ((message: string) => void) | undefined) {
  const warnings: string[] = [];
  const told = new Set<string>();
  const tell = (message: string) => {
    if (told.has(message)) return;
    told.add(message);
    warnings.push(message);
    onWarning?.(message);
  };
  return { warnings, tell };
}
