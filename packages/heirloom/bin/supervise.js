// build and check run on a bounded thread of their own (cli-thread.cjs, bounded-worker.js), supervised from here: out
// of memory or stalled, it is told at its place and what it left is cleaned up; SIGINT and SIGTERM stop it so too.
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { spawnBounded, superviseBounded } from "./bounded-worker.js";
import { SUPERVISOR_KEY, SUPERVISOR_MESSAGES } from "./thread-keys.cjs";

/** The signals that stop a run cleanly (Ctrl+C, and what CI runners and `kill` send). */
const SIGNALS = ["SIGINT", "SIGTERM"];
/** How long a thread whose run is done may stay before it is ended. */
const LINGER_MS = 2_000;

// dev is not run so: a thread with open connections, ended so, takes Node's HTTP parser down with the process
// ("FATAL ERROR: v8::ToLocalChecked Empty MaybeLocal" under llhttp, Node 20); it keeps its sockets on the main
// thread and runs the site's code on a bounded thread of its own (src/serve/dev/site-thread/site-thread.ts).

/**
 * Starts the supervised thread for a run with `argv` (the process's own); `run` hands it the compiled CLI `cli`
 * to load and run (the thread starts meanwhile), and resolves with the run's exit code.
 * @param {string[]} argv
 * @returns {{ cancel(): void, run(cli: string, cache: { makeCache?: boolean, cacheFile?: string }): Promise<number> }}
 */
export function superviseRun(argv) {
  const thread = start(argv);
  return {
    cancel: () => void thread.worker.terminate(),
    async run(cli, cache) {
      thread.worker.postMessage({ [SUPERVISOR_KEY]: SUPERVISOR_MESSAGES.run, cli, cache });
      const end = await thread.ended;
      if (!end.outOfMemory && !end.stall) return end.code;
      const { outOfMemory, stalled } = createRequire(import.meta.url)("./load-cli.cjs").loadCli(cli);
      return end.stall ? stalled(argv, end.stall) : outOfMemory(argv, end.place, thread.limitMb);
    },
  };
}

/**
 * A thread for the run, waiting to be told the CLI; `ended` resolves with how it ended: the code to exit with (130
 * or 143 after a signal, 1 after an error nothing caught, as Node ends), or where it ran out of memory or stalled,
 * once what it left is cleaned up. A thread still there 2 s after its run is done is ended.
 */
function start(argv) {
  const tty = { stdout: process.stdout.isTTY, stderr: process.stderr.isTTY };
  const thread = spawnBounded(new URL("./cli-thread.cjs", import.meta.url), { workerData: { argv, tty } });
  const { worker } = thread;
  const supervised = superviseBounded(thread);
  /** What the run would leave behind if it ended now, by path: its kind, and where a folder goes back to. */
  const left = new Map();
  let code;
  let stopped;
  let lingering;
  worker.on("message", (message) => {
    const kind = message?.[SUPERVISOR_KEY];
    if (kind === SUPERVISOR_MESSAGES.leaves) left.set(message.file, { kind: message.kind, restore: message.restore });
    else if (kind === SUPERVISOR_MESSAGES.cleared) left.delete(message.file);
    else if (kind === SUPERVISOR_MESSAGES.exit) {
      code = message.code;
      // The run is done: a timer or handle the site's code left open (a setInterval at a module's top level) would
      // keep the thread, and the command, alive for ever. Output still on its way has LINGER_MS to arrive.
      lingering = setTimeout(() => void worker.terminate(), LINGER_MS);
    }
  });
  // Node's own end at a signal would leave the lock, the staging folder and the previous site moved into it.
  const stop = (signal) => {
    if (stopped) return;
    stopped = signal;
    const building = argv.slice(2).includes("build");
    const kept = building ? ": the output folder is as the last complete build left it" : "";
    process.stderr.write(`Stopped by ${signal}${kept}.\n`);
    void supervised.stop();
  };
  for (const signal of SIGNALS) process.on(signal, stop);
  const ended = supervised.ended.then((end) => {
    clearTimeout(lingering);
    // Once stopped, a second Ctrl+C is ignored: it would end the process while it cleans up.
    if (!stopped) for (const signal of SIGNALS) process.off(signal, stop);
    if (stopped) {
      removeLeft(left);
      return { code: 128 + os.constants.signals[stopped] };
    }
    if (end.stall || end.outOfMemory) {
      removeLeft(left);
      return end;
    }
    if (end.error) {
      // As Node prints an error nothing caught, and ends with 1.
      process.stderr.write(`${end.error?.stack ?? end.error}\n`);
      return { code: 1 };
    }
    return { code: code ?? end.code };
  });
  return { worker, limitMb: thread.limitMb, ended };
}

/**
 * Puts each folder told with a place to go back to there, if that place is free; removes the other folders and
 * files; then the lock, if it still names this process, so that a build waiting for it finds everything in place.
 */
function removeLeft(left) {
  const entries = [...left].sort(([, a], [, b]) => Number(a.kind === "lock") - Number(b.kind === "lock"));
  for (const [file, { kind, restore }] of entries) {
    try {
      if (kind === "lock") {
        if (JSON.parse(readFileSync(file, "utf8")).pid === process.pid) rmSync(file, { force: true });
      } else if (restore && existsSync(file) && !existsSync(restore)) renameSync(file, restore);
      else rmSync(file, { recursive: true, force: true });
    } catch {
      // Gone already, or another's: the next build deals with what is left.
    }
  }
}
