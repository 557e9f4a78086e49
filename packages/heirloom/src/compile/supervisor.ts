// What a build running on a supervised thread tells the thread that started it (bin/supervise.js): which site
// code runs now, so that running out of memory is told at its place, and the folders and locks it would leave
// behind if it were stopped there, for the supervisor to remove. Off such a thread, each call does nothing.
import { isMainThread, parentPort, workerData } from "node:worker_threads";

/**
 * Where site code runs: its file and line (an MDX body's expression, a module as it loads), or the template that
 * renders a page (`file`: the page's content file).
 */
export interface SiteCodePlace {
  file?: string;
  line?: number;
  column?: number;
  page?: string;
  template?: string;
}

/** workerData's key for the shared memory the place is written into (bin/supervise.js names it too). */
const KEY = "heirloomSupervisor";
const shared = isMainThread ? undefined : (workerData as Record<string, unknown> | null)?.[KEY];
const place = shared instanceof SharedArrayBuffer ? shared : undefined;
const encoder = new TextEncoder();
let current: SiteCodePlace | undefined;

/** Tells where site code runs from now (undefined: none); returns where it ran before, to be told again after. */
export function siteCodeAt(next: SiteCodePlace | undefined): SiteCodePlace | undefined {
  const before = current;
  current = next;
  if (place) {
    const text = next ? JSON.stringify(next) : "";
    const { written } = encoder.encodeInto(text, new Uint8Array(place, 4));
    // A place longer than the memory is cut short (its JSON then does not parse, and it is not told).
    new Int32Array(place, 0, 1)[0] = written;
  }
  return before;
}

/** Where site code runs now, as last told. */
export function siteCodeNow(): SiteCodePlace | undefined {
  return current;
}

/** Tells that `file` (a folder, or a lock file naming this process) is left behind unless the build ends well. */
export function leaves(file: string, kind: "folder" | "lock"): void {
  if (place) parentPort?.postMessage({ [KEY]: "leaves", file, kind });
}

/** Tells that `file`, told of by `leaves`, is gone or in its place now. */
export function cleared(file: string): void {
  if (place) parentPort?.postMessage({ [KEY]: "cleared", file });
}
