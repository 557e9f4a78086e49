// Site code that may never end (an MDX expression that loops) run under a time budget on the main thread: through
// a one-line script of a vm context, whose `timeout` has V8 stop whatever JavaScript runs inside the call once it
// is past, the site's own functions included, and whose `breakOnSigint` lets Ctrl+C stop it too (the signal is
// then raised again for the process's own handlers: a build ends; on a supervised thread, a build's or dev's site
// thread, the thread that started it stops it). Code stopped this way runs no
// `finally` of its own; what it left behind is the caller's to put right. A call costs about 0.13 ms (V8 starts a
// watchdog thread for it), so it wraps a body's render, never each expression.
import vm from "node:vm";
import { isMainThread } from "node:worker_threads";

/** Thrown when `run` was stopped at its budget. */
export class PastBudget extends Error {
  constructor(readonly ms: number) {
    super(`stopped after ${ms} ms`);
    this.name = "PastBudget";
  }
}

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

/** Runs `run` synchronously, stopped (PastBudget) once it has taken `ms` milliseconds or at Ctrl+C (Interrupted). */
export function withinTime<T>(run: () => T, ms: number): T {
  // A page asked for after Ctrl+C (dev's background link check had the signal) is not run for its whole budget.
  if (interrupted) throw new Interrupted();
  context ??= vm.createContext({ run: undefined });
  script ??= new vm.Script("run()", { filename: "heirloom:time-budget" });
  context.run = run;
  try {
    // Off the main thread (bin/supervise.js's, dev's site thread), Ctrl+C is the supervisor's to handle: the
    // watchdog a breakOnSigint call sets up would, once done, leave the process's SIGINT to its default (measured:
    // dev then died of it).
    return script.runInContext(context, { timeout: ms, breakOnSigint: isMainThread }) as T;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === "ERR_SCRIPT_EXECUTION_TIMEOUT") throw new PastBudget(ms);
    if (code === "ERR_SCRIPT_EXECUTION_INTERRUPTED") {
      interrupted = true;
      setImmediate(() => kill(process.pid, "SIGINT"));
      throw new Interrupted();
    }
    throw error;
  } finally {
    context.run = undefined;
  }
}
