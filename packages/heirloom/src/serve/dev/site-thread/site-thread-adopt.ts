// The site thread bin/prestart-dev.js started while the CLI loaded, already loading its file: dev's first thread,
// adopted when it loads what dev's would, bounded as dev's is.
import type { BoundedThread } from "../../../../bin/bounded-worker.js";
import { WAITING_THREAD } from "../../../../bin/thread-keys.cjs";
import type { ToSiteThread } from "./site-thread-messages.ts";

/** Where bin/prestart-dev.js leaves the thread it started. */
const WAITING = Symbol.for(WAITING_THREAD);

/** What bin/prestart-dev.js leaves: its thread, the file it loads and that file's code cache, whether it ended. */
interface Waiting extends BoundedThread {
  file: string;
  cacheFile: string | undefined;
  ended: boolean;
}

/**
 * The thread bin/prestart-dev.js started, given its `data`, if it loads the file this one would with the limit this
 * one has (taken once: the threads started after it, when one dies, are dev's own); else it is ended.
 */
export function adoptWaiting(
  data: object,
  load: { file: string; cacheFile?: string },
  limitMb: number,
): BoundedThread | undefined {
  const global = globalThis as { [WAITING]?: Waiting };
  const waiting = global[WAITING];
  delete global[WAITING];
  if (!waiting) return undefined;
  const same = waiting.limitMb === limitMb && waiting.file === load.file && waiting.cacheFile === load.cacheFile;
  if (!same || waiting.ended) {
    void waiting.worker.terminate();
    return undefined;
  }
  waiting.worker.ref();
  waiting.worker.postMessage({ type: "start", data } satisfies ToSiteThread);
  return waiting;
}
