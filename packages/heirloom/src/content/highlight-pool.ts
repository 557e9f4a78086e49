// Code blocks highlighted in worker threads while the build goes on reading: a body rendered while the content is
// read, whose languages Shiki has not loaded, hands its fenced blocks here (submitBlocks); each distinct block (by
// a hash of the themes, its language and its code) is highlighted once, on a thread for each core but one (one
// at least, MAX_THREADS at most), under a time budget. A block past its budget is written plain, with a located
// warning, and its thread is ended and replaced: no block can hang a build. The markup is kept here until the
// next build, for the renderer's `highlight` (markdown.ts), which highlights on the main thread what is not here
// (little code: see MAIN_THREAD_CODE).
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { workerFile } from "../compile/worker-file.ts";
import type { BlockAnswer, BlockRequest } from "./highlight-worker.ts";
import type { CodeThemes } from "./highlight.ts";

/** A fenced block to highlight: `lang` as languageOf() gives it; where it is written, for a warning. */
export interface CodeBlock {
  lang: string;
  code: string;
  file: string;
  line: number;
}

/** At most this many threads; one core is left to the main thread, which reads and renders meanwhile. */
const MAX_THREADS = 4;

/** Less code than this (distinct blocks, none with a long line) stays on the main thread: a thread costs more. */
export const MAIN_THREAD_CODE = 64_000;

/** A line longer than this may take Shiki seconds (a 3 KB line of C++ brackets: 33 s): such a block needs a budget. */
const LONG_LINE = 1000;

interface Queued {
  key: string;
  lang: string;
  code: string;
}

/** One build's blocks: those submitted, their markup ("" for one written plain), the threads once started. */
interface PoolRun {
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
  settled: boolean;
  /** Called when a block is answered: settle() waits for the queue to empty. */
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

let run: PoolRun | undefined;

/** What the last build's pool did, for the tests and HEIRLOOM_TRACE: distinct blocks, threads, blocks made plain. */
export const lastRun = { blocks: 0, threads: 0, plain: 0 };

export function blockKey(themes: CodeThemes, lang: string, code: string): string {
  const hash = createHash("sha256").update(JSON.stringify([themes.light, themes.dark, lang]));
  return hash.update("\0").update(code).digest("base64");
}

/** A block's markup from the pool ("": written plain), or undefined when the pool did not highlight it. */
export function pooledHighlight(code: string, lang: string, themes: CodeThemes): string | undefined {
  return run?.results.size ? run.results.get(blockKey(themes, lang, code)) : undefined;
}

/** Ends the threads of a run never settled (a build that failed before it highlighted): the next build starts anew. */
export function resetHighlighting(): void {
  if (run && !run.settled) {
    run.settled = true;
    for (const thread of run.threads) void thread.worker.terminate();
  }
  run = undefined;
  Object.assign(lastRun, { blocks: 0, threads: 0, plain: 0 });
}

/** Whether a block has a line Shiki may take seconds over: it is highlighted by a thread, never the main one. */
export const hasLongLine = (code: string) => code.split("\n").some((line) => line.length > LONG_LINE);

/** Hands the pool a body's blocks (a build's first blocks start a new run); threads start once they pay. */
export function submitBlocks(blocks: CodeBlock[], themes: CodeThemes, timeout: number): void {
  if (!run || run.settled) run = newRun(themes, timeout);
  for (const block of blocks) {
    const key = blockKey(themes, block.lang, block.code);
    const places = run.places.get(key);
    // A body may be rendered twice while it is read: each place once.
    if (places) {
      if (!places.some(({ file, line }) => file === block.file && line === block.line)) places.push(block);
    } else {
      run.places.set(key, [block]);
      run.queue.push({ key, lang: block.lang, code: block.code });
      run.chars += block.code.length;
      if (hasLongLine(block.code)) start(run);
    }
  }
  if (run.chars >= MAIN_THREAD_CODE) start(run);
  dispatch(run);
}

function newRun(themes: CodeThemes, timeout: number): PoolRun {
  const places = new Map();
  return {
    themes,
    timeout,
    places,
    queue: [],
    chars: 0,
    results: new Map(),
    late: [],
    threads: [],
    started: false,
    settled: false,
  };
}

/**
 * Waits for every block submitted to be highlighted (or made plain) and ends the threads; the warnings of the
 * blocks written plain, each at its file and line. Nothing to wait for when the pool never started.
 */
export async function settleHighlighting(): Promise<string[]> {
  const current = run;
  if (!current || current.settled) return [];
  if (current.started) await drained(current);
  current.settled = true;
  await Promise.all(current.threads.map((thread) => thread.worker.terminate()));
  Object.assign(lastRun, { blocks: current.places.size, threads: current.threads.length, plain: current.late.length });
  if (process.env.HEIRLOOM_TRACE?.includes("highlight")) {
    const { blocks, threads, plain } = lastRun;
    process.stderr.write(`highlight pool: ${blocks} blocks on ${threads} threads, ${plain} plain\n`);
  }
  if (current.failure !== undefined) throw current.failure;
  return lateWarnings(current);
}

/** Resolves once every block sent is answered (or made plain), or a thread failed. */
function drained(pool: PoolRun): Promise<void> {
  // The threads keep the process alive now: something waits for them.
  for (const thread of pool.threads) thread.worker.ref();
  return new Promise<void>((resolve) => {
    pool.onAnswer = () => {
      const idle = pool.queue.length === 0 && pool.threads.every((t) => t.sent.length === 0);
      if (pool.failure !== undefined || idle) resolve();
    };
    pool.onAnswer();
  });
}

function lateWarnings({ late, places, timeout }: PoolRun): string[] {
  const seconds = timeout % 1000 === 0 ? `${timeout / 1000} s` : `${timeout} ms`;
  return late.flatMap((key) =>
    (places.get(key) ?? []).map(
      ({ file, line, lang }) =>
        `${file}:${line}: the \`\`\`${lang} block was not highlighted: it took more than ${seconds}, so it is ` +
        "written plain (markdown.highlight.timeout in site.config.ts gives blocks longer)",
    ),
  );
}

/** Starts the run's threads, once: at once when the worker's file is compiled already. */
function start(pool: PoolRun): void {
  if (pool.started) return;
  pool.started = true;
  const count = Math.max(1, Math.min(MAX_THREADS, availableParallelism() - 1));
  const threads = (file: string) => {
    for (let i = 0; i < count; i++) addThread(pool, file);
  };
  const file = workerFile("highlight", "content/highlight-worker.ts");
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
  if (pool.settled) return;
  const thread: Thread = { worker: new Worker(file), sent: [], load: 0 };
  if (!pool.onAnswer) thread.worker.unref();
  pool.threads.push(thread);
  thread.worker.on("message", (answer: BlockAnswer) => answered(pool, thread, file, answer));
  thread.worker.on("error", (error) => fail(pool, error));
  dispatch(pool);
}

/** Sends the queued blocks, each to the thread with the least code to highlight. */
function dispatch(pool: PoolRun): void {
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
