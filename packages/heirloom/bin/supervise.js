// build and check run on a thread of their own (cli-thread.cjs) with the heap Node gives this process, supervised
// from here: when a site's code uses up that memory, Node ends the thread, not the process, and this thread says
// where it ran out (what the thread last told, src/compile/supervisor.ts), cleans up what it left (below), and
// exits 1. Site code no time budget stops (a module's top level, a sort function) that runs well past the site's
// timeout, or a thread that stands still far longer, is stopped so too, and told at the place the thread last
// told (src/compile/stall.ts, whose limits are checked here). SIGINT and SIGTERM stop the thread, clean up the same
// way, and exit with 130 or 143. Cleaning up puts back the previous site the staging folder started from (and the
// output folder, stopped mid-swap), then removes the other folders, drafts and the lock. Anything else the thread
// ends with is passed on, and a thread still there 2 s after its run is done (a timer the site's code left) is ended.
// dev is not run so: a thread with open connections, ended so, takes Node's HTTP parser down with the process
// ("FATAL ERROR: v8::ToLocalChecked Empty MaybeLocal" under llhttp, Node 20); it keeps its sockets on the main
// thread and runs the site's code on a thread of its own (src/serve/dev/site-thread/site-thread.ts).
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import v8 from "node:v8";
import { SHARE_ENV, Worker } from "node:worker_threads";

/** workerData's key for the place memory, and the messages' (src/compile/supervisor.ts names it too). */
const KEY = "heirloomSupervisor";
/** The signals that stop a run cleanly (Ctrl+C, and what CI runners and `kill` send). */
const SIGNALS = ["SIGINT", "SIGTERM"];

/**
 * Starts the supervised thread for a run with `argv` (the process's own); `run` hands it the compiled CLI `cli`
 * to load and run (the thread starts meanwhile), and resolves with the run's exit code.
 * @param {string[]} argv
 * @returns {{ cancel(): void, run(cli: string, cache: { makeCache?: boolean, cacheFile?: string }): Promise<number> }}
 */
export function superviseRun(argv) {
  const limitMb = Math.floor(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
  const thread = start(argv, limitMb);
  return {
    cancel: () => void thread.worker.terminate(),
    async run(cli, cache) {
      thread.worker.postMessage({ [KEY]: "run", cli, cache });
      const end = await thread.ended;
      if (!end.outOfMemory && !end.stall) return end.code;
      const { outOfMemory, stalled } = createRequire(import.meta.url)("./load-cli.cjs").loadCli(cli);
      return end.stall ? stalled(argv, end.stall) : outOfMemory(argv, end.place, limitMb);
    },
  };
}

/** A thread for the run, waiting to be told the CLI; `ended` resolves with how it ended. */
function start(argv, limitMb) {
  const place = new SharedArrayBuffer(4096);
  const tty = { stdout: process.stdout.isTTY, stderr: process.stderr.isTTY };
  const worker = new Worker(new URL("./cli-thread.cjs", import.meta.url), {
    workerData: { argv, tty, [KEY]: place },
    env: SHARE_ENV,
    // The old generation is what a site's code fills; the young one and the code space keep Node's sizes.
    resourceLimits: { maxOldGenerationSizeMb: limitMb },
  });
  /** What the run would leave behind if it ended now, by path: its kind, and where a folder goes back to. */
  const left = new Map();
  let code;
  let failure;
  let stopped;
  let stall;
  let lingering;
  const watch = setInterval(() => {
    if (stall || stopped) return;
    stall = stallIn(place);
    if (stall) void worker.terminate();
  }, CHECK_MS);
  watch.unref();
  worker.on("message", (message) => {
    const kind = message?.[KEY];
    if (kind === "leaves") left.set(message.file, { kind: message.kind, restore: message.restore });
    else if (kind === "cleared") left.delete(message.file);
    else if (kind === "exit") {
      code = message.code;
      // The run is done: a timer or handle the site's code left open (a setInterval at a module's top level) would
      // keep the thread, and the command, alive for ever. Output still on its way has LINGER_MS to arrive.
      lingering = setTimeout(() => void worker.terminate(), LINGER_MS);
    }
  });
  worker.on("error", (error) => {
    failure = error;
  });
  // Node's own end at a signal would leave the lock, the staging folder and the previous site moved into it.
  const stop = (signal) => {
    if (stopped) return;
    stopped = signal;
    const building = argv.slice(2).includes("build");
    const kept = building ? ": the output folder is as the last complete build left it" : "";
    process.stderr.write(`Stopped by ${signal}${kept}.\n`);
    void worker.terminate();
  };
  for (const signal of SIGNALS) process.on(signal, stop);
  const ended = new Promise((resolve) => {
    worker.on("exit", (exitCode) => {
      clearInterval(watch);
      clearTimeout(lingering);
      // Once stopped, a second Ctrl+C is ignored: it would end the process while it cleans up.
      if (!stopped) for (const signal of SIGNALS) process.off(signal, stop);
      if (stopped) {
        removeLeft(left);
        resolve({ code: 128 + os.constants.signals[stopped] });
      } else if (stall) {
        removeLeft(left);
        resolve({ stall });
      } else if (failure?.code === "ERR_WORKER_OUT_OF_MEMORY") {
        removeLeft(left);
        resolve({ outOfMemory: true, place: placeIn(place) });
      } else if (failure) {
        // As Node prints an error nothing caught, and ends with 1.
        process.stderr.write(`${failure?.stack ?? failure}\n`);
        resolve({ code: 1 });
      } else resolve({ code: code ?? exitCode });
    });
  });
  return { worker, ended };
}

/** How long a thread whose run is done may stay before it is ended. */
const LINGER_MS = 2_000;
/** How often the thread's clocks are looked at. */
const CHECK_MS = 500;
/** Where the thread's clocks are in its memory (src/compile/supervisor.ts names it too). */
const CLOCKS_AT = 4064;

/**
 * Whether the thread must be stopped, as src/compile/stall.ts's stallIn decides (its limits, the same): the site
 * code it last told of has run 5 s past the site's timeout without a beat, or with none told of, it has not beat
 * for six times the timeout, at least 60 s.
 */
function stallIn(memory, now = Date.now()) {
  const [beat, told, since] = new Float64Array(memory, CLOCKS_AT, 3);
  const budget = told || 10_000;
  if (since > 0 && beat <= since && now - since > budget + 5_000) {
    return { place: placeIn(memory), ms: now - since, budget };
  }
  if (beat > 0 && now - beat > Math.max(6 * budget, 60_000)) return { place: placeIn(memory), ms: now - beat, budget };
  return undefined;
}

/** The place the thread last told, or undefined (none, or cut short). */
function placeIn(memory) {
  const length = new Int32Array(memory, 0, 1)[0];
  if (length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(new Uint8Array(memory, 4, length).slice()));
  } catch {
    return undefined;
  }
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
