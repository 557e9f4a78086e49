// Pages leave the renderer as soon as they are rendered: they are written into the staging folder, measured
// (bytes, gzipped bytes, SHA-256) and their internal links listed, by the other core while this one renders.
// For a few pages the threadpool writes them and this thread measures them (starting a worker costs more than
// it saves); for many, worker threads do all of it (page-writer-threads.ts).
import { hash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { WriteFile } from "./file-writes.ts";
import type { PageRecord, PageWriter } from "./page-record.ts";
import { pageLinks, pageUses } from "../links/index.ts";
import { threadedWriter } from "./page-writer-threads.ts";
import type { FileState, Staging } from "./staging.ts";

/** What the page writer needs of the staging folder. */
type StagingFolder = Pick<Staging, "dir" | "folders" | "writes">;

/**
 * From this many pages, worker threads write them; below, the threadpool: for fewer pages a worker's start costs
 * about what it saves (whole cold builds of the journal at each size, scripts/bench-scale.js).
 */
export const WRITER_THREADS_FROM = 250;

/**
 * Starts the writer; without a staging folder pages are only measured (heirloom check). `pages`: how many
 * pages are coming (threads only for many), `toCreate` how many of them are files the staging folder does not
 * hold yet.
 */
export function createPageWriter(
  staging: StagingFolder | undefined,
  pages = Number.POSITIVE_INFINITY,
  toCreate = pages,
): PageWriter {
  const threads = writerThreads(pages, staging === undefined ? 0 : toCreate);
  return threads > 0 ? threadedWriter(staging?.dir, staging?.folders ?? [], threads) : pooledWriter(staging);
}

/**
 * How many writer threads: none below WRITER_THREADS_FROM pages; else one, and two when most pages are files to
 * create. Creating thousands of files is mostly waiting on the file system, which a second writer shares; a file
 * the staging folder holds is rewritten in place or, holding the same bytes, only measured. One writer is then
 * the slower side (gzip for the report is much of its work, and the main thread ends waiting for it), yet the
 * whole build is quicker than with two, whose start and work take the core the main thread needs.
 */
export function writerThreads(pages: number, toCreate: number): number {
  if (pages < WRITER_THREADS_FROM) return 0;
  return toCreate * 2 > pages ? 2 : 1;
}

/** Pages measured but not yet written before the renderer waits. */
const PENDING = 64;

/**
 * Measures each page as it is added (its SHA-256, gzipped size and links) and has the threadpool write it:
 * creating its file and folder, the slow part, is done by another core while this one renders on.
 */
function pooledWriter(staging: StagingFolder | undefined): PageWriter {
  const records: Array<Promise<PageRecord>> = [];
  const waiting: Array<() => void> = [];
  let pending = 0;
  let failure: { error: unknown } | undefined;
  const done = () => {
    pending--;
    waiting.shift()?.();
  };
  return {
    async add(outFile, html, recorded) {
      if (failure) throw failure.error;
      const record = pooledRecord(staging, outFile, html, recorded);
      records.push(record);
      pending++;
      record.then(done, (error: unknown) => {
        failure ??= { error };
        done();
      });
      if (pending > PENDING) await new Promise<void>((resume) => waiting.push(resume));
    },
    finish: () => Promise.all(records),
  };
}

async function pooledRecord(
  staging: StagingFolder | undefined,
  outFile: string,
  html: string,
  recorded: FileState | "unknown" | undefined,
): Promise<PageRecord> {
  const bytes = Buffer.from(html);
  const sha256 = hash("sha256", bytes);
  const found = pageLinks(html, staging === undefined);
  const file = staging && path.join(staging.dir, outFile);
  const written = file ? staging.writes.run((write) => placePage(write, file, bytes, sha256, recorded)) : undefined;
  // Here: for a page of a few kilobytes, zlib's asynchronous gzip costs this thread more than gzip itself.
  const gzipBytes = gzipSync(bytes, { level: 9 }).length;
  return {
    mtimeMs: written ? await written : 0,
    outFile,
    bytes: bytes.length,
    gzipBytes,
    sha256,
    links: found.links,
    fragments: found.fragments,
    ids: found.ids?.join("\n"),
    ...withUses(pageUses(html)),
  };
}

/** The uses a record keeps: none when the page has none (most pages of most sites). */
function withUses(uses: string): { uses?: string } {
  return uses ? { uses } : {};
}

/**
 * Writes a page, unless the seed's file there (the previous site's) holds its bytes: its record says so and its
 * size and time still match, or reading it shows it. The file's modification time.
 */
async function placePage(
  write: WriteFile,
  file: string,
  bytes: Buffer,
  sha256: string,
  recorded: FileState | "unknown" | undefined,
): Promise<number> {
  if (recorded !== undefined) {
    const { size, mtimeMs } = await stat(file);
    const vouched =
      recorded !== "unknown" && recorded.sha256 === sha256 && recorded.size === size && recorded.mtimeMs === mtimeMs;
    if (vouched || (size === bytes.length && (await readFile(file)).equals(bytes))) return mtimeMs;
  }
  return (await write(file, bytes)).mtimeMs;
}
