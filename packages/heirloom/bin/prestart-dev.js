// `heirloom dev` runs the site's code on a bounded thread of its own (src/serve/dev/site-thread/). This starts it, and
// has it load its file, as soon as the CLI's file is known, so that both overlap with the CLI's own loading and dev's
// start. The thread then waits, unreferenced (it keeps no process alive), for dev to adopt it: dev takes it from the
// global below and sends it its data; a dev that never starts (a usage error) leaves it to end with the process.
import path from "node:path";
import { spawnBounded } from "./bounded-worker.js";
import { LOAD_KEY, WAITING_THREAD } from "./thread-keys.cjs";

/**
 * Starts dev's site thread on its compiled file `file` (its code cache `cacheFile`), bounded as dev bounds the
 * threads it starts; left in the global for dev (src/serve/dev/site-thread/site-thread-adopt.ts).
 */
export function prestartDevThread(file, cacheFile) {
  const load = { file, cacheFile };
  const thread = spawnBounded(path.join(import.meta.dirname, "site-thread-boot.cjs"), {
    workerData: { [LOAD_KEY]: load },
  });
  thread.worker.unref();
  const waiting = { ...thread, ...load, ended: false };
  // A thread that failed before dev adopts it is not adopted: dev starts its own, which meets the failure again.
  thread.worker.on("error", () => {});
  thread.worker.on("exit", () => (waiting.ended = true));
  globalThis[Symbol.for(WAITING_THREAD)] = waiting;
}
