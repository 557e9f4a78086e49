// dev's site thread as the main thread sees it: the site's builds and pages asked for by message, on a thread
// (dev-site-worker.ts) whose old generation is the heap Node gives the process, as a supervised build's is. When
// the site's code uses that memory up, Node ends the thread, never the process: its pending build fails, or the
// request whose page used it up is answered, with OutOfMemoryError at the place the thread last told (shared
// memory, readable after it died), and a fresh thread takes over. Site code no budget stops that never returns (a
// module's top level) has the thread stopped (compile/stall.ts), told and taken over from the same way. No socket
// lives on the thread that may die.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import {
  type BoundedEnd,
  type BoundedThread,
  heapLimitMb,
  spawnBounded,
  superviseBounded,
} from "../../../../bin/bounded-worker.js";
import { KEEP_CODE, LOAD_KEY, WAITING_THREAD } from "../../../../bin/thread-keys.cjs";
import { stalledError } from "../../../compile/stall.ts";
import { type SiteCodePlace, outOfMemoryError } from "../../../compile/supervisor.ts";
import { workerFile } from "../../../compile/worker-file.ts";
import { ENGINE_ROOT, ENGINE_VERSION, bundledFile } from "../../../version.ts";
import { LastGoodPages } from "../last-good.ts";
import type {
  BuildFailed,
  Built,
  Exhausted,
  FromSiteThread,
  Got,
  SiteThreadData,
  ToSiteThread,
} from "./site-thread-messages.ts";

export interface SiteThreadOptions {
  data: Omit<SiteThreadData, "limitMb" | "request" | "lastGood">;
  /** The site's cache folder: an installed engine keeps the thread's code cache there. */
  cacheDir: string;
  say: (problem: unknown) => string;
  /** Told what the site thread finds between answers: links, every page's links, warnings. */
  onTold: (message: Exclude<FromSiteThread, Built | BuildFailed | Got>) => void;
  /**
   * The thread ended while no build or request was its own: `page` (a route's path) ran out of memory in the
   * background link check (the others are served by a fresh thread), or, without `page`, the site is lost until a
   * file changes.
   */
  onLost: (message: string, page?: string) => void;
}

export interface SiteThread {
  /** Builds the site; resolves with what it built, or why it failed (the thread that ran out of memory, too). */
  build(build: number): Promise<Built | BuildFailed>;
  /** Files saved: the next build redoes what they make stale, and pages that used up memory are tried again. */
  changed(files: string[]): void;
  /** The page or file at `pathname`, or why it failed; undefined once the thread is closed. */
  get(pathname: string): Promise<Got | undefined>;
  close(): Promise<void>;
}

/** Where bin/prestart-dev.js leaves the thread it started while the CLI loaded. */
const WAITING = Symbol.for(WAITING_THREAD);

interface Waiting extends BoundedThread {
  file: string;
  cacheFile: string | undefined;
  ended: boolean;
}

/**
 * The thread bin/prestart-dev.js started while the CLI loaded, given its data, if there is one that loaded the file
 * this one would with the limit this one has (taken once: the threads started after it, when one dies, are started
 * here); else it is ended.
 */
