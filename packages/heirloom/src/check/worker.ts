// The worker thread of dev's background type check: one checker kept alive, a check per "check" message,
// the problems posted back. Compiled on its own by typecheck.ts; it needs no other module of the engine.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import type * as TS from "typescript";
import { type CheckerOptions, createTypeChecker } from "./program.ts";

const data = workerData as CheckerOptions & { typescript: string };
const ts = createRequire(data.typescript)(data.typescript) as typeof TS;
const checker = createTypeChecker(ts, data);
parentPort!.on("message", () => {
  try {
    parentPort!.postMessage({ problems: checker.check() });
  } catch (error) {
    parentPort!.postMessage({ failure: (error as Error)?.stack ?? String(error) });
  }
});
