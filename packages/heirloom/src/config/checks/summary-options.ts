// A collection's `summary` option (collection.ts) checked and given its defaults: Hugo's 70 words to the end of their
// block, "paragraph" as Jekyll's excerpt, a marker of the collection's own (Jekyll's `excerpt_separator`).
import type { ResolvedSummary } from "../types.ts";

/** Hugo's default: the first 70 words (its `summaryLength`), to the end of the paragraph they end in. */
export const DEFAULT_SUMMARY: ResolvedSummary = { paragraph: false, words: 70, end: "block" };

const KNOWN = new Set(["words", "end", "separator", "paragraph"]);

/** The option with its defaults, or undefined when it is none of its forms (the caller tells where). */
export function resolveSummary(option: unknown): ResolvedSummary | undefined {
  if (option === undefined) return DEFAULT_SUMMARY;
  if (option === "paragraph") return { ...DEFAULT_SUMMARY, paragraph: true };
  if (!option || typeof option !== "object" || Array.isArray(option)) return undefined;
  const given = option as Record<string, unknown>;
  if (Object.keys(given).some((key) => !KNOWN.has(key))) return undefined;
  const { words = DEFAULT_SUMMARY.words, end = "block", separator, paragraph = false } = given;
  if (typeof words !== "number" || !Number.isInteger(words) || words < 1) return undefined;
  if ((end !== "block" && end !== "word") || typeof paragraph !== "boolean") return undefined;
  if (paragraph && (given.words !== undefined || given.end !== undefined)) return undefined;
  if (separator !== undefined && (typeof separator !== "string" || separator === "")) return undefined;
  // Jekyll's own default, "\n\n", is a blank line: the first paragraph. Any other marker is written on one line.
  if (separator !== undefined && separator.trim() === "") return { ...DEFAULT_SUMMARY, paragraph: true };
  if (separator?.includes("\n")) return undefined;
  return { paragraph, words, end, ...(separator === undefined ? {} : { separator: separator.trim() }) };
}
