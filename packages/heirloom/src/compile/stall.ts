// The backstop for site code no time budget stops (a module's top level, a sort function): a bounded thread beats in
// its shared memory, which the thread that started it watches (bin/bounded-worker.js) and stops it by.
import { CLOCKS_AT, PAST_BUDGET_MS } from "../../bin/thread-keys.cjs";
import { SiteCodeStalled } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { type SiteCodePlace, supervisedMemory } from "./supervisor.ts";

/** A time as messages say it, as config/timeout.ts's durationText does: "10 s", "300 ms". */
const durationText = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
/** How often the thread beats. */
const BEAT_MS = 250;
const PAST_TEXT = durationText(PAST_BUDGET_MS);

/**
 * A thread stopped: the site code it ran (as last told), for how long, and the site's timeout then: the StallOf of
 * bin/bounded-worker.js, declared here for the engine's published types, which carry no file of bin/.
 */
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

/** The SiteCodeTimeoutError of a stopped thread, at the place of the code it ran. */
export function stalledError({ place, ms, budget }: Stall): HeirloomError {
  const { file, line, column, page, template, running } = place ?? {};
  const seconds = durationText(Math.max(1000, Math.round(ms / 1000) * 1000));
  const args = { file, page, template, running, seconds, budget: durationText(budget), past: PAST_TEXT };
  return errorFrom(SiteCodeStalled, args, file ? { location: { file, line, column } } : {});
}
