// Code blocks highlighted in worker threads while the build goes on reading: a body rendered while the content is
// read, whose languages Shiki has not loaded, hands its fenced blocks to its build's run (addBlocks); each distinct
// block (by a hash of the themes, its language and its code) is highlighted once, on a thread for each core but one
// (one at least, MAX_THREADS at most), under a time budget. A block past its budget is written plain, with a located
// warning, and its thread is ended and replaced: no block can hang a build. The run keeps the markup for the
// renderer's `highlight` (markdown.ts), which highlights on the main thread what it lacks (little code: see
// MAIN_THREAD_CODE). The run belongs to the build's Highlighting (highlighting.ts).
import { createHash } from "node:crypto";
import type { Token } from "markdown-it";
import { type CodeBlock, type PoolRun, dispatch, start } from "./highlight-threads.ts";
import { languageOf } from "./fence-language.ts";
import { metaOf } from "./fence-meta.ts";
import { type CodeThemes, knownLanguage } from "./highlight.ts";

export type { CodeBlock, PoolRun };

/** What a markdown renderer asks of its build's pool (the build's Highlighting). */
export interface BlockPool {
  /** Hands the pool a body's blocks; threads start once they pay. */
  submit(blocks: CodeBlock[], themes: CodeThemes, timeout: number): void;
  /** A block's markup from the pool ("": written plain), or undefined when the pool did not highlight it. */
  pooled(code: string, lang: string, themes: CodeThemes, meta?: string): string | undefined;
  /** Whether a block with a long line has not been through the pool yet (it may take Shiki minutes). */
  unpooled(tokens: Token[], themes: CodeThemes): boolean;
}

/** Less code than this (distinct blocks, none with a long line) stays on the main thread: a thread costs more. */
export const MAIN_THREAD_CODE = 64_000;

/** A line longer than this may take Shiki seconds (a 3 KB line of C++ brackets: 33 s): such a block needs a budget. */
const LONG_LINE = 1000;

/** A block's key: its meta too, as it shapes the markup (a title, marked lines). */
export function blockKey(themes: CodeThemes, lang: string, code: string, meta = ""): string {
  const hash = createHash("sha256").update(JSON.stringify([themes.light, themes.dark, lang, ...(meta ? [meta] : [])]));
  return hash.update("\0").update(code).digest("base64");
}

/** A block's markup from the run ("": written plain), or undefined when the run did not highlight it. */
export function pooledIn(run: PoolRun | undefined, code: string, lang: string, themes: CodeThemes, meta = "") {
  return run?.results.size ? run.results.get(blockKey(themes, lang, code, meta)) : undefined;
}

/** Whether a block has a line Shiki may take seconds over: it is highlighted by a thread, never the main one. */
export const hasLongLine = (code: string) => code.split("\n").some((line) => line.length > LONG_LINE);

/** Whether a block with a long line has not been through the run yet (Shiki loaded or not: it may take minutes). */
export function unpooledIn(run: PoolRun | undefined, tokens: Token[], themes: CodeThemes): boolean {
  return tokens.some(
    (t) =>
      t.type === "fence" &&
      hasLongLine(t.content) &&
      knownLanguage(languageOf(t.info)) &&
      pooledIn(run, t.content, languageOf(t.info), themes, metaOf(t.info)) === undefined,
  );
}

/** A body's fenced blocks that name a language, each at its line in `file`, for the highlight pool. */
export function blocksIn(tokens: Token[], file: string, firstLine: number): CodeBlock[] {
  const fences = tokens.filter((t) => t.type === "fence" && languageOf(t.info));
  return fences.map((t) => {
    const meta = metaOf(t.info);
    const place = { lang: languageOf(t.info), code: t.content, file, line: firstLine + (t.map?.[0] ?? 0) };
    return meta ? { ...place, meta } : place;
  });
}

/** A build's run, with no block yet. */
export function newRun(themes: CodeThemes, timeout: number): PoolRun {
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
    ended: false,
  };
}

/** Hands the run a body's blocks; its threads start once they pay. */
export function addBlocks(run: PoolRun, blocks: CodeBlock[]): void {
  for (const block of blocks) {
    const key = blockKey(run.themes, block.lang, block.code, block.meta);
    const places = run.places.get(key);
    // A body may be rendered twice while it is read: each place once.
    if (places) {
      if (!places.some(({ file, line }) => file === block.file && line === block.line)) places.push(block);
    } else {
      run.places.set(key, [block]);
      run.queue.push({ key, lang: block.lang, code: block.code, ...(block.meta ? { meta: block.meta } : {}) });
      run.chars += block.code.length;
      if (hasLongLine(block.code)) start(run);
    }
  }
  if (run.chars >= MAIN_THREAD_CODE) start(run);
  dispatch(run);
}

/** Ends the threads of a run not finished (its build failed before it highlighted): no block of it is waited for. */
export function stopRun(run: PoolRun): void {
  if (run.ended) return;
  run.ended = true;
  for (const thread of run.threads) void thread.worker.terminate();
}

/**
 * Waits for every block handed to the run to be highlighted (or made plain) and ends the threads; the warnings of
 * the blocks written plain, each at its file and line. Nothing to wait for when the threads never started.
 */
export async function finishRun(run: PoolRun): Promise<string[]> {
  if (run.ended) return [];
  if (run.started) await drained(run);
  run.ended = true;
  await Promise.all(run.threads.map((thread) => thread.worker.terminate()));
  if (process.env.HEIRLOOM_TRACE?.includes("highlight")) {
    const [blocks, threads, plain] = [run.places.size, run.threads.length, run.late.length];
    process.stderr.write(`highlight pool: ${blocks} blocks on ${threads} threads, ${plain} plain\n`);
  }
  if (run.failure !== undefined) throw run.failure;
  return lateWarnings(run);
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
