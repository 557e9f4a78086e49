// What dev's two threads say to each other: the main thread (site-thread.ts: the server, the event stream, the
// watcher) asks the site thread (dev-site-worker.ts: compile, content, render, the link check) for builds and
// pages; the site thread answers and tells what it found meanwhile. Every problem travels formatted.
import type { PathHeaders } from "../../../output/files/index.ts";
import type { KEEP_CODE } from "../../../../bin/thread-keys.cjs";
import type { SiteCodePlace } from "../../../compile/supervisor.ts";
import type { BuildOptions } from "../../../config/options.ts";
import type { CompiledPart } from "../../../incremental/incremental.ts";
import type { LocalForm } from "../../forms/index.ts";

/** A page refused until a file changes: its render used up the memory of a thread, or never returned (`stalled`). */
export type Exhausted = SiteCodePlace & { stalled?: { ms: number; budget: number } };

/** What the site thread is started with (its workerData, besides the place memory). */
export interface SiteThreadData {
  /** The dev server's build options, without its callbacks. */
  options: Omit<BuildOptions, "onProgress" | "onNotice" | "onWarning">;
  debug?: boolean;
  /** The thread's memory limit, for the OutOfMemoryError of the pages that used it up before. */
  limitMb: number;
  /** Int32 memory: the request the thread answers now (0: none), readable after it died. */
  request: SharedArrayBuffer;
  /** The last good render of pages served before (by an earlier thread), by output file, oldest first. */
  lastGood: Array<[outFile: string, html: string]>;
}

/** A page, file or 404 page as the site serves it. */
export interface ServedFile {
  status: number;
  /** Path relative to the output folder, for its content type. */
  file: string;
  body: Uint8Array | string;
}

export type ToSiteThread =
  /** Files saved: what they make stale is redone by the next build. */
  | { type: "changed"; files: string[] }
  /**
   * Build the site; `exhausted`: pages whose render used up the memory of a thread before this one (refused, and
   * no background link check while there are any).
   */
  | { type: "build"; build: number; exhausted: Exhausted[] }
  | { type: "get"; id: number; pathname: string }
  /**
   * The data of a thread started before dev knew it (bin/prestart-dev.js), its first message: what workerData holds
   * for a thread dev starts itself.
   */
  | { type: "start"; data: object }
  /** The first build is served: the code it compiled may be kept for the next start (bin/site-thread-boot.cjs). */
  | { type: typeof KEEP_CODE };

/** A build the site thread prepared and now serves: what dev's main thread needs of it. */
export interface BuildDone {
  type: "built";
  build: number;
  redone: CompiledPart[];
  warnings?: string[];
  /** What to know of what it shows: scheduled entries shown before their date, expired ones left out. */
  notes?: string[];
  base: string;
  allowedHosts: string[] | true;
  /** The security headers the build writes for hosts. */
  headers: Record<string, string>;
  /** The rules of headers.paths, least specific first, each with all it sets (see output/files/header-rules.ts). */
  pathHeaders: PathHeaders[];
  forms: LocalForm[];
}

export interface BuildFailed {
  type: "failed";
  build: number;
  redone: CompiledPart[];
  message: string;
}

/** The answer to a `get`: the file (none: not found, or no build has succeeded), and why the page failed. */
export interface ServedAnswer {
  type: "got";
  id: number;
  file?: ServedFile;
  /** The page could not be rendered now: `file` is its last good render, or none. */
  failure?: string;
}

/** What the site thread finds between answers and tells dev. */
export type SiteThreadReport =
  /** Broken links found on pages as they were served, not told before (for the terminal). */
  | { type: "links"; build: number; message: string }
  /** Every page's broken links, found by the background check after `build` (empty: none). */
  | { type: "all-links"; build: number; links: string }
  | { type: "warning"; message: string };

export type FromSiteThread = BuildDone | BuildFailed | ServedAnswer | SiteThreadReport;
