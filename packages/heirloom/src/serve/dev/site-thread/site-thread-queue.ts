// What dev asks of its site threads, sent to the live one: builds and requests, held while a fresh thread builds the
// site again after its predecessor died, with the pages refused until a file changes.
import type { Live } from "./site-thread-spawn.ts";
import type { BuildFailed, BuildDone, Exhausted, ServedAnswer, ToSiteThread } from "./site-thread-messages.ts";

/** The main thread's one record of dev's site threads, across the threads that die and are replaced. */
export class SiteThreadQueue {
  /** The thread now; none after one ended before it ever answered, until the next build starts another. */
  live: Live | undefined;
  /** Pages whose render used up the memory of a thread, or never returned: refused until a file changes. */
  exhausted: Exhausted[] = [];
  closed = false;
  /** The last build asked for: the one a fresh thread makes again when none waited. */
  latest = 0;
  #ids = 0;
  /** Messages wait while a fresh thread builds the site again after its predecessor died. */
  #ready: Promise<unknown> = Promise.resolve();
  readonly #spawn: () => Live;

  constructor(spawn: () => Live) {
    this.#spawn = spawn;
    this.live = spawn();
  }

  /** Builds the site, once the work of a fresh thread is done (unless `wait` is false: that work itself). */
  async build(number: number, wait = true): Promise<BuildDone | BuildFailed> {
    if (wait) await this.#ready;
    this.latest = number;
    const thread = (this.live ??= this.#spawn());
    return new Promise((resolve) => {
      thread.builds.set(number, resolve);
      thread.worker.postMessage({ type: "build", build: number, exhausted: this.exhausted } satisfies ToSiteThread);
    });
  }

  /** The page or file at `pathname`, or why it failed; undefined once closed. */
  async get(pathname: string): Promise<ServedAnswer | undefined> {
    await this.#ready;
    if (this.closed) return undefined;
    const thread = this.live;
    // No thread: nothing is served until the next build (the failed page, with why).
    if (!thread) return { type: "got", id: 0 };
    const id = ++this.#ids;
    return new Promise((resolve) => {
      thread.gets.set(id, { pathname, resolve });
      thread.worker.postMessage({ type: "get", id, pathname } satisfies ToSiteThread);
    });
  }

  /** Files saved: the next build redoes what they make stale, and the pages refused are tried again. */
  changed(files: string[]): void {
    this.exhausted = [];
    // A thread started by the next build reads every file anyway.
    void this.#ready.then(() => this.live?.worker.postMessage({ type: "changed", files } satisfies ToSiteThread));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { resolve } of this.live?.gets.values() ?? []) resolve(undefined);
    await this.live?.stop();
  }

  /** A fresh thread in place of the one that died, or (`fresh` false) none until the next build. */
  replace(fresh: boolean): void {
    this.live = fresh ? this.#spawn() : undefined;
  }

  /**
   * Has the fresh thread make the builds that waited on its predecessor (or the last build, when none did), then
   * answer the requests that waited; `onFailed` is told a build made again without one waiting for it failed.
   */
  redo(
    builds: Array<[number, (outcome: BuildDone | BuildFailed) => void]>,
    gets: Array<{ pathname: string; resolve: (answer: ServedAnswer | undefined) => void }>,
    onFailed: (message: string) => void,
  ): void {
    const again = async () => {
      const outcome = await this.build(this.latest, false);
      if (outcome.type === "failed") onFailed(outcome.message);
    };
    this.#ready = builds.length
      ? Promise.all(builds.map(([number, resolve]) => this.build(number, false).then(resolve)))
      : again();
    for (const { pathname, resolve } of gets) void this.get(pathname).then(resolve);
  }
}
