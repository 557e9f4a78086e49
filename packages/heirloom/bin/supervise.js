// build, check and dev run on a thread of their own (cli-thread.cjs) with the heap Node gives this process,
// supervised from here: when a site's code uses up that memory, Node ends the thread, not the process, and this
// thread says where it ran out (what the thread last told, src/compile/supervisor.ts) and removes the staging
// folder and lock it left. build and check then exit 1; dev starts again on its port, answering that page with
// the error until a file changes. Ctrl+C stops dev through its thread, or ends the thread if it does not stop.
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import v8 from "node:v8";
import { SHARE_ENV, Worker } from "node:worker_threads";

/** workerData's key for the place memory, and the messages' (src/compile/supervisor.ts names it too). */
const KEY = "heirloomSupervisor";
/** How long dev has to close after Ctrl+C before its thread is ended. */
const STOP_MS = 3000;

/**
 * Starts the supervised thread for a run with `argv` (the process's own); `run` hands it the compiled CLI `cli`
 * to load and run (the thread starts meanwhile), and resolves with the run's exit code.
 * @param {string[]} argv
 * @param {{ dev?: boolean }} [options] dev: started again after running out of memory, and stopped by Ctrl+C
 * @returns {{ cancel(): void, run(cli: string, cache: { makeCache?: boolean, cacheFile?: string }): Promise<number> }}
 */
export function superviseRun(argv, { dev = false } = {}) {
  const limitMb = Math.floor(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
  let thread = start(argv, limitMb);
  let stopping = false;
  let ended = false;
  if (dev) {
    const end = () => {
      ended = true;
      void thread.worker.terminate();
    };
    const stop = () => {
      // A second Ctrl+C, or a thread that does not close in time (a page's code in a loop), is ended.
      if (stopping) return end();
      stopping = true;
      thread.worker.postMessage({ [KEY]: "stop" });
      setTimeout(end, STOP_MS).unref();
    };
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
  }
  return {
    cancel: () => void thread.worker.terminate(),
    async run(cli, cache) {
      const failed = [];
      for (;;) {
        thread.worker.postMessage({ [KEY]: "run", cli, cache });
        const end = await thread.ended;
        // Ended by Ctrl+C: as a process ends by SIGINT.
        if (ended) return 130;
        if (!end.outOfMemory) return end.code;
        const { outOfMemory } = createRequire(import.meta.url)("./load-cli.cjs").loadCli(cli);
        const code = outOfMemory(argv, end.place, limitMb);
        // dev starts again if it served, and a page's render ran out (not its start, which would again).
        if (!dev || stopping || end.port === undefined || !end.place?.page) return code;
        failed.push({ place: end.place, limitMb });
        process.stderr.write(`The dev server starts again; ${end.place.page} shows this error until a file changes.\n`);
        thread = start(argv, limitMb, { port: end.port, failed });
      }
    },
  };
}

/** A thread for the run, waiting to be told the CLI; `ended` resolves with how it ended. */
function start(argv, limitMb, restart) {
  const place = new SharedArrayBuffer(4096);
  const tty = { stdout: process.stdout.isTTY, stderr: process.stderr.isTTY };
  const worker = new Worker(new URL("./cli-thread.cjs", import.meta.url), {
    workerData: { argv, tty, [KEY]: place, heirloomRestart: restart },
    env: SHARE_ENV,
    // The old generation is what a site's code fills; the young one and the code space keep Node's sizes.
    resourceLimits: { maxOldGenerationSizeMb: limitMb },
  });
  /** What the run would leave behind if it ended now: folder or lock, by path. */
  const left = new Map();
  let code;
  let port;
  let failure;
  worker.on("message", (message) => {
    const kind = message?.[KEY];
    if (kind === "leaves") left.set(message.file, message.kind);
    else if (kind === "cleared") left.delete(message.file);
    else if (kind === "serving") port = message.port;
    else if (kind === "exit") code = message.code;
  });
  worker.on("error", (error) => {
    failure = error;
  });
  const ended = new Promise((resolve) => {
    worker.on("exit", (exitCode) => {
      if (failure?.code === "ERR_WORKER_OUT_OF_MEMORY") {
        removeLeft(left);
        resolve({ outOfMemory: true, place: placeIn(place), port });
      } else if (failure) {
        // As Node prints an error nothing caught, and ends with 1.
        process.stderr.write(`${failure?.stack ?? failure}\n`);
        resolve({ code: 1 });
      } else resolve({ code: code ?? exitCode });
    });
  });
  return { worker, ended };
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

/** Removes the staging folder, and the lock if it still names this process. */
function removeLeft(left) {
  for (const [file, kind] of left) {
    try {
      if (kind === "folder") rmSync(file, { recursive: true, force: true });
      else if (JSON.parse(readFileSync(file, "utf8")).pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Gone already, or another's: the next build deals with what is left.
    }
  }
}
