// The threads of the highlight pool (highlight-pool.ts): started once a build's blocks pay for them, each sent
// blocks as they come, each block under the run's time budget; a thread past it is ended and replaced.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { workerFile } from "../../compile/worker-file.ts";
import type { BlockAnswer, BlockRequest } from "./highlight-worker.ts";
import type { CodeThemes } from "./highlight.ts";

/** A fenced block to highlight: `lang` as languageOf() gives it; where it is written, for a warning. */
export interface CodeBlock {
  lang: string;
  code: string;
  file: string;
  line: number;
  /** The fence's text after its language, when it has any. */
  meta?: string;
}

/** At most this many threads; one core is left to the main thread, which reads and renders meanwhile. */
const MAX_THREADS = 4;

export interface Queued {
  key: string;
  lang: string;
  code: string;
  meta?: string;
}

/** One build's blocks: those submitted, their markup ("" for one written plain), the threads once started. */
export interface PoolRun {
  themes: CodeThemes;
  timeout: number;
  /** Where each distinct block is written, by key: its first place is told in a warning, and the others. */
  places: Map<string, CodeBlock[]>;
  queue: Queued[];
  /** How many characters of code the distinct blocks have. */
  chars: number;
  results: Map<string, string>;
  late: string[];
  threads: Thread[];
  started: boolean;
  /** Finished or stopped: no thread is added, and a block handed over after it starts a new run. */
  ended: boolean;
  /** Called when a block is answered: finishRun() waits for the queue to empty. */
  onAnswer?: () => void;
  failure?: unknown;
}

/** A thread and the blocks sent to it, not yet answered, in order (Shiki works on the first). */
interface Thread {
  worker: Worker;
  sent: Sent[];
  /** How many characters of code it has to highlight. */
  load: number;
  timer?: NodeJS.Timeout;
}

type Sent = Queued & { id: number };

/** Starts the run's threads, once: at once when the worker's file is compiled already. */
export function start(pool: PoolRun): void {
  if (pool.started) return;
  pool.started = true;
  const count = Math.max(1, Math.min(MAX_THREADS, availableParallelism() - 1));
  const threads = (file: string) => {
    for (let i = 0; i < count; i++) addThread(pool, file);
  };
  const file = workerFile("highlight", "content/highlight/highlight-worker.ts");
  if (typeof file === "string") threads(file);
  else file.then(threads, (error: unknown) => fail(pool, error));
}

function fail(pool: PoolRun, error: unknown): void {
  pool.failure ??= error;
  pool.onAnswer?.();
}

let ids = 0;

/**
 * A thread, sent blocks as they come (each thread has its queue: it goes on while the main thread is busy); one
 * past its budget is ended and another takes its place and its blocks.
 */
function addThread(pool: PoolRun, file: string): void {
  if (pool.ended) return;
  const thread: Thread = { worker: new Worker(file), sent: [], load: 0 };
  if (!pool.onAnswer) thread.worker.unref();
  pool.threads.push(thread);
  thread.worker.on("message", (answer: BlockAnswer) => answered(pool, thread, file, answer));
  thread.worker.on("error", (error) => fail(pool, error));
  dispatch(pool);
}

/** Sends the queued blocks, each to the thread with the least code to highlight. */
export function dispatch(pool: PoolRun): void {
  if (pool.threads.length === 0) return;
  for (let block = pool.queue.shift(); block; block = pool.queue.shift()) {
    const thread = pool.threads.reduce((a, b) => (b.load < a.load ? b : a));
    const sent = { ...block, id: ids++ };
    thread.sent.push(sent);
    thread.load += sent.code.length;
    thread.worker.postMessage({
      id: sent.id,
      lang: sent.lang,
      code: sent.code,
      meta: sent.meta,
      themes: pool.themes,
    } satisfies BlockRequest);
  }
}

function answered(pool: PoolRun, thread: Thread, file: string, answer: BlockAnswer): void {
  const block = thread.sent[0];
  if (!block || answer.id !== block.id) return;
  if ("started" in answer) {
    thread.timer = setTimeout(() => tooLate(pool, thread, file), pool.timeout);
    return;
  }
  clearTimeout(thread.timer);
  thread.sent.shift();
  thread.load -= block.code.length;
  if ("failure" in answer) {
    fail(pool, new Error(`highlighting a code block failed: ${answer.failure}`));
    return;
  }
  // "" from the thread: Shiki has no such language; the main thread writes the block as markdown-it does.
  if (answer.html) pool.results.set(block.key, answer.html);
  pool.onAnswer?.();
}

/** The thread's block took longer than its budget: written plain; the thread ended, its other blocks queued again. */
function tooLate(pool: PoolRun, thread: Thread, file: string): void {
  const [block, ...rest] = thread.sent;
  pool.results.set(block.key, "");
  pool.late.push(block.key);
  thread.worker.removeAllListeners();
  void thread.worker.terminate();
  pool.threads.splice(pool.threads.indexOf(thread), 1);
  pool.queue.unshift(...rest);
  addThread(pool, file);
  pool.onAnswer?.();
}
