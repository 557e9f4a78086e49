// The backstop for site code no time budget stops (a module's top level, a sort function): a supervised thread beats in
// its shared memory, and the thread that started it (bin/supervise.js, dev's serve/dev/site-thread/site-thread.ts)
// stops it once the site code it last told of has run well past the site's timeout, or its event loop has stood still.
import { SiteCodeStalled } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { CLOCKS_AT, type SiteCodePlace, placeIn, supervisedMemory } from "./supervisor.ts";

/** The site's timeout until it is told: config/timeout.ts's default (config comes after this stage). */
const DEFAULT_TIMEOUT = 10_000;
/** A time as messages say it, as config/timeout.ts's durationText does: "10 s", "300 ms". */
const durationText = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
/** How often the thread beats. */
const BEAT_MS = 250;
/**
 * How long past the site's timeout the code told of may run before its thread is stopped: code under a budget of
 * its own is stopped by it first (time-budget.ts), with its own error.
 */
export const PAST_BUDGET_MS = 5_000;
const PAST_TEXT = durationText(PAST_BUDGET_MS);
/** With no site code told of, how long the thread's event loop may stand still: the engine's work on a large site. */
const quietLimit = (budget: number) => Math.max(6 * budget, 60_000);

/** A thread stopped: the site code it ran (as last told), for how long, and the site's timeout then. */
export interface Stall {
  place?: SiteCodePlace;
  ms: number;
  budget: number;
}

let beating = false;

/** Starts this thread's heartbeat, on a supervised thread only (once: dev's thread is told its memory late). */
export function startHeartbeat(): void {
  const memory = supervisedMemory();
  if (!memory || beating) return;
  beating = true;
  const clocks = new Float64Array(memory, CLOCKS_AT, 3);
  clocks[0] = Date.now();
  // Unreferenced: the beat keeps no thread alive.
  setInterval(() => void (clocks[0] = Date.now()), BEAT_MS).unref();
}

/** Tells the supervisor the site's timeout (ms), which the backstop's limits follow. */
export function tellBudget(ms: number): void {
  const memory = supervisedMemory();
  if (memory) new Float64Array(memory, CLOCKS_AT, 3)[1] = ms;
}

/**
 * Whether the thread whose memory this is must be stopped now (bin/supervise.js decides the same): the site code it
 * told of has run the timeout and PAST_BUDGET_MS without the event loop turning, or, with none told of, the event
 * loop has stood still for quietLimit.
 */
export function stallIn(memory: SharedArrayBuffer, now = Date.now()): Stall | undefined {
  const [beat, told, since] = new Float64Array(memory, CLOCKS_AT, 3);
  const budget = told || DEFAULT_TIMEOUT;
  // A place told before the last beat was left behind by code that awaited: not running now.
  if (since > 0 && beat <= since && now - since > budget + PAST_BUDGET_MS) {
    return { place: placeIn(memory), ms: now - since, budget };
  }
  if (beat > 0 && now - beat > quietLimit(budget)) return { place: placeIn(memory), ms: now - beat, budget };
  return undefined;
}

/**
 * Looks at a supervised thread's clocks twice a second (unreferenced: keeping no process alive) until `stop` is
 * called with the stall it must be stopped for; returns what ends the watch.
 */
export function watchForStall(memory: SharedArrayBuffer, stop: (stall: Stall) => void): () => void {
  const timer = setInterval(() => {
    const stall = stallIn(memory);
    if (!stall) return;
    clearInterval(timer);
    stop(stall);
  }, 500);
  timer.unref();
  return () => clearInterval(timer);
}

/** The SiteCodeTimeoutError of a stopped thread, at the place of the code it ran. */
export function stalledError({ place, ms, budget }: Stall): HeirloomError {
  const { file, line, column, page, template, running } = place ?? {};
  const seconds = durationText(Math.max(1000, Math.round(ms / 1000) * 1000));
  const args = { file, page, template, running, seconds, budget: durationText(budget), past: PAST_TEXT };
  return errorFrom(SiteCodeStalled, args, file ? { location: { file, line, column } } : {});
}
