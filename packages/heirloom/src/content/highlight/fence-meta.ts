// What a fence's meta (the text after its language) asks of its block, as the docs engines write it: a title
// (title="…", filename="…"), marked lines ({1,3-5}, highlight={…}, Hugo's hl_lines), added and removed lines
// (ins={…}, del={…}) and line numbers (showLineNumbers, linenos); whatever else it holds is named, to be told.

/** What a block's meta asks for; `unknown` holds each part of it that is none of these, as written. */
export interface FenceMeta {
  title?: string;
  marked: number[];
  ins: number[];
  del: number[];
  numbers: boolean;
  unknown: string[];
}

/** What meta a block may have, for the warning about the rest. */
export const SUPPORTED_META =
  'title="…" or filename="…", {1,3-5} or highlight={1,3-5} or hl_lines=[1,3], ins={…} and del={…}, ' +
  "showLineNumbers or linenos";

const NO_META: FenceMeta = { marked: [], ins: [], del: [], numbers: false, unknown: [] };

/**
 * A part of the meta: key=value (the value quoted, in braces or brackets, or a /pattern/), {…} alone, or a word
 * (a quoted text or a /pattern/ whole, spaces and all: Expressive Code's marks by text).
 */
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"|'[^']*'`;
const PATTERN = String.raw`\/(?:[^/\\\n]|\\.)+\/`;
const KEY_VALUE = String.raw`([A-Za-z_][\w-]*)=(${QUOTED}|\{[^}]*\}|\[[^\]]*\]|${PATTERN}|\S+)`;
const PART = new RegExp(String.raw`${KEY_VALUE}|\{([^}]*)\}|(${QUOTED}|${PATTERN}(?=\s|$)|\S+)`, "g");

/** The meta of a fence's info string: what follows its first word. */
export function metaOf(info: string): string {
  const trimmed = info.trim();
  const space = trimmed.search(/\s/);
  return space < 0 ? "" : trimmed.slice(space + 1).trim();
}

/** What `meta` asks of its block. */
export function parseFenceMeta(meta: string): FenceMeta {
  if (!meta) return NO_META;
  const found: FenceMeta = { marked: [], ins: [], del: [], numbers: false, unknown: [] };
  for (const [whole, key, value, braced, word] of meta.matchAll(PART)) {
    if (key !== undefined) option(found, key, value, whole);
    else if (braced !== undefined) bracedOptions(found, braced, whole);
    else if (word === "showLineNumbers" || word === "linenos") found.numbers = true;
    else found.unknown.push(word);
  }
  return found;
}

/** `{1,3-5}` (lines to mark) or Hugo's `{hl_lines=[2,3],linenos=table}` (options). */
function bracedOptions(found: FenceMeta, inside: string, whole: string): void {
  if (/^[\d,\s-]*$/.test(inside)) return void found.marked.push(...linesOf(inside));
  // Hugo's options are separated by commas, which its line lists hold too: split only outside brackets and quotes.
  for (const part of inside.match(/(?:\[[^\]]*\]|"[^"]*"|[^,])+/g) ?? []) {
    const at = part.indexOf("=");
    if (at < 0 && part.trim() === "linenos") found.numbers = true;
    else if (at < 0) found.unknown.push(whole);
    else option(found, part.slice(0, at).trim(), part.slice(at + 1).trim(), part.trim());
  }
}

function option(found: FenceMeta, key: string, value: string, whole: string): void {
  const text = value.replace(/^(["'])(.*)\1$/s, "$2");
  if (key === "title" || key === "filename") found.title = text.replace(/\\(.)/g, "$1");
  else if (key === "highlight" || key === "hl_lines" || key === "mark" || key === "ins" || key === "del") {
    // Lines named by their text or a pattern (Expressive Code's mark="…", ins=/…/) are not read: told, not lost.
    if (!/^[\d,\s"'[\]{}-]*$/.test(text)) found.unknown.push(whole);
    else found[key === "ins" || key === "del" ? key : "marked"].push(...linesOf(text));
  } else if (key === "linenos" || key === "showLineNumbers") found.numbers = !/^(false|none)$/i.test(text);
  else found.unknown.push(whole);
}

/** The line numbers of a list such as `1,3-5`, `[2,"4-6"]` or `2 3` (1-based). */
function linesOf(list: string): number[] {
  const lines: number[] = [];
  for (const part of list.replace(/["'{}[\]]/g, " ").split(/[\s,]+/)) {
    const [from, to = from] = part.split("-").map((n) => Number.parseInt(n, 10));
    if (!Number.isInteger(from) || !Number.isInteger(to) || to < from || to - from > 10_000) continue;
    for (let line = from; line <= to; line++) lines.push(line);
  }
  return lines;
}

/** Whether a block needs Shiki's transformers: its meta asks for something, or its code has a [!code …] note. */
export function wantsMarks(code: string, lang: string, meta: string): boolean {
  return meta !== "" || lang === "diff" || code.includes("[!code");
}
