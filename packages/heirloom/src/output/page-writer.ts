// Pages leave the renderer as soon as they are rendered: they are written into the staging folder, measured
// (bytes, gzipped bytes, SHA-256) and their internal links listed; for many pages by worker threads while
// the main thread renders. At most a few batches are in flight, so memory stays bounded.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { pageLinks } from "./page-links.ts";
import { type FileState, makeFolder as makeFolderSource } from "./staging.ts";

/** What the build keeps of a page once it is written. */
export interface PageRecord {
  outFile: string;
  bytes: number;
  gzipBytes: number;
  sha256: string;
  /** Internal URLs of the page's href, src and srcset attributes. */
  links: string[];
  /** Its links with a #fragment. */
  fragments: string[];
  /**
   * The ids of its elements (what the fragments of links to it may name), one a line (one string is cheaper to
   * pass from a worker and to store than a list); read only for a page with a fragment of its own, or when it
   * is not written (heirloom check): another page's are read from its file when a link names it.
   */
  ids?: string;
  /** The written file's modification time (0 when nothing was written). */
  mtimeMs: number;
}

export interface PageWriter {
  /**
   * Queues a page; resolves when there is room for the next one. `recorded`: what the staging folder's file
   * held when it was recorded (trusted while its size and time match), "unknown" if a file is there unrecorded.
   */
  add(outFile: string, html: string, recorded?: FileState | "unknown"): Promise<void>;
  /** Waits for every queued page; the records in the order the pages were added. */
  finish(): Promise<PageRecord[]>;
}

const BATCH = 32;
/** Batches queued per worker before the renderer waits. */
const IN_FLIGHT = 3;
/**
 * Below this many pages the main thread writes them itself: starting the writers costs more than they save.
 * A whole build with the writers against one without took 1.17 of the time at 5 pages, 1.01 at 300 posts,
 * 0.99 at 600, 0.96 at 1,000 and 0.81 at 10,000 (alternating, median of pairs).
 */
export const WRITER_THREADS_FROM = 1000;

/**
 * Starts the writer; without `dir` pages are only measured (heirloom check). `folders` are the folders
 * the staging folder already has; `pages`, how many pages are coming (threads only for many), `toCreate` how
 * many of them are files the staging folder does not hold yet.
 */
export function createPageWriter(
  dir: string | undefined,
  folders: string[] = [],
  pages = Number.POSITIVE_INFINITY,
  toCreate = pages,
): PageWriter {
  const threads = writerThreads(pages, dir === undefined ? 0 : toCreate);
  return threads > 0 ? threadedWriter(dir, folders, threads) : inlineWriter(dir, folders);
}

/**
 * How many writer threads: none below WRITER_THREADS_FROM pages; else one, and two when most pages are files to
 * create. Creating thousands of files is mostly waiting on the file system, which a second writer shares; a file
 * the staging folder holds is rewritten in place or, holding the same bytes, only measured. One writer is then
 * the slower side (gzip for the report is half its work; the main thread waits for it about 130 ms at 1,000
 * posts), yet the whole build is quicker than with two, whose start and work take the core the main thread needs.
 * At 1,000 posts, one writer against two (whole-process builds, alternating, median of pair ratios): a rebuild
 * with the same pages 0.97 of the time (cpu 0.95), with every page changed 1.00 (cpu 0.97), with a highlighted
 * code block in every post 0.99, a build into an empty folder 1.03 (both building in the same folder: on this
 * machine one folder's builds took twice as long as another's, the same files in both).
 */
export function writerThreads(pages: number, toCreate: number): number {
  if (pages < WRITER_THREADS_FROM) return 0;
  return toCreate * 2 > pages ? 2 : 1;
}

/** Writes and measures each page as it is added, on this thread. */
function inlineWriter(dir: string | undefined, folders: string[]): PageWriter {
  const write = pageWriterFor(
    { fs, path, zlib, crypto, findLinks: pageLinks, makeFolder: makeFolderSource },
    dir,
    folders,
  );
  const records: PageRecord[] = [];
  return {
    async add(outFile, html, recorded) {
      records.push(write({ outFile, length: html.length, recorded }, html));
    },
    async finish() {
      return records;
    },
  };
}

