// The page writer in worker threads, for many pages: the main thread renders while they write pages into the
// staging folder and measure them (bytes, gzipped bytes, SHA-256, links), a batch at a time. At most a few
// batches are in flight, so memory stays bounded.
import { Worker } from "node:worker_threads";
import type { PageRecord, PageWriter } from "./page-record.ts";
import { pageLinks } from "./page-links.ts";
import type { FileState } from "./staging.ts";

const BATCH = 32;
/** Batches queued per worker before the renderer waits. */
const IN_FLIGHT = 3;

/** Writes and measures pages in `threads` worker threads, a batch at a time, while the main thread renders. */
export function threadedWriter(dir: string | undefined, folders: string[], threads: number): PageWriter {
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
  makeFolder: typeof makeFolder;
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
  makeFolder: ${makeFolder.toString()},
}, ${pageWriterFor.toString()});`;

/**
 * Creates a folder and its missing parents, remembering them: a plain mkdir is much cheaper than a
 * recursive one. Self-contained (the worker runs its source), so it is given mkdir and dirname.
 */
function makeFolder(
  folder: string,
  made: Set<string>,
  mkdir: (folder: string) => void,
  dirname: (p: string) => string,
): void {
  // `mkdir` also gives the folder its mode (0o755, whatever the umask).
  if (made.has(folder)) return;
  makeFolder(dirname(folder), made, mkdir, dirname);
  try {
    mkdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  made.add(folder);
}
