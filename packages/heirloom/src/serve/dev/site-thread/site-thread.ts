// dev's site thread as the main thread sees it: the site's builds and pages asked for by message, on a bounded thread
// (dev-site-worker.ts, bin/bounded-worker.js) that a fresh one replaces when it dies. No socket lives on it.
import { heapLimitMb } from "../../../../bin/bounded-worker.js";
import { workerFile } from "../../../compile/worker-file.ts";
import { LastGoodPages } from "./last-good.ts";
import type { BuildFailed, BuildDone, ServedAnswer, SiteThreadData, SiteThreadReport } from "./site-thread-messages.ts";
import { SiteThreadQueue } from "./site-thread-queue.ts";
import { recoverFrom } from "./site-thread-recover.ts";
import { siteThreadSpawner } from "./site-thread-spawn.ts";

export interface SiteThreadOptions {
  data: Omit<SiteThreadData, "limitMb" | "request" | "lastGood">;
  /** The site's cache folder: an installed engine keeps the thread's code cache there. */
  cacheDir: string;
  say: (problem: unknown) => string;
  /** Told what the site thread finds between answers: links, every page's links, warnings. */
  onReport: (report: SiteThreadReport) => void;
  /**
   * The thread ended while no build or request was its own: `page` (a route's path) ran out of memory in the
   * background link check (the others are served by a fresh thread), or, without `page`, the site is lost until a
   * file changes.
   */
  onLost: (message: string, page?: string) => void;
}

export interface SiteThread {
  /** Builds the site; resolves with what it built, or why it failed (the thread that ran out of memory, too). */
  build(build: number): Promise<BuildDone | BuildFailed>;
  /** Files saved: the next build redoes what they make stale, and pages that used up memory are tried again. */
  changed(files: string[]): void;
  /** The page or file at `pathname`, or why it failed; undefined once the thread is closed. */
  get(pathname: string): Promise<ServedAnswer | undefined>;
  close(): Promise<void>;
}

/**
 * Starts dev's site thread (compiled first when run from source), started again whenever it dies: of memory used
 * up by the site's code, or stopped when that code never returns (compile/stall.ts), told at the place it last told.
 */
export async function startSiteThread(options: SiteThreadOptions): Promise<SiteThread> {
  const file = await workerFile("site", "serve/dev/site-thread/dev-site-worker.ts");
  // The supervised build's limit (bin/supervise.js): NODE_OPTIONS=--max-old-space-size sets both.
  const limitMb = heapLimitMb();
  const { data, cacheDir, say, onReport, onLost } = options;
  const lastGood = new LastGoodPages();
  const spawn = siteThreadSpawner({
    file,
    limitMb,
    data,
    cacheDir,
    lastGood,
    onReport,
    onEnd: (dead, end) => queue.closed || recoverFrom(queue, dead, end, { limitMb, say, onLost }),
  });
  const queue = new SiteThreadQueue(spawn);
  return {
    build: (build) => queue.build(build),
    get: (pathname) => queue.get(pathname),
    changed: (files) => queue.changed(files),
    close: () => queue.close(),
  };
}
