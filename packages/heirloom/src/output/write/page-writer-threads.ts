// The page writer in worker threads, for many pages: the main thread renders while they write pages into the
// staging folder and measure them (bytes, gzipped bytes, SHA-256, links), a batch at a time. At most a few
// batches are in flight, so memory stays bounded.
import { Worker } from "node:worker_threads";
import { workerFile } from "../../compile/worker-file.ts";
import type { PageRecord, PageWriter } from "./page-record.ts";
import type { FileState } from "./staging.ts";

const BATCH = 32;
/** Batches queued per worker before the renderer waits. */
const IN_FLIGHT = 3;

/** Writes and measures pages in `threads` worker threads, a batch at a time, while the main thread renders. */
export function threadedWriter(dir: string | undefined, folders: string[], threads: number): PageWriter {
  const records: PageRecord[] = [];
  const waiting: Array<() => void> = [];
  let batch: Array<{ outFile: string; html: string; recorded?: FileState | "unknown" }> = [];
  let added = 0;
  let sent = 0;
  let inFlight = 0;
  let failure: unknown;
  let drained: (() => void) | undefined;
  const started = (file: string) =>
    Array.from({ length: threads }, () => {
      const worker = new Worker(file, { workerData: { dir, folders } });
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
      return worker;
    });
  // Compiled beside the CLI: started at once; from a source checkout (the tests), once it is compiled.
  const file = workerFile("pages", "output/write/page-writer-worker.ts");
  const ready = typeof file === "string" ? Promise.resolve(started(file)) : file.then(started);
  const send = (workers: Worker[]) => {
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
      const workers = await ready;
      send(workers);
      if (inFlight > IN_FLIGHT * workers.length) await new Promise<void>((resume) => waiting.push(resume));
    },
    async finish() {
      const workers = await ready;
      send(workers);
      if (inFlight > 0 && !failure) await new Promise<void>((resolve) => (drained = resolve));
      await Promise.all(workers.map((w) => w.terminate()));
      if (failure) throw failure;
      return records;
    },
  };
}
