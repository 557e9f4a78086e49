// The render phase of a build (and of `heirloom check`): every page rendered and handed to the page writer,
// or kept from the previous build where the incremental object finds nothing it was made from changed; then
// every internal link checked against everything the output will hold.
import type { OutputFile } from "../assets/bundle.ts";
import type { BuildOptions } from "../config/options.ts";
import type { HeirloomError } from "../errors/errors.ts";
import type { PageState } from "../incremental/build-state.ts";
import type { FinishedBuild, PageReuse } from "../incremental/incremental.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { checkLinks, checkRedirectTargets } from "../output/links/index.ts";
import { pageLinks } from "../output/links/index.ts";
import type { PageRecord } from "../output/write/index.ts";
import { createPageWriter } from "../output/write/index.ts";
import { type FeedSelections, feedEntries } from "../output/files/index.ts";
import { fixedFiles, siteFiles } from "../output/files/index.ts";
import type { Staging } from "../output/write/index.ts";
import { contentOf, publishedOnSite, renderPage } from "../render/render.ts";
import { trackContent } from "../render/track.ts";
import { runSiteCode } from "../compile/site-code.ts";
import { PastBudget, withinTime } from "../compile/time-budget.ts";
import type { PreparedSite } from "./prepare.ts";
import { templateLinkFinder } from "../output/links/index.ts";

/** How long a batch of pages renders under one watchdog: each page gets the site's time less at most this. */
const BATCH_MS = 50;

export interface RenderedSite {
  /** Each route's page, in the order of the routes. */
  records: PageRecord[];
  /** Everything else the output holds, written now into the staging folder (kept feeds are copied already). */
  files: OutputFile[];
  /** Broken internal links (none when the site has them warned about: see `linkWarnings`). */
  problems: HeirloomError[];
  /** Broken internal links of a site with `brokenLinks: "warn"`, each with its place. */
  linkWarnings: string[];
  /** What the next build needs to know of each page and feed. */
  pages: Map<string, PageState>;
  feeds: FinishedBuild["feeds"];
  /** Routes rendered now; the others were kept. */
  rendered: string[];
}

/**
 * Renders every page into the staging folder (or, without one, only measures it), keeping what `reuse`
 * allows, and checks every internal link.
 */
