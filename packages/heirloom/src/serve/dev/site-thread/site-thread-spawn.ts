// Starting one of dev's site threads: the one bin/prestart-dev.js started adopted, or a bounded thread of its own on
// the compiled file; its messages handed to what waits for them, its end to the caller.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { type BoundedEnd, spawnBounded, superviseBounded } from "../../../../bin/bounded-worker.js";
import { KEEP_CODE, LOAD_KEY } from "../../../../bin/thread-keys.cjs";
import type { SiteCodePlace } from "../../../compile/supervisor.ts";
import { ENGINE_ROOT, ENGINE_VERSION, bundledFile } from "../../../version.ts";
import type { LastGoodPages } from "./last-good.ts";
import { adoptWaiting } from "./site-thread-adopt.ts";
import type {
  BuildFailed,
  BuildDone,
  FromSiteThread,
  ServedAnswer,
  SiteThreadData,
  SiteThreadReport,
  ToSiteThread,
} from "./site-thread-messages.ts";

/** One live thread and what waits for its answers. */
export interface Live {
  worker: Worker;
  /** Ends the thread, no stall looked for from then on. */
  stop(): Promise<number>;
  /** Int32 memory: the request the thread answers now (0: none), readable after it died. */
  request: SharedArrayBuffer;
  builds: Map<number, (outcome: BuildDone | BuildFailed) => void>;
  gets: Map<number, { pathname: string; resolve: (answer: ServedAnswer | undefined) => void }>;
  /** Whether it ever answered: one that ends before (its file gone, say) is not started again at once. */
  answered: boolean;
}

export interface SpawnOptions {
  /** The thread's compiled file (compile/worker-file.ts). */
  file: string;
  /** The threads' old generation (MiB), told to each for the OutOfMemoryError of pages refused. */
  limitMb: number;
  data: Omit<SiteThreadData, "limitMb" | "request" | "lastGood">;
  /** The site's cache folder: an installed engine keeps the thread's code cache there. */
  cacheDir: string;
  /** The pages served good, kept here too: a fresh thread starts with them, to show one that then fails. */
  lastGood: LastGoodPages;
  onReport: (report: SiteThreadReport) => void;
  /** The thread ended: stopped for a stall, out of memory, or anything else (its `stop()` too). */
  onEnd: (dead: Live, end: BoundedEnd<SiteCodePlace>) => void;
}

/** What starts a site thread each time it is called: the first adopts bin/prestart-dev.js's when it can. */
export function siteThreadSpawner(options: SpawnOptions): () => Live {
  const { data, limitMb } = options;
  const load = { file: options.file, cacheFile: codeCacheFile(options) };
  const boot = path.join(ENGINE_ROOT, "bin", "site-thread-boot.cjs");
  // Stack traces with --debug name src/ files through the compiled file's source map, as the CLI's do.
  const execArgv = data.debug ? [...process.execArgv, "--enable-source-maps"] : undefined;
  return () => {
    const request = new SharedArrayBuffer(4);
    const given: SiteThreadData = { ...data, limitMb, request, lastGood: options.lastGood.entries() };
    const bounded =
      (data.debug ? undefined : adoptWaiting(given, load, limitMb)) ??
      spawnBounded(boot, { workerData: { ...given, [LOAD_KEY]: load }, execArgv });
    const supervised = superviseBounded<SiteCodePlace>(bounded);
    const { worker } = bounded;
    const live: Live = { worker, stop: supervised.stop, request, builds: new Map(), gets: new Map(), answered: false };
    worker.on("message", answerRouter(live, options));
    void supervised.ended.then((end) => options.onEnd(live, end));
    return live;
  };
}

/**
 * V8's code cache of the thread's file compiled beside the CLI, as the CLI has its own (bin/load-cli.cjs): beside a
 * compile of the sources, or in the site's cache for an installed engine, which never writes into its own folder.
 * None for the module compiled alone (the tests: it keeps its import()s, which a cached script lacks), nor --debug.
 */
function codeCacheFile({ file, data, cacheDir }: SpawnOptions): string | undefined {
  if (bundledFile("site") === undefined || data.debug) return undefined;
  const fromSource = existsSync(path.join(ENGINE_ROOT, "src", "cli", "main.ts"));
  return fromSource ? `${file}.v8` : path.join(cacheDir, `dev-site-${ENGINE_VERSION}.cjs.v8`);
}

/** Hands each message of `live` to what waits for it: a build its outcome, a request its answer, dev the rest. */
function answerRouter(live: Live, { lastGood, onReport }: SpawnOptions): (message: FromSiteThread) => void {
  let first = true;
  return (message) => {
    live.answered = true;
    // What the thread compiled for its first build is kept for the next start, when its cache was not used.
    if (message.type === "built" && first) {
      first = false;
      live.worker.postMessage({ type: KEEP_CODE } satisfies ToSiteThread);
    }
    if (message.type === "built" || message.type === "failed") {
      live.builds.get(message.build)?.(message);
      live.builds.delete(message.build);
    } else if (message.type === "got") {
      const { file, failure } = message;
      if (file?.status === 200 && failure === undefined && typeof file.body === "string") {
        lastGood.set(file.file, file.body);
      }
      live.gets.get(message.id)?.resolve(message);
      live.gets.delete(message.id);
    } else onReport(message);
  };
}
