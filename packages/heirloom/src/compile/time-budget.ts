// Site code that may never end (an MDX expression that loops) run under a time budget on the main thread: through
// a one-line script of a vm context, whose `timeout` has V8 stop whatever JavaScript runs inside the call once it
// is past, the site's own functions included, and whose `breakOnSigint` lets Ctrl+C stop it too (the signal is
// then raised again for the process's own handlers: a build ends; on a supervised thread, a build's or dev's site
// thread, the thread that started it stops it). Code stopped this way runs no
// `finally` of its own; what it left behind is the caller's to put right. A call is not free (V8 starts a
// watchdog thread for it), so it wraps a page's render or a batch, never each expression. Calls nest: the one whose
// budget ends first is stopped, and tells the error of the innermost call running in it that names one; a call
// whose budget ends after its outer one's needs no watchdog of its own.
import vm from "node:vm";
import { isMainThread } from "node:worker_threads";
import { siteCodeAt, siteCodeNow } from "./supervisor.ts";

/** Thrown when `run` was stopped at its budget; `blamed` is the error of the innermost call that named one. */
export class PastBudget extends Error {
  constructor(
    readonly ms: number,
    readonly blamed?: Error,
  ) {
    super(`stopped after ${ms} ms`);
    this.name = "PastBudget";
  }
}

/** The error to tell for a call stopped at its budget, made once it is stopped (what ran last is known then). */
export type Blame = (ms: number) => Error;

/** Thrown when Ctrl+C stopped `run`; SIGINT is raised again once the call has returned. */
export class Interrupted extends Error {
  constructor() {
    super("stopped by Ctrl+C");
    this.name = "Interrupted";
  }
}

let context: vm.Context | undefined;
let script: vm.Script | undefined;
/** The process's own kill, as it was when this module loaded (site code may be running with a stand-in). */
const kill = process.kill.bind(process);

/** Ctrl+C stopped site code: the process is ending, and no more site code runs under a budget. */
let interrupted = false;
/** The blames of the calls running now, outermost first; one stopped inside another never removes its own. */
const blames: Array<Blame | undefined> = [];
/** The last call stopped at its budget: how deep it ran, and the error it told. */
let stopped: { depth: number; blamed?: Error } | undefined;
/** When the innermost call with a watchdog running now is stopped (performance.now()); Infinity with none. */
let deadline = Number.POSITIVE_INFINITY;

/**
 * Runs `run` synchronously, stopped (PastBudget) once it has taken `ms` milliseconds or at Ctrl+C (Interrupted).
 * `blame` makes the error told when it, or a call around it, is stopped while it runs (the innermost one's wins).
 */
export function withinTime<T>(run: () => T, ms: number, blame?: Blame): T {
  // A page asked for after Ctrl+C (dev's background link check had the signal) is not run for its whole budget.
  if (interrupted) throw new Interrupted();
  const depth = blames.length;
  blames.push(blame);
  const end = performance.now() + ms;
  if (end >= deadline) {
    // A call around this one is stopped first, and stops this one with it: no watchdog of its own (an MDX body
    // in a page, a page in a batch of pages).
    try {
      return run();
    } finally {
      blames.length = depth;
    }
  }
  const outer = deadline;
  deadline = end;
  context ??= vm.createContext({ run: undefined });
  script ??= new vm.Script("run()", { filename: "heirloom:time-budget" });
  context.run = run;
  const place = siteCodeNow();
  try {
    // Off the main thread (bin/supervise.js's, dev's site thread), Ctrl+C is the supervisor's to handle: the
    // watchdog a breakOnSigint call sets up would, once done, leave the process's SIGINT to its default (measured:
    // dev then died of it).
    const result = script.runInContext(context, { timeout: ms, breakOnSigint: isMainThread }) as T;
    // What an inner call stopped at was dealt with inside this one.
    if (stopped && stopped.depth > depth) stopped = undefined;
    return result;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
      // An inner call stopped just before this one's budget ended too: its error was on its way out.
      const inner = stopped && stopped.depth > depth ? stopped.blamed : undefined;
      const blamed = inner ?? blames.slice(depth).reverse().find(Boolean)?.(ms);
      stopped = { depth, blamed };
      // The place of the code stopped was never told back (it ran no finally): the backstop (stall.ts) would
      // measure it still running.
      siteCodeAt(place);
      throw new PastBudget(ms, blamed);
    }
    if (code === "ERR_SCRIPT_EXECUTION_INTERRUPTED") {
      interrupted = true;
      setImmediate(() => kill(process.pid, "SIGINT"));
      throw new Interrupted();
    }
    throw error;
  } finally {
    context.run = undefined;
    blames.length = depth;
    deadline = outer;
  }
}

/**
 * What `value` settles to (itself when it is no promise), or PastBudget once it has waited `ms` milliseconds for
 * it: a promise of site code that never settles hangs no CPU, but would hang the build.
 */
export async function awaitedWithin<T>(value: T | PromiseLike<T>, ms: number, blame?: Blame): Promise<T> {
  if (typeof (value as PromiseLike<T> | undefined)?.then !== "function") return value as T;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PastBudget(ms, blame?.(ms))), ms);
  });
  try {
    return await Promise.race([value, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a batch of `eachWithinTime` runs under one watchdog before the next starts one. */
const SLICE_MS = 50;

/**
 * Runs `each` on every item, each item within `ms` milliseconds, at the cost of a watchdog per 50 ms of work, not
 * per item: a batch is given `ms` and the 50 ms its earlier items may have taken. `blame` tells the item stopped.
 */
export function eachWithinTime<T>(items: readonly T[], each: (item: T) => void, ms: number, blame: Blame): void {
  let next = 0;
  const batch = () => {
    const end = performance.now() + SLICE_MS;
    do each(items[next++]);
    while (next < items.length && performance.now() < end);
  };
  while (next < items.length) withinTime(batch, ms + SLICE_MS, blame);
}
