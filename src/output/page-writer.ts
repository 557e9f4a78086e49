// Pages leave the renderer as soon as they are rendered: a worker thread writes them into the staging
// folder, measures them (bytes, gzipped bytes, SHA-256) and lists their internal links, on the second
// core while the first renders. At most a few batches are in flight, so memory stays bounded.
import { Worker } from "node:worker_threads";
import { internalUrls } from "./links.ts";
import { makeFolder as makeFolderSource } from "./staging.ts";

/** What the build keeps of a page once it is written. */
export interface PageRecord {
  outFile: string;
  bytes: number;
  gzipBytes: number;
  sha256: string;
  /** Internal URLs of the page's href, src and srcset attributes. */
  links: string[];
  /** The written file's modification time (0 when nothing was written). */
  mtimeMs: number;
}

export interface PageWriter {
  /** Queues a page; resolves when there is room for the next one. */
  add(outFile: string, html: string): Promise<void>;
  /** Waits for every queued page; the records in the order the pages were added. */
  finish(): Promise<PageRecord[]>;
}

const BATCH = 32;
const IN_FLIGHT = 4;

/** Starts a writer; without `dir` pages are only measured (heirloom check). */
export function createPageWriter(dir: string | undefined): PageWriter {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dir } });
  worker.unref();
  const records: PageRecord[] = [];
  const waiting: Array<() => void> = [];
  let batch: Array<{ outFile: string; html: string }> = [];
  let inFlight = 0;
  let failure: unknown;
  let drained: (() => void) | undefined;
  worker.on("message", (done: PageRecord[]) => {
    records.push(...done);
    inFlight--;
    waiting.shift()?.();
    if (inFlight === 0) drained?.();
  });
  worker.on("error", (error) => {
    failure = error;
    for (const resume of waiting.splice(0)) resume();
    drained?.();
  });
  const send = () => {
    if (batch.length === 0) return;
    worker.postMessage(batch);
    batch = [];
    inFlight++;
  };
  return {
    async add(outFile, html) {
      if (failure) throw failure;
      batch.push({ outFile, html });
      if (batch.length < BATCH) return;
      send();
      if (inFlight > IN_FLIGHT) await new Promise<void>((resume) => waiting.push(resume));
    },
    async finish() {
      send();
      if (inFlight > 0 && !failure) await new Promise<void>((resolve) => (drained = resolve));
      await worker.terminate();
      if (failure) throw failure;
      return records;
    },
  };
}

/** The worker, self-contained: it shares with the engine only `internalUrls`, passed as source. */
function writerMain(): void {
  const { parentPort, workerData } = require("node:worker_threads") as typeof import("node:worker_threads");
  const fs = require("node:fs") as typeof import("node:fs");
  const path = require("node:path") as typeof import("node:path");
  const zlib = require("node:zlib") as typeof import("node:zlib");
  const crypto = require("node:crypto") as typeof import("node:crypto");
  const dir = (workerData as { dir?: string }).dir;
  // The staging folder exists; folders below it are made once each, parents first.
  const made = new Set<string>(dir ? [dir] : []);
  parentPort!.on("message", (pages: Array<{ outFile: string; html: string }>) => {
    const records = pages.map(({ outFile, html }) => {
      const bytes = Buffer.from(html);
      let mtimeMs = 0;
      if (dir) {
        const file = path.join(dir, outFile);
        makeFolder(path.dirname(file), made, (f) => fs.mkdirSync(f), path.dirname);
        fs.writeFileSync(file, bytes);
        mtimeMs = fs.statSync(file).mtimeMs;
      }
      return {
        mtimeMs,
        outFile,
        bytes: bytes.length,
        gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        links: findLinks(html),
      };
    });
    parentPort!.postMessage(records);
  });
}
declare function findLinks(html: string): string[];
declare function makeFolder(folder: string, made: Set<string>, mkdir: (folder: string) => void, dirname: (p: string) => string): void;

// The worker gets the engine's own functions as source; minifiers may wrap functions in a naming helper,
// so the worker gets a harmless one.
const WORKER_SOURCE = [
  "var __name = (f) => f;",
  `const findLinks = ${internalUrls.toString()};`,
  `const makeFolder = ${makeFolderSource.toString()};`,
  `(${writerMain.toString()})();`,
].join("\n");
