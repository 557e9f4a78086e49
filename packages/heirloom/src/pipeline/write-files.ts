// The files of a build that are not pages: those the pages do not decide (assets, passthrough files, redirects,
// hosting files) written while the pages render, the others (images, feeds) once they are; a feed whose entries,
// context and variables are unchanged is copied from the previous build.
import type { OutputFile } from "../assets/bundle.ts";
import type { FinishedBuild, PageReuse } from "../incremental/incremental.ts";
import { type FeedSelections, feedEntries } from "../output/files/index.ts";
import { type FixedFiles, fixedFiles, siteFiles } from "../output/files/index.ts";
import type { Staging } from "../output/write/index.ts";
import { runSiteCode } from "../compile/site-code.ts";
import type { PreparedSite } from "./prepare.ts";

/** The files the pages do not decide: found, and being written into the staging folder. */
export interface StartedFiles {
  found: Promise<FixedFiles>;
  /** The files whose writes have started. */
  written: Promise<Set<OutputFile>>;
}

/** What the output holds besides the pages. */
export interface SiteFiles {
  /** Everything else the output holds, written now into the staging folder (kept feeds are copied already). */
  files: OutputFile[];
  /** What the next build needs to know of each feed. */
  feeds: FinishedBuild["feeds"];
  /** The feeds copied as they were, by their file. */
  keptFeeds: Set<string>;
}

/** Starts writing the files the pages do not decide (a file that cannot be read is told by writeSiteFiles). */
export function startFixedFiles(site: PreparedSite, staging: Staging): StartedFiles {
  const found = fixedFiles(site);
  const written = found.then((files) => writeFiles(staging, Object.values(files).flat()));
  written.catch(() => {});
  return { found, written };
}

/**
 * The files besides the pages (once they are rendered: images are those the pages used), written into the staging
 * folder unless `fixed` started them; without a staging folder, only made.
 */
export async function writeSiteFiles(
  site: PreparedSite,
  staging: Staging | undefined,
  reuse: PageReuse | undefined,
  fixed?: StartedFiles,
): Promise<SiteFiles> {
  // Each feed's entries are selected once: for its key, then for its file.
  const selections: FeedSelections = new Map();
  const { feeds, kept } = keepFeeds(site, staging, reuse, selections);
  const toWrite = site.feeds.filter((f) => !kept.has(f.path.slice(1)));
  const files = await siteFiles(site, toWrite, selections, fixed?.found);
  if (staging) {
    const written = await fixed!.written;
    writeFiles(
      staging,
      files.filter((file) => !written.has(file)),
    );
  }
  return { files, feeds, keptFeeds: kept };
}

/** Starts writing files into the staging folder (the swap waits for them); the files. */
function writeFiles(staging: Staging, files: OutputFile[]): Set<OutputFile> {
  for (const file of files) staging.write(file.path, file.contents);
  return new Set(files);
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
  const feeds: SiteFiles["feeds"] = new Map();
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
