// When one of dev's site threads dies: the request whose page used up its memory, or never returned, is answered with
// why, that page refused until a file changes, and a fresh thread redoes what waited; anything else (a module that
// used it up as it loaded) fails the build, and nothing is served until a file changes.
import type { BoundedEnd } from "../../../../bin/bounded-worker.js";
import { stalledError } from "../../../compile/stall.ts";
import { type SiteCodePlace, outOfMemoryError } from "../../../compile/supervisor.ts";
import type { SiteThreadQueue } from "./site-thread-queue.ts";
import type { Live } from "./site-thread-spawn.ts";

export interface RecoverOptions {
  /** The threads' old generation (MiB), for the OutOfMemoryError. */
  limitMb: number;
  say: (problem: unknown) => string;
  /** Told what failed with no request or build waiting for it: a page (`page`), or the whole site. */
  onLost: (message: string, page?: string) => void;
}

/** Recovers `queue` from the death of `dead`, which ended as `end` says. */
export function recoverFrom(
  queue: SiteThreadQueue,
  dead: Live,
  end: BoundedEnd<SiteCodePlace>,
  { limitMb, say, onLost }: RecoverOptions,
): void {
  const { stall, outOfMemory } = end;
  const place = stall ? stall.place : end.place;
  const message = say(whyItEnded(end, limitMb));
  // One that ends before it ever answered (its file gone, say) is started again by the next build only.
  queue.replace(Boolean(outOfMemory || stall || dead.answered));
  const id = new Int32Array(dead.request)[0];
  const asked = dead.gets.get(id);
  dead.gets.delete(id);
  asked?.resolve({ type: "got", id, failure: message });
  if (place?.page === undefined) {
    for (const [number, resolve] of dead.builds) resolve({ type: "failed", build: number, redone: [], message });
    if (dead.builds.size === 0 && !asked) onLost(message);
    for (const { resolve } of dead.gets.values()) resolve({ type: "got", id: 0 });
    return;
  }
  queue.exhausted.push(stall ? { ...place, stalled: { ms: stall.ms, budget: stall.budget } } : place);
  if (!asked) onLost(message, place.page);
  // The build that waited, or the same one again, with that page refused; then the requests that waited.
  queue.redo([...dead.builds], [...dead.gets.values()], (failed) => onLost(failed));
}

/** The error a thread's end is told as: where it stalled, or ran out of memory, or what ended it. */
function whyItEnded({ stall, outOfMemory, place, error, code }: BoundedEnd<SiteCodePlace>, limitMb: number): unknown {
  if (stall) return stalledError(stall);
  if (outOfMemory) return outOfMemoryError(place, limitMb);
  return error ?? new Error(`dev's site thread ended with code ${code}`);
}
