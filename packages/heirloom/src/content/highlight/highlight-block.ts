// A fenced block's markup as markdown-it asks for it while a body renders: the highlight pool's, else highlighted
// on this thread within the blocks' time (time-budget.ts), a block past it written plain and told at its place, and
// a block in a language Shiki does not have written plain and noted at its line (unknown-language.ts).
import type { ShikiTransformer } from "shiki";
import { PastBudget, withinTime } from "../../compile/time-budget.ts";
import { type BlockPool, lateWarning } from "./highlight-pool.ts";
import {
  type CodeThemes,
  highlightCode,
  highlighting,
  knownLanguage,
  missingLanguage,
  reloadShiki,
} from "./highlight.ts";

/** What one render tells its blocks' highlighting: the places of its fences, in order, and what went plain. */
export interface RenderState {
  late: boolean;
  retry: boolean;
  fences: Array<{ file: string; line: number }>;
  next: number;
  warnings: string[];
  /** The blocks in a language Shiki does not have: each fence's line in the file, and its language. */
  unknown: Array<[line: number, lang: string]>;
}

/**
 * A block's markup: the build's pool's, else highlighted now, on this thread, within the blocks' time (time-budget.ts:
 * Ctrl+C stops it too); "" (plain) for one past its time, told at its place, Shiki then loaded anew, and for one in
 * a language Shiki does not have, noted.
 */
export function highlighted(
  code: string,
  lang: string,
  themes: CodeThemes,
  timeout: number,
  state: RenderState,
  pool: BlockPool | undefined,
  block: { meta?: string; own?: readonly ShikiTransformer[] } = {},
): string {
  const place = state.fences[state.next++];
  const pooled = lang ? pool?.pooled(code, lang, themes, block.meta) : undefined;
  if (pooled === "") state.late = true;
  if (pooled === undefined && place && missingLanguage(lang)) state.unknown.push([place.line, lang]);
  if (pooled !== undefined || !knownLanguage(lang)) return pooled ?? "";
  // Shiki being loaded anew after a block stopped: plain now, highlighted by the next render.
  if (!highlighting()) return (Object.assign(state, { late: true, retry: true }), "");
  try {
    return withinTime(() => highlightCode(code, lang, themes, block.meta, block.own), timeout);
  } catch (error) {
    if (!(error instanceof PastBudget)) throw error;
    reloadShiki();
    state.late = true;
    if (place) state.warnings.push(lateWarning({ ...place, lang }, timeout));
    return "";
  }
}
