// A worker thread whose memory is bounded, for build's supervised thread (supervise.js) and dev's site thread
// (src/serve/dev/site-thread/): started with the heap Node gives this process and shared memory for the place its
// site code tells; stopped when that code stalls; how it ended (stalled, out of memory at a place, an error, a code).
import v8 from "node:v8";
import { SHARE_ENV, Worker } from "node:worker_threads";
import { CLOCKS_AT, DEFAULT_TIMEOUT_MS, MEMORY_BYTES, PAST_BUDGET_MS, SUPERVISOR_KEY } from "./thread-keys.cjs";

// How often a thread's clocks are looked at.
const CHECK_MS = 500;

/**
 * The old generation a bounded thread is given, in MiB: the heap Node gives this process, so that
 * NODE_OPTIONS=--max-old-space-size sets both.
 */
export function heapLimitMb() {
  return Math.floor(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
}

/**
 * Starts `file` on a thread whose old generation is heapLimitMb(), with `workerData` and its shared memory (under
 * SUPERVISOR_KEY); `execArgv` replaces the process's own. Not watched yet: see superviseBounded.
 */
export function spawnBounded(file, { workerData = {}, execArgv } = {}) {
  const limitMb = heapLimitMb();
  const memory = new SharedArrayBuffer(MEMORY_BYTES);
  const worker = new Worker(file, {
    workerData: { ...workerData, [SUPERVISOR_KEY]: memory },
    env: SHARE_ENV,
    ...(execArgv ? { execArgv } : {}),
    // The old generation is what a site's code fills; the young one and the code space keep Node's sizes.
    resourceLimits: { maxOldGenerationSizeMb: limitMb },
  });
  return { worker, memory, limitMb };
}

/**
 * Watches a bounded thread until it exits: its clocks looked at twice a second (unreferenced: keeping no process
 * alive), and the thread ended once stallIn says so. `ended` resolves with how it ended; `stop()` ends it, no stall
 * looked for from then on.
 */
export function superviseBounded({ worker, memory }) {
  let stall;
  let stopped = false;
  let error;
  const watch = setInterval(() => {
    if (stall || stopped) return;
    stall = stallIn(memory);
    if (stall) void worker.terminate();
  }, CHECK_MS);
  watch.unref();
  worker.on("error", (thrown) => void (error = thrown));
  const ended = new Promise((resolve) => {
    worker.on("exit", (code) => {
      clearInterval(watch);
      if (stall) resolve({ stall, code });
      else if (error?.code === "ERR_WORKER_OUT_OF_MEMORY") resolve({ outOfMemory: true, place: placeIn(memory), code });
      else resolve({ error, code });
    });
  });
  const stop = () => {
    stopped = true;
    return worker.terminate();
  };
  return { ended, stop };
}

// Whether the thread must be stopped: the site code it last told of has run PAST_BUDGET_MS past the site's timeout
// without its event loop turning (no beat since), or, with none told of, it has not beat for six times the timeout
// (at least 60 s: the engine's own work on a large site).
function stallIn(memory, now = Date.now()) {
  const [beat, told, since] = new Float64Array(memory, CLOCKS_AT, 3);
  const budget = told || DEFAULT_TIMEOUT_MS;
  // A place told before the last beat was left behind by code that awaited: not running now.
  if (since > 0 && beat <= since && now - since > budget + PAST_BUDGET_MS) {
    return { place: placeIn(memory), ms: now - since, budget };
  }
  if (beat > 0 && now - beat > Math.max(6 * budget, 60_000)) return { place: placeIn(memory), ms: now - beat, budget };
  return undefined;
}

// The place the thread last told in `memory` (src/compile/supervisor.ts), or undefined (none, or cut short).
function placeIn(memory) {
  const length = new Int32Array(memory, 0, 1)[0];
  if (length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(new Uint8Array(memory, 4, length).slice()));
  } catch {
    return undefined;
  }
}