/** Writes and measures pages in `threads` worker threads, a batch at a time, while the main thread renders. */
function threadedWriter(dir: string | undefined, folders: string[], threads: number): PageWriter {
  const workers = Array.from(
    { length: threads },
    () => new Worker(WORKER_SOURCE, { eval: true, workerData: { dir, folders } }),
  );
  const records: PageRecord[] = [];
  const waiting: Array<() => void> = [];
  let batch: Array<{ outFile: string; html: string; recorded?: FileState | "unknown" }> = [];
  let added = 0;
  let sent = 0;
  let inFlight = 0;
  let failure: unknown;
  let drained: (() => void) | undefined;
  for (const worker of workers) {
    worker.unref();
    worker.on("message", ({ first, done }: { first: number; done: PageRecord[] }) => {
      done.forEach((record, i) => (records[first + i] = record));
      inFlight--;
      waiting.shift()?.();
      if (inFlight === 0) drained?.();
    });
    worker.on("error", (error) => {
      failure = error;
      for (const resume of waiting.splice(0)) resume();
      drained?.();
    });
  }
  const send = () => {
    if (batch.length === 0) return;
    // One string for the batch's pages: a message of one long string costs far less than of many.
    const html = batch.map((page) => page.html).join("");
    const pages = batch.map(({ outFile, html, recorded }) => ({ outFile, length: html.length, recorded }));
    workers[sent++ % workers.length].postMessage({ first: added - batch.length, pages, html });
    batch = [];
    inFlight++;
  };
  return {
    async add(outFile, html, recorded) {
      if (failure) throw failure;
      batch.push({ outFile, html, recorded });
      added++;
      if (batch.length < BATCH) return;
      send();
      if (inFlight > IN_FLIGHT * workers.length) await new Promise<void>((resume) => waiting.push(resume));
    },
    async finish() {
      send();
      if (inFlight > 0 && !failure) await new Promise<void>((resolve) => (drained = resolve));
      await Promise.all(workers.map((w) => w.terminate()));
      if (failure) throw failure;
      return records;
    },
  };
}

interface WorkerModules {
  fs: typeof import("node:fs");
  path: typeof import("node:path");
  zlib: typeof import("node:zlib");
  crypto: typeof import("node:crypto");
  findLinks: typeof pageLinks;
  makeFolder: typeof makeFolderSource;
}

type Page = { outFile: string; length: number; recorded?: FileState | "unknown" };

/**
 * What writes and measures one page, for a staging folder (or none: measured only). Self-contained: the
 * worker runs its source, so everything it uses is a parameter: Node's modules (a bundler may rewrite
 * `require` inside functions) and the engine's `pageLinks` and `makeFolder`, passed as source (a
 * bundler may rename what a free name refers to).
 */
function pageWriterFor(
  { fs, path, zlib, crypto, findLinks, makeFolder }: WorkerModules,
  dir: string | undefined,
  folders: string[],
) {
  // The staging folder and the folders it has exist; others are made once each, parents first.
  const made = new Set<string>(dir ? [dir, ...folders.map((f) => path.join(dir, f))] : []);
  return ({ outFile, recorded }: Page, html: string): PageRecord => {
    const bytes = Buffer.from(html);
    const sha256 = crypto.hash("sha256", bytes);
    const file = dir && path.join(dir, outFile);
    let mtimeMs = 0;
    let kept = false;
    if (file && recorded !== undefined) {
      // A file of the seed (the previous site) is kept if it holds these bytes: its record says so and its size
      // and time still match, or reading it shows it.
      const stat = fs.statSync(file);
      const vouched =
        recorded !== "unknown" &&
        recorded.sha256 === sha256 &&
        recorded.size === stat.size &&
        recorded.mtimeMs === stat.mtimeMs;
      kept = vouched || (stat.size === bytes.length && fs.readFileSync(file).equals(bytes));
      if (kept) mtimeMs = stat.mtimeMs;
    }
    if (file && !kept) {
      // Overwriting a file the staging folder already has is much cheaper than creating one.
      // (Only anonymous functions in here: with keepNames, esbuild names named ones through a helper of its own.)
      makeFolder(
        path.dirname(file),
        made,
        (folder) => (fs.mkdirSync(folder), fs.chmodSync(folder, 0o755)),
        path.dirname,
      );
      fs.writeFileSync(file, bytes);
      const stat = fs.statSync(file);
      // The same modes whatever the umask: a site built twice has the same files.
      if ((stat.mode & 0o777) !== 0o644) fs.chmodSync(file, 0o644);
      mtimeMs = stat.mtimeMs;
    }
    const found = findLinks(html, file === undefined);
    return {
      mtimeMs,
      outFile,
      bytes: bytes.length,
      gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
      sha256,
      links: found.links,
      fragments: found.fragments,
      ids: found.ids?.join("\n"),
    };
  };
}

/** The worker: takes batches of pages (one string each) and answers with their records. */
function writerMain(
  modules: WorkerModules & { threads: typeof import("node:worker_threads") },
  writerFor: typeof pageWriterFor,
): void {
  const { parentPort, workerData } = modules.threads;
  const { dir, folders } = workerData as { dir?: string; folders: string[] };
  const write = writerFor(modules, dir, folders);
  parentPort!.on("message", ({ first, pages, html: joined }: { first: number; pages: Page[]; html: string }) => {
    let offset = 0;
    const records = pages.map((page) => write(page, joined.slice(offset, (offset += page.length))));
    parentPort!.postMessage({ first, done: records });
  });
}
const WORKER_SOURCE = `(${writerMain.toString()})({
  threads: require("node:worker_threads"),
  fs: require("node:fs"),
  path: require("node:path"),
  zlib: require("node:zlib"),
  crypto: require("node:crypto"),
  findLinks: ${pageLinks.toString()},
  makeFolder: ${makeFolderSource.toString()},
}, ${pageWriterFor.toString()});`;
