// Worker thread for the concurrency test: takes posts from the shared task counter and runs each one
// as its own execution of Code.js (fresh vm scope) against the shared sheet and lock.
import vm from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { startExecution, postEvent } from "./fakes.ts";
import { noLock } from "./locks.ts";
import { randomRoundTrip, SharedRowStore } from "./shared-sheet.ts";

export interface WorkerInput {
  buffer: SharedArrayBuffer;
  source: string;
  bodies: string[];
  locked: boolean;
  maxRoundTripMs: number;
  worker: number;
}

export interface WorkerOutcome {
  task: number;
  page: string;
  lockHeldAtEnd: boolean;
}

const input = workerData as WorkerInput;
const store = new SharedRowStore(input.buffer);
const world = {
  spreadsheet: {
    sheets: new Map([["Waitlist", store]]),
    newSheet: () => {
      throw new Error("the shared sheet exists");
    },
  },
  locks: input.locked ? store.lock() : noLock,
  roundTrip: randomRoundTrip(input.maxRoundTripMs),
  properties: { SITE_ORIGIN: "https://heirloom.example" },
};
const script = new vm.Script(input.source, { filename: "endpoint/Code.js" });
const outcomes: WorkerOutcome[] = [];

parentPort!.postMessage("ready");
store.waitForStart();
for (let run = 1; ; run++) {
  // Prepared before the task is taken, so that neighbouring tasks start together.
  const execution = startExecution(script, world, input.worker * 10_000 + run);
  const task = store.takeTask(input.bodies.length);
  if (task < 0) break;
  const page = execution.doPost(postEvent(input.bodies[task]!)).getContent();
  outcomes.push({ task, page, ...execution.end() });
}
parentPort!.postMessage(outcomes);
