// An entry's `summary`, `truncated`, `wordCount` and `readingTime`: made from its body's HTML when a template first
// reads one (a site that shows none pays nothing for them), by its collection's `summary` option.
import type { ResolvedSummary } from "../config/types.ts";
import { type Summary, countWords, readingMinutes, summaryOf } from "./summary-html.ts";
import type { EntryValue } from "./types.ts";

/** The body's HTML, read when first needed, and where its summary's marker was in it. */
export type BodyText = () => { html: string; more?: number };

interface SummaryState {
  text: BodyText;
  options: ResolvedSummary;
  summary?: Summary;
  words?: { words: number; cjk: number };
}

const STATE = Symbol("heirloom.summary");
type Held = { [STATE]: SummaryState };

function summaryOfEntry(entry: Held): Summary {
  const state = entry[STATE];
  if (!state.summary) {
    const { html, more } = state.text();
    state.summary = summaryOf(html, more, state.options);
  }
  return state.summary;
}

const wordsOfEntry = (entry: Held) => (entry[STATE].words ??= countWords(entry[STATE].text().html));

// One getter per field for every entry, reading its state: entries of a collection share their shape.
const FIELDS: Record<string, PropertyDescriptor> = {
  summary: {
    enumerable: true,
    configurable: true,
    get: function (this: Held) {
      return summaryOfEntry(this).summary;
    },
  },
  truncated: {
    enumerable: true,
    configurable: true,
    get: function (this: Held) {
      return summaryOfEntry(this).truncated;
    },
  },
  wordCount: {
    enumerable: true,
    configurable: true,
    get: function (this: Held) {
      const { words, cjk } = wordsOfEntry(this);
      return words + cjk;
    },
  },
  readingTime: {
    enumerable: true,
    configurable: true,
    get: function (this: Held) {
      return readingMinutes(wordsOfEntry(this));
    },
  },
};
const NAMES = Object.keys(FIELDS);
const NONE: Record<string, unknown> = { summary: "", truncated: false, wordCount: 0, readingTime: 0 };

/**
 * Gives an entry with a body its summary and counts, made from `text` when first read. A field of the schema's own
 * by one of their names (a front matter `summary`) is the entry's: kept.
 */
export function setSummary(value: EntryValue, text: BodyText, options: ResolvedSummary): void {
  // Assigned, not defined: a symbol's key is left out of Object.keys and JSON, and an entry is quicker to make so.
  (value as unknown as Held)[STATE] = { text, options };
  for (const name of NAMES) if (!(name in value)) Object.defineProperty(value, name, FIELDS[name]);
}

/** Gives an entry without a body an empty summary and no words (a field of the schema's own kept). */
export function setNoSummary(value: EntryValue): void {
  const held = value as Record<string, unknown>;
  for (const name of NAMES) if (!(name in held)) held[name] = NONE[name];
}
