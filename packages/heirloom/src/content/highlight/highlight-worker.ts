// The worker thread of the highlight pool (highlight-pool.ts): loads Shiki as highlight.ts does (the side bundle
// in the compiled CLI and the package) and highlights one block per message, telling first that it has started
// (its languages loaded), so that only the highlighting itself is timed.
import { parentPort } from "node:worker_threads";
import { type CodeThemes, highlightCode, prepareHighlighting } from "./highlight.ts";

/** One block to highlight: `lang` as languageOf() gives it. */
export interface BlockRequest {
  id: number;
  lang: string;
  code: string;
  /** The fence's text after its language (a title, marked lines). */
  meta?: string;
  themes: CodeThemes;
}

/** What the worker answers: started (the block's languages loaded), its markup, or why it failed. */
export type BlockAnswer =
  | { id: number; started: true }
  | { id: number; html: string }
  | { id: number; failure: string };

/** The blocks one after the other, in the order sent: a block's languages may have to load first. */
let queue = Promise.resolve();

parentPort!.on("message", (request: BlockRequest) => {
  queue = queue.then(() => highlight(request));
});

async function highlight({ id, lang, code, meta, themes }: BlockRequest): Promise<void> {
  try {
    await prepareHighlighting([lang], themes, "");
    parentPort!.postMessage({ id, started: true } satisfies BlockAnswer);
    parentPort!.postMessage({ id, html: highlightCode(code, lang, themes, meta) } satisfies BlockAnswer);
  } catch (error) {
    parentPort!.postMessage({ id, failure: (error as Error)?.message ?? String(error) } satisfies BlockAnswer);
  }
}
