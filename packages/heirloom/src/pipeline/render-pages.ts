// The render phase of a build (and of `heirloom check`): every page rendered and handed to the page writer, or kept
// from the previous build where the incremental object finds nothing it was made from changed; then the site's
// other files, feeds and images among them (write-files.ts).
import type { BuildOptions } from "../config/options.ts";
import type { PageState } from "../incremental/build-state.ts";
import type { PageReuse } from "../incremental/incremental.ts";
import type { PageRecord } from "../output/write/index.ts";
import { createPageWriter } from "../output/write/index.ts";
import type { Staging } from "../output/write/index.ts";
import { contentOf, renderPage } from "../render/render.ts";
import { withMathStyles } from "../render/math-styles.ts";
import { trackContent } from "../render/track.ts";
import { runSiteCode } from "../compile/site-code.ts";
import { PastBudget, withinTime } from "../compile/time-budget.ts";
import type { PreparedSite } from "./prepare.ts";
import type { OutputFile } from "../assets/bundle.ts";
import { type SiteFiles, startFixedFiles, writeSiteFiles } from "./write-files.ts";

/** How long a batch of pages renders under one watchdog: each page gets the site's time less at most this. */
const BATCH_MS = 50;

/** The site's pages, rendered or kept. */
export interface RenderedPages {
  /** Each route's page, in the order of the routes. */
  records: PageRecord[];
  /** What the next build needs to know of each page. */
  pages: Map<string, PageState>;
  /** Routes rendered now; the others were kept. */
  rendered: string[];
  /** The stylesheets of the pages' math classes (render/math-styles.ts), each once. */
  mathFiles: OutputFile[];
}

/** Everything the render phase leaves in the staging folder: the pages and the other files. */
export type RenderedSite = RenderedPages & SiteFiles;

/**
 * Renders every page into the staging folder (or, without one, only measures it), keeping what `reuse` allows,
 * then the site's other files.
 */
export async function renderSite(
  site: PreparedSite,
  staging: Staging | undefined,
  reuse: PageReuse | undefined,
  onProgress?: BuildOptions["onProgress"],
): Promise<RenderedSite> {
  // The files the pages do not decide are written while they are rendered, the others once they are.
  const fixed = staging && startFixedFiles(site, staging);
  const pages = await renderPages(site, staging, reuse, onProgress);
  const other = await writeSiteFiles(site, staging, reuse, fixed);
  for (const file of pages.mathFiles) staging?.write(file.path, file.contents);
  return { ...pages, ...other, files: [...other.files, ...pages.mathFiles] };
}

/** Renders every page to the page writer, or copies it from the previous build where `reuse` allows. */
async function renderPages(
  site: PreparedSite,
  staging: Staging | undefined,
  reuse: PageReuse | undefined,
  onProgress?: BuildOptions["onProgress"],
): Promise<RenderedPages> {
  // What each page is made from, and whether the last build's is kept: the writer is sized by the pages to render
  // (an edited post of a 600-page blog renders 2, which no writer thread pays for).
  const steps = site.routes.map((route) => {
    const key = reuse?.key(route) ?? "";
    return { route, key, kept: staging && reuse?.page(route, key) };
  });
  const toRender = steps.filter((step) => !step.kept);
  const toCreate = staging ? toRender.filter(({ route }) => staging.recorded(route.outFile) === undefined).length : 0;
  const writer = createPageWriter(staging, toRender.length, toCreate);
  const records: PageRecord[] = [];
  const renderedNow: Array<{ index: number; state: Omit<PageState, "record"> }> = [];
  const pages = new Map<string, PageState>();
  const math = new Map<string, string>();
  const renderStep = (index: number) => {
    const { route, key, kept } = steps[index];
    onProgress?.("Rendering pages", index, site.routes.length);
    if (kept && staging) {
      staging.copy(route.outFile, kept.copyFrom, kept.bytes);
      site.images.markUsed(kept.state.images);
      if (kept.state.math) math.set(...kept.state.math);
      records[index] = kept.state.record;
      pages.set(route.outFile, kept.state);
      return undefined;
    }
    // A page of another locale reads that locale's collections (see contentOf), recorded as such.
    const other = route.locale !== undefined && site.locales?.has(route.locale) ? route.locale : undefined;
    const tracked = trackContent(contentOf(site, other), site.entryHash, other);
    // What the page's code reads of the environment is recorded as what it reads of the content is.
    const { result, used } = site.images.track(() => runSiteCode(() => renderPage(site, route, tracked.content)));
    // Only a site with math has pages that link KaTeX's stylesheet.
    const page = site.mathStyles ? withMathStyles(result.result, site.config.base) : { html: result.result };
    if (page.styles) math.set(...page.styles);
    const state = {
      key,
      deps: tracked.deps(),
      env: result.env,
      images: used,
      ...(page.styles && { math: page.styles }),
    };
    return { html: page.html, made: { index, state } };
  };
  for (let next = 0; next < steps.length; ) {
    // Pages are rendered in batches of BATCH_MS under one watchdog of the site's time, which each page's render
    // then runs within (time-budget.ts): one watchdog a page costs a large build much CPU.
    const batch: Array<NonNullable<ReturnType<typeof renderStep>>> = [];
    try {
      withinTime(() => {
        const end = performance.now() + BATCH_MS;
        do {
          const rendered = renderStep(next++);
          if (rendered) batch.push(rendered);
        } while (next < steps.length && performance.now() < end);
      }, site.timeout);
    } catch (error) {
      throw error instanceof PastBudget ? (error.blamed ?? error) : error;
    }
    for (const { html, made: page } of batch) {
      const { outFile } = steps[page.index].route;
      await writer.add(outFile, html, staging?.recorded(outFile));
      renderedNow.push(page);
    }
  }
  const written = await writer.finish();
  renderedNow.forEach(({ index, state }, i) => {
    const record = written[i];
    records[index] = record;
    pages.set(record.outFile, { ...state, record });
    staging?.record(record.outFile, { sha256: record.sha256, size: record.bytes, mtimeMs: record.mtimeMs });
  });
  const mathFiles = [...math].map(([path, css]) => ({ path, contents: Buffer.from(css) }));
  return { records, pages, rendered: renderedNow.map(({ index }) => site.routes[index].path), mathFiles };
}
