// `heirloom dev` runs the site's code on a thread of its own (src/serve/dev/site-thread/site-thread.ts). Starting it
// and loading its file (the engine's stages, in one file) is a good part of dev's first page (scripts/bench-scale.js):
// this does both as soon as the CLI's file is known, overlapping the CLI's own loading and dev's start. The thread
// then waits, unreferenced (it keeps no process alive), for dev to adopt it: dev takes it from the global below and
// sends it its data; a dev that never starts (a usage error) leaves it to end with the process.
import path from "node:path";
import v8 from "node:v8";
import { SHARE_ENV, Worker } from "node:worker_threads";

/** Where dev finds the waiting thread (src/serve/dev/site-thread/site-thread.ts names it too). */
const WAITING = Symbol.for("heirloom.devSiteThread");

/**
 * Starts dev's site thread on its compiled file `file` (its code cache `cacheFile`), with the heap limit dev gives
 * the threads it starts; left in the global for dev.
 */
export function prestartDevThread(file, cacheFile) {
  const limitMb = Math.floor(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
  const load = { file, cacheFile };
  const worker = new Worker(path.join(import.meta.dirname, "site-thread-boot.cjs"), {
    workerData: { heirloomLoad: load },
    env: SHARE_ENV,
    resourceLimits: { maxOldGenerationSizeMb: limitMb },
  });
  worker.unref();
  const waiting = { worker, limitMb, ...load, ended: false };
  // A thread that failed before dev adopts it is not adopted: dev starts its own, which meets the failure again.
  worker.on("error", () => {});
  worker.on("exit", () => (waiting.ended = true));
  globalThis[WAITING] = waiting;
}