function adoptWaiting(
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

/** One live thread and what waits for its answers. */
interface Live {
  worker: Worker;
  /** Ends the thread, no stall looked for from then on. */
  stop(): Promise<number>;
  request: SharedArrayBuffer;
  builds: Map<number, (outcome: Built | BuildFailed) => void>;
  gets: Map<number, { pathname: string; resolve: (got: Got | undefined) => void }>;
  /** Whether it ever answered: one that ends before (its file gone, say) is not started again at once. */
  answered: boolean;
}

/** Starts dev's site thread (compiled first when run from source), started again whenever it dies. */
export async function startSiteThread(options: SiteThreadOptions): Promise<SiteThread> {
  const file = await workerFile("site", "serve/dev/site-thread/dev-site-worker.ts");
  const limitMb = heapLimitMb();
  /** Pages whose render used up the memory of a thread, refused until a file changes. */
  let exhausted: Exhausted[] = [];
  let closed = false;
  let ids = 0;
  let latest = 0;
  /** Messages wait while a fresh thread builds the site again after its predecessor died. */
  let ready: Promise<unknown> = Promise.resolve();
  // V8's code cache of the thread's file compiled beside the CLI, as the CLI has its own (bin/load-cli.cjs): beside
  // a compile of the sources, or in the site's cache for an installed engine, which never writes into its own
  // folder. None for the module compiled alone (the tests): it keeps its import()s, which a cached script lacks.
  const fromSource = existsSync(path.join(ENGINE_ROOT, "src", "cli", "main.ts"));
  const cacheFile =
    bundledFile("site") === undefined || options.data.debug
      ? undefined
      : fromSource
        ? `${file}.v8`
        : path.join(options.cacheDir, `dev-site-${ENGINE_VERSION}.cjs.v8`);
  const boot = path.join(ENGINE_ROOT, "bin", "site-thread-boot.cjs");
  // The pages served good, kept here too: a fresh thread starts with them, to show one that then fails.
  const lastGood = new LastGoodPages();
  /** The thread now; none after one ended before it ever answered, until the next build starts another. */
  let live: Live | undefined = spawn();

  function spawn(): Live {
    const request = new SharedArrayBuffer(4);
    const data: SiteThreadData = { ...options.data, limitMb, request, lastGood: lastGood.entries() };
    const load = { file, cacheFile };
    // Stack traces with --debug name src/ files through the compiled file's source map, as the CLI's do.
    const execArgv = options.data.debug ? [...process.execArgv, "--enable-source-maps"] : undefined;
    const bounded =
      (options.data.debug ? undefined : adoptWaiting(data, load, limitMb)) ??
      spawnBounded(boot, { workerData: { ...data, [LOAD_KEY]: load }, execArgv });
    const { worker } = bounded;
    const supervised = superviseBounded<SiteCodePlace>(bounded);
    const { stop } = supervised;
    const thread: Live = { worker, stop, request, builds: new Map(), gets: new Map(), answered: false };
    let first = true;
    worker.on("message", (message: FromSiteThread) => {
      thread.answered = true;
      // What the thread compiled for its first build is kept for the next start, when its cache was not used.
      if (message.type === "built" && first) {
        first = false;
        worker.postMessage({ type: KEEP_CODE } satisfies ToSiteThread);
      }
      if (message.type === "built" || message.type === "failed") {
        thread.builds.get(message.build)?.(message);
        thread.builds.delete(message.build);
      } else if (message.type === "got") {
        const { file, failure } = message;
        if (file?.status === 200 && failure === undefined && typeof file.body === "string") {
          lastGood.set(file.file, file.body);
        }
        thread.gets.get(message.id)?.resolve(message);
        thread.gets.delete(message.id);
      } else options.onTold(message);
    });
    void supervised.ended.then((end) => closed || died(thread, end));
    return thread;
  }

  /**
   * The thread ended. A page's render (or the MDX body it ran) that used up its memory is told, to the request that
   * asked for it, and refused from now on, and a fresh thread does what waited. Anything else (a module that used
   * it up as it loaded) fails the build, and nothing is served until a file changes.
   */
  function died(dead: Live, end: BoundedEnd<SiteCodePlace>) {
    const { stall, outOfMemory } = end;
    const failure = end.error ?? new Error(`dev's site thread ended with code ${end.code}`);
    const place = stall ? stall.place : end.place;
    const message = options.say(stall ? stalledError(stall) : outOfMemory ? outOfMemoryError(place, limitMb) : failure);
    live = outOfMemory || stall || dead.answered ? spawn() : undefined;
    const id = new Int32Array(dead.request)[0];
    const asked = dead.gets.get(id);
    dead.gets.delete(id);
    asked?.resolve({ type: "got", id, failure: message });
    if (place?.page === undefined) {
      for (const [number, resolve] of dead.builds) resolve({ type: "failed", build: number, redone: [], message });
      if (dead.builds.size === 0 && !asked) options.onLost(message);
      for (const { resolve } of dead.gets.values()) resolve({ type: "got", id: 0 });
      return;
    }
    exhausted.push(stall ? { ...place, stalled: { ms: stall.ms, budget: stall.budget } } : place);
    if (!asked) options.onLost(message, place.page);
    // The build that waited, or the same one again, with that page refused; then the requests that waited.
    const builds = [...dead.builds];
    const again = async () => {
      const outcome = await build(latest, false);
      if (outcome.type === "failed") options.onLost(outcome.message);
    };
    ready = builds.length ? Promise.all(builds.map(([n, resolve]) => build(n, false).then(resolve))) : again();
    for (const { pathname, resolve } of dead.gets.values()) void get(pathname).then(resolve);
  }

  async function build(number: number, wait = true): Promise<Built | BuildFailed> {
    if (wait) await ready;
    latest = number;
    const thread = (live ??= spawn());
    return new Promise((resolve) => {
      thread.builds.set(number, resolve);
      thread.worker.postMessage({ type: "build", build: number, exhausted } satisfies ToSiteThread);
    });
  }

  async function get(pathname: string): Promise<Got | undefined> {
    await ready;
    if (closed) return undefined;
    const thread = live;
    // No thread: nothing is served until the next build (the failed page, with why).
    if (!thread) return { type: "got", id: 0 };
    const id = ++ids;
    return new Promise((resolve) => {
      thread.gets.set(id, { pathname, resolve });
      thread.worker.postMessage({ type: "get", id, pathname } satisfies ToSiteThread);
    });
  }

  return {
    build,
    get,
    changed(files) {
      exhausted = [];
      // A thread started by the next build reads every file anyway.
      void ready.then(() => live?.worker.postMessage({ type: "changed", files } satisfies ToSiteThread));
    },
    async close() {
      closed = true;
      for (const { resolve } of live?.gets.values() ?? []) resolve(undefined);
      await live?.stop();
    },
  };
}
