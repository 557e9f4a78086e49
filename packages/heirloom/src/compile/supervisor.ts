// What site code on a bounded thread (bin/bounded-worker.js) tells the thread that started it: where it runs now (for
// running out of memory to be told there) and what a stop there would leave behind. Off such a thread, nothing.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { CLOCKS_AT, SUPERVISOR_KEY, SUPERVISOR_MESSAGES } from "../../bin/thread-keys.cjs";
import { OutOfMemory } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";

/**
 * Where site code runs: its file and line (an MDX body's expression, a module as it loads), or the template that
 * renders a page (`file`: the page's content file); `running` says what runs, for code no budget wraps (a sort
 * function: "the sort function of the collection \"posts\"").
 */
export interface SiteCodePlace {
  file?: string;
  line?: number;
  column?: number;
  page?: string;
  template?: string;
  running?: string;
}

/**
 * The thread's memory for its place and clocks (bin/thread-keys.cjs), looked up when told: dev's site thread may be
 * started before it is given its data (bin/prestart-dev.js), which workerData then holds.
 */
export function supervisedMemory(): SharedArrayBuffer | undefined {
  const shared = isMainThread ? undefined : (workerData as Record<string, unknown> | null)?.[SUPERVISOR_KEY];
  return shared instanceof SharedArrayBuffer ? shared : undefined;
}
const placeNow = supervisedMemory;
const encoder = new TextEncoder();
let current: SiteCodePlace | undefined;

/** Tells where site code runs from now (undefined: none); returns where it ran before, to be told again after. */
export function siteCodeAt(next: SiteCodePlace | undefined): SiteCodePlace | undefined {
  const before = current;
  current = next;
  const place = placeNow();
  if (place) {
    const text = next ? JSON.stringify(next) : "";
    const { written } = encoder.encodeInto(text, new Uint8Array(place, 4, CLOCKS_AT - 4));
    // A place longer than the memory is cut short (its JSON then does not parse, and it is not told).
    new Int32Array(place, 0, 1)[0] = written;
    new Float64Array(place, CLOCKS_AT, 3)[2] = next ? Date.now() : 0;
  }
  return before;
}

/**
 * Runs `run` (synchronous site code no time budget wraps: a sort function, a filter) with `place` told, so that the
 * backstop (stall.ts) that stops it if it never returns names it.
 */
export function whileAt<T>(place: SiteCodePlace, run: () => T): T {
  const outer = siteCodeAt(place);
  try {
    return run();
  } finally {
    siteCodeAt(outer);
  }
}

/** Where site code runs now, as last told. */
export function siteCodeNow(): SiteCodePlace | undefined {
  return current;
}

/**
 * Tells that `file` (a folder, a file, or a lock file naming this process) is left behind unless the build ends
 * well. A folder with `restore` is moved back there, if that place is free, rather than removed.
 */
export function leaves(file: string, kind: "folder" | "file" | "lock", restore?: string): void {
  if (placeNow()) parentPort?.postMessage({ [SUPERVISOR_KEY]: SUPERVISOR_MESSAGES.leaves, file, kind, restore });
}

/** Tells that `file`, told of by `leaves`, is gone or in its place now. */
export function cleared(file: string): void {
  if (placeNow()) parentPort?.postMessage({ [SUPERVISOR_KEY]: SUPERVISOR_MESSAGES.cleared, file });
}

/** The OutOfMemoryError of site code that used up `limitMb` at `place` (undefined: outside the site's code). */
export function outOfMemoryError(place: SiteCodePlace | undefined, limitMb: number): HeirloomError {
  const { file, line, column, page, template } = place ?? {};
  const location = file ? { location: { file, line, column } } : {};
  return errorFrom(OutOfMemory, { file, page, template, limitMb }, location);
}