export async function renderPages(
  site: PreparedSite,
  staging: Staging | undefined,
  reuse: PageReuse | undefined,
  onProgress?: BuildOptions["onProgress"],
): Promise<RenderedSite> {
  // The files the pages do not decide are written while they are rendered, the others once they are.
  const fixed = staging && fixedFiles(site);
  const early = fixed?.then((found) => writeFiles(staging!, Object.values(found).flat()));
  // A file that cannot be read is told where the files are gathered (siteFiles).
  early?.catch(() => {});
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
  const made: Array<{ index: number; state: Omit<PageState, "record"> }> = [];
  const pages = new Map<string, PageState>();
  const renderStep = (index: number) => {
    const { route, key, kept } = steps[index];
    onProgress?.("Rendering pages", index, site.routes.length);
    if (kept && staging) {
      staging.copy(route.outFile, kept.copyFrom, kept.bytes);
      site.images.markUsed(kept.state.images);
      records[index] = kept.state.record;
      pages.set(route.outFile, kept.state);
      return undefined;
    }
    // A page of another locale reads that locale's collections (see contentOf), recorded as such.
    const other = route.locale !== undefined && site.locales?.has(route.locale) ? route.locale : undefined;
    const tracked = trackContent(contentOf(site, other), site.entryHash, other);
    // What the page's code reads of the environment is recorded as what it reads of the content is.
    const { result, used } = site.images.track(() => runSiteCode(() => renderPage(site, route, tracked.content)));
    return {
      html: result.result,
      made: { index, state: { key, deps: tracked.deps(), env: result.env, images: used } },
    };
  };
  for (let next = 0; next < steps.length; ) {
    // Pages are rendered in batches of BATCH_MS under one watchdog of the site's time, which each page's render
    // then runs within (time-budget.ts): a watchdog a page cost a build of 1,000 posts 0.7 s of CPU.
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
      made.push(page);
    }
  }
  const written = await writer.finish();
  made.forEach(({ index, state }, i) => {
    const record = written[i];
    records[index] = record;
    pages.set(record.outFile, { ...state, record });
    staging?.record(record.outFile, { sha256: record.sha256, size: record.bytes, mtimeMs: record.mtimeMs });
  });
  // Each feed's entries are selected once: for its key, then for its file.
  const selections: FeedSelections = new Map();
  const { feeds, kept } = keepFeeds(site, staging, reuse, selections);
  const toWrite = site.feeds.filter((f) => !kept.has(f.path.slice(1)));
  const files = await siteFiles(site, toWrite, selections, fixed);
  if (staging) {
    const written = await early!;
    writeFiles(
      staging,
      files.filter((file) => !written.has(file)),
    );
  }
  // A kept page's ids are read from its file in the staging folder: its copy there must have landed (the copies
  // run on the threadpool; read early, a file still being copied gave no ids, and its broken #fragment went untold).
  await staging?.writes.settled();
  const ids = new Map(records.map((r) => [r.outFile, { text: r.ids, set: undefined as Set<string> | undefined }]));
  const published = new Set([...records.map((r) => r.outFile), ...files.map((f) => f.path), ...kept]);
  const { base } = site.config;
  const { unregistered } = site.site;
  const problems = checkLinks({
    pages: records.map((record, i) => {
      const route = site.routes[i];
      const { links, fragments, outFile } = record;
      return { route: route.path, links, fragments, outFile, file: route.entry.file };
    }),
    files: published,
    base,
    unregistered,
    entries: site.raw.entries,
    drafts: site.config.drafts,
    templateLink: templateLinkFinder(site.config.templatesDir, site.config.root),
    published: publishedOnSite(site),
    contentFiles: site.raw.images,
    // Made into a set only for the pages a fragment names, read from the page's file if the writer did not.
    idsOf: (file) => {
      const known = ids.get(file);
      if (!known) return undefined;
      known.text ??= staging && idsInFile(path.join(staging.dir, file));
      return known.text === undefined ? undefined : (known.set ??= new Set(known.text ? known.text.split("\n") : []));
    },
  });
  problems.push(...checkRedirectTargets(site.redirects, { files: published, base, unregistered }));
  const rendered = made.map(({ index }) => site.routes[index].path);
  // A ported site may publish with the broken links its old posts hold: each is told, at its place.
  const warn = site.site.brokenLinks === "warn";
  const linkWarnings = warn ? problems.map(warningOf) : [];
  return { records, files, problems: warn ? [] : problems, linkWarnings, pages, feeds, rendered };
}

/** Starts writing files into the staging folder (the swap waits for them); the files. */
function writeFiles(staging: Staging, files: OutputFile[]): Set<OutputFile> {
  for (const file of files) staging.write(file.path, file.contents);
  return new Set(files);
}

/** A problem told as a warning: its message and where it is written. */
function warningOf(problem: HeirloomError): string {
  const { file, line, column } = problem.location ?? {};
  const place = file ? ` (${[file, line, column].filter((part) => part !== undefined).join(":")})` : "";
  return `${problem.message}${place}`;
}

/** The ids of a written page's elements, one a line; undefined when the file cannot be read. */
function idsInFile(file: string): string | undefined {
  try {
    return (pageLinks(readFileSync(file, "utf8")).ids ?? []).join("\n");
  } catch {
    return undefined;
  }
}

/**
 * Each feed's key and the variables its entries' bodies read; the feeds whose entries, context and variables are
 * unchanged are copied as they are.
 */
function keepFeeds(
  site: PreparedSite,
  staging: Staging | undefined,
  reuse: PageReuse | undefined,
  selections: FeedSelections,
) {
  const feeds: RenderedSite["feeds"] = new Map();
  const kept = new Set<string>();
  for (const feed of site.feeds) {
    const file = feed.path.slice(1);
    // Without a site URL no feed is written (see feedFiles), so its entries are not selected for a key.
    const entries = site.config.siteUrl ? feedEntries(feed, selections) : undefined;
    const known = entries && reuse?.feed(feed, entries);
    if (!staging || !known?.kept) {
      // The bodies' HTML the feed is written with, rendered now (or read again, with what it read then).
      const env = entries && runSiteCode(() => entries.map((entry) => (entry as { html?: unknown }).html)).env;
      feeds.set(file, { key: known?.key ?? "", env });
      continue;
    }
    feeds.set(file, { key: known.key, env: known.kept.state.env });
    staging.copy(file, known.kept.copyFrom, known.kept.bytes);
    kept.add(file);
  }
  return { feeds, kept };
}
