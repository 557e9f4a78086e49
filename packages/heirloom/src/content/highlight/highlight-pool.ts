// Code blocks highlighted in worker threads while the build goes on reading: a body rendered while the content is
// read, whose languages Shiki has not loaded, hands its fenced blocks here (submitBlocks); each distinct block (by
// a hash of the themes, its language and its code) is highlighted once, on a thread for each core but one (one
// at least, MAX_THREADS at most), under a time budget. A block past its budget is written plain, with a located
// warning, and its thread is ended and replaced: no block can hang a build. The markup is kept here until the
// next build, for the renderer's `highlight` (markdown.ts), which highlights on the main thread what is not here
// (little code: see MAIN_THREAD_CODE).
import { createHash } from "node:crypto";
import type { Token } from "markdown-it";
import { type CodeBlock, type PoolRun, dispatch, start } from "./highlight-threads.ts";
import { languageOf } from "./fence-language.ts";
import { type CodeThemes, knownLanguage } from "./highlight.ts";

export type { CodeBlock };

/** Less code than this (distinct blocks, none with a long line) stays on the main thread: a thread costs more. */
export const MAIN_THREAD_CODE = 64_000;

/** A line longer than this may take Shiki seconds (a 3 KB line of C++ brackets: 33 s): such a block needs a budget. */
const LONG_LINE = 1000;

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

/** Whether a block with a long line has not been through the pool yet (Shiki loaded or not: it may take minutes). */
export function unpooled(tokens: Token[], themes: CodeThemes): boolean {
  return tokens.some(
    (t) =>
      t.type === "fence" &&
      hasLongLine(t.content) &&
      knownLanguage(languageOf(t.info)) &&
      pooledHighlight(t.content, languageOf(t.info), themes) === undefined,
  );
}

/** A body's fenced blocks that name a language, each at its line in `file`, for the highlight pool. */
export function blocksIn(tokens: Token[], file: string, firstLine: number): CodeBlock[] {
  const fences = tokens.filter((t) => t.type === "fence" && languageOf(t.info));
  return fences.map((t) => ({ lang: languageOf(t.info), code: t.content, file, line: firstLine + (t.map?.[0] ?? 0) }));
}

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
  return late.flatMap((key) => (places.get(key) ?? []).map((block) => lateWarning(block, timeout)));
}

/** What is told of a block written plain past its time, at its file and line. */
export function lateWarning({ file, line, lang }: Omit<CodeBlock, "code">, timeout: number): string {
  const seconds = timeout % 1000 === 0 ? `${timeout / 1000} s` : `${timeout} ms`;
  return (
    `${file}:${line}: the \`\`\`${lang} block was not highlighted: it took more than ${seconds}, so it is ` +
    "written plain (markdown.highlight.timeout in site.config.ts gives blocks longer)"
  );
}
