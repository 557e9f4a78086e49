// A body's summary and word count read from its HTML, the same way for markdown and MDX bodies: cut at a marker, at
// the end of the first paragraph, or after N words (at the end of their block, or at the word), tags left open closed.
import type { ResolvedSummary } from "../config/types.ts";

/** What a body's summary is: its HTML, and whether the body holds more than it. */
export interface Summary {
  summary: string;
  truncated: boolean;
}

/** A tag or a comment; a quoted attribute may hold ">". */
const TAG = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][\w:-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const VOID = new Set("area base br col embed hr img input link meta source track wbr".split(" "));
/** Elements whose text is no prose: never counted. */
const SILENT = new Set(["script", "style", "template"]);
const HEADING = /^h[1-6]$/;

const CJK_CHARS = "\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}";
/** One word: a CJK character on its own (as Hugo's hasCJKLanguage counts), or a run holding a letter or digit. */
const NOT_CJK = `[^\\s${CJK_CHARS}]`;
const WORD = new RegExp(`[${CJK_CHARS}]|${NOT_CJK}*(?![${CJK_CHARS}])[\\p{L}\\p{N}]${NOT_CJK}*`, "gu");
const CJK = new RegExp(`^[${CJK_CHARS}]$`, "u");
/** An entity, replaced by as many characters that are neither letters nor space (a space for a no-break space). */
const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi;

/** Text as words are counted in it, each character at its place: entities are no letters (&nbsp; is a space). */
function plain(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (e) => (/^&(nbsp|#160|#xa0);$/i.test(e) ? " " : "'").repeat(e.length));
}

/** How many words `html` holds outside its tags, and how many of them are CJK characters. */
export function countWords(html: string): { words: number; cjk: number } {
  let [words, cjk] = [0, 0];
  walk(html, (text) => {
    for (const [word] of plain(text).matchAll(WORD)) {
      if (word.length <= 2 && CJK.test(word)) cjk++;
      else words++;
    }
    return false;
  });
  return { words, cjk };
}

/**
 * Calls `text` with each run of text outside tags (and outside script and style) and where it starts, and `close`
 * with each closing tag and the depth it leaves, until one returns true; false when none did.
 */
function walk(
  html: string,
  text: (run: string, at: number) => boolean,
  close?: (name: string, depth: number, end: number) => boolean,
  open?: (name: string, depth: number, at: number) => boolean,
): boolean {
  const stack: string[] = [];
  let last = 0;
  let silent = 0;
  for (const match of html.matchAll(TAG)) {
    const at = match.index;
    if (at > last && silent === 0 && text(html.slice(last, at), last)) return true;
    last = at + match[0].length;
    const name = match[2]?.toLowerCase();
    if (!name) continue;
    if (match[1]) {
      const found = stack.lastIndexOf(name);
      if (found < 0) continue;
      stack.length = found;
      if (SILENT.has(name)) silent = Math.max(0, silent - 1);
      if (close?.(name, found, last)) return true;
    } else if (!VOID.has(name) && !match[0].endsWith("/>")) {
      if (open?.(name, stack.length, at)) return true;
      stack.push(name);
      if (SILENT.has(name)) silent++;
    }
  }
  return last < html.length && silent === 0 && text(html.slice(last), last);
}

/** The closing tags of the elements `html` (the start of a body) leaves open, innermost first. */
export function closingTags(html: string): string {
  const stack: string[] = [];
  for (const match of html.matchAll(TAG)) {
    const name = match[2]?.toLowerCase();
    if (!name) continue;
    if (match[1]) {
      const found = stack.lastIndexOf(name);
      if (found >= 0) stack.length = found;
    } else if (!VOID.has(name) && !match[0].endsWith("/>")) stack.push(name);
  }
  return stack
    .reverse()
    .map((name) => `</${name}>`)
    .join("");
}

/** The body's summary: before its marker (at `more`), else as the collection's `summary` option says. */
export function summaryOf(html: string, more: number | undefined, options: ResolvedSummary): Summary {
  if (more !== undefined) {
    const head = html.slice(0, more).trimEnd();
    return { summary: head + closingTags(head), truncated: html.slice(more).trim() !== "" };
  }
  return options.paragraph ? firstParagraph(html) : firstWords(html, options.words, options.end === "word");
}

/** The body's first paragraph at its top level (or, without one, its first element). */
function firstParagraph(html: string): Summary {
  let start = -1;
  let first: [number, number] | undefined;
  let paragraph: [number, number] | undefined;
  const close = (name: string, depth: number, end: number) => {
    if (depth !== 0 || start < 0) return false;
    first ??= [start, end];
    if (name === "p") paragraph = [start, end];
    return paragraph !== undefined;
  };
  walk(
    html,
    () => false,
    close,
    (_name, depth, at) => (depth === 0 && (start = at), false),
  );
  const [from, to] = paragraph ?? first ?? [0, 0];
  const summary = html.slice(from, to);
  return { summary, truncated: summary.trim() !== html.trim() };
}

/**
 * The body's first `count` words: with `atWord`, cut right after the last of them (a "…" added when more follows,
 * the open tags closed); else to the end of the top-level block that holds the last of them (not a heading).
 */
function firstWords(html: string, count: number, atWord: boolean): Summary {
  let seen = 0;
  let end = -1;
  const reached = walk(
    html,
    (run, at) => {
      if (end >= 0) return false;
      for (const match of plain(run).matchAll(WORD)) {
        if (++seen < count) continue;
        end = at + match.index + match[0].length;
        return atWord;
      }
      return false;
    },
    (name, depth, closed) => end >= 0 && depth === 0 && !HEADING.test(name) && ((end = closed), true),
  );
  if (end < 0 || (!reached && !atWord)) return { summary: html.trim(), truncated: false };
  const head = html.slice(0, end);
  const rest = html.slice(end);
  if (!atWord) return { summary: head.trim(), truncated: rest.trim() !== "" };
  const more = countWords(rest);
  const truncated = more.words + more.cjk > 0;
  return { summary: head.trimStart() + (truncated ? "…" : "") + closingTags(head), truncated };
}

/** Minutes to read `words` words and `cjk` CJK characters, rounded up: 212 words and 500 characters a minute. */
export function readingMinutes({ words, cjk }: { words: number; cjk: number }): number {
  return Math.ceil(words / WORDS_PER_MINUTE + cjk / CJK_PER_MINUTE);
}

/** The reading speeds readingTime is counted at (Hugo's are nearly the same: 213 and 501). */
export const WORDS_PER_MINUTE = 212;
export const CJK_PER_MINUTE = 500;
