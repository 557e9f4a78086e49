// The types of bounded-worker.js, for the engine's sources that import it; `Place` is what the thread tells
// (src/compile/supervisor.ts's SiteCodePlace).
import type { Worker } from "node:worker_threads";

/** A thread started by spawnBounded: its old generation limit (MiB) and its shared memory. */
export interface BoundedThread {
  worker: Worker;
  memory: SharedArrayBuffer;
  limitMb: number;
}

/** A thread stopped because site code stalled: the place it ran (as last told), for how long, the timeout then. */
export interface StallOf<Place> {
  place?: Place;
  ms: number;
  budget: number;
}

/** How a bounded thread ended: stopped for a stall, out of memory (where it last told), or else with `error`. */
export interface BoundedEnd<Place> {
  code: number;
  stall?: StallOf<Place>;
  outOfMemory?: true;
  place?: Place;
  error?: unknown;
}

export declare function heapLimitMb(): number;
export declare function spawnBounded(
  file: string | URL,
  options?: { workerData?: Record<string, unknown>; execArgv?: string[] },
): BoundedThread;
export declare function superviseBounded<Place>(thread: BoundedThread): {
  ended: Promise<BoundedEnd<Place>>;
  stop(): Promise<number>;
};
