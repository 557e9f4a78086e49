// Where fields are in TOML front matter: smol-toml keeps no positions, so a scan of the lines follows table
// headers ([a.b], [[list]]) and keys (a = 1, a.b = 1) to the line and column of the key that holds a value.
import type { Position } from "./yaml-positions.ts";

/** One key of a dotted key or header: bare, "basic" or 'literal'. */
const ONE_KEY = String.raw`[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'`;
/** One key with the spaces and the dot around it, read one after the other. */
const SEGMENT = new RegExp(String.raw`\s*(${ONE_KEY})\s*\.?`, "y");
const KEY_TEXT = String.raw`(?:${ONE_KEY})(?:\s*\.\s*(?:${ONE_KEY}))*`;
const KEY_LINE = new RegExp(String.raw`^\s*(${KEY_TEXT})\s*=`);
const HEADER_LINE = new RegExp(String.raw`^\s*(\[\[?)\s*(${KEY_TEXT})\s*\]`);

/**
 * Finds fields in TOML front matter, whose line 1 is the opening +++ line's; scans it the first time it is
 * asked, and once. A field inside an inline table or a list is found at the key that holds it; a field that is
 * not there, at its nearest parent that is (the front matter's first line for a top-level one).
 */
export function tomlFieldLocator(text: string): (path: ReadonlyArray<PropertyKey>) => Position {
  let keys: Map<string, Position> | undefined;
  return (path) => {
    keys ??= tomlKeys(text);
    for (let length = path.length; length > 0; length--) {
      const found = keys.get(keyOf(path.slice(0, length)));
      if (found) return found;
    }
    return { line: 2, column: 1 };
  };
}

const keyOf = (path: ReadonlyArray<PropertyKey>) => JSON.stringify(path.map(String));

/** Keys deeper than front matter may nest (50 levels) are located at this depth: a path's key costs its length. */
const DEEPEST = 64;

/** What the scan carries from line to line: brackets a value left open, a multi-line string left open. */
interface ScanState {
  depth: number;
  open: string;
}

/** Every table and key of the text by its path (items of a list of [[tables]] by index), where it first appears. */
function tomlKeys(text: string): Map<string, Position> {
  const keys = new Map<string, Position>();
  const lengths = new Map<string, number>();
  const state: ScanState = { depth: 0, open: "" };
  let table: PropertyKey[] = [];
  text.split("\n").forEach((line, index) => {
    const at = (column: number) => ({ line: index + 1, column });
    const header = state.depth === 0 && !state.open ? HEADER_LINE.exec(line) : null;
    const key = state.depth === 0 && !state.open && !header ? KEY_LINE.exec(line) : null;
    if (header) {
      table = enterTable(segments(header[2], line.indexOf(header[2])), header[1] === "[[", { keys, lengths, at });
    } else if (key) {
      const path = [...table];
      for (const { name, column } of segments(key[1], line.indexOf(key[1]))) {
        if (path.length >= DEEPEST) break;
        path.push(name);
        if (!keys.has(keyOf(path))) keys.set(keyOf(path), at(column));
      }
      scanValue(line.slice(key[0].length), state);
    } else {
      scanValue(line, state);
    }
  });
  return keys;
}

interface Tables {
  keys: Map<string, Position>;
  /** How many items each list of [[tables]] has so far, by its path. */
  lengths: Map<string, number>;
  at: (column: number) => Position;
}

/** The path of the table a header opens: through the last item of each list of tables it names. */
function enterTable(names: Array<{ name: string; column: number }>, isItem: boolean, tables: Tables): PropertyKey[] {
  const { keys, lengths, at } = tables;
  const path: PropertyKey[] = [];
  names.forEach(({ name, column }, i) => {
    if (path.length >= DEEPEST) return;
    path.push(name);
    if (!keys.has(keyOf(path))) keys.set(keyOf(path), at(column));
    const length = lengths.get(keyOf(path));
    if (isItem && i === names.length - 1) {
      lengths.set(keyOf(path), (length ?? 0) + 1);
      path.push(length ?? 0);
      keys.set(keyOf(path), at(column));
    } else if (length !== undefined) {
      path.push(length - 1);
    }
  });
  return path;
}

/** The keys of a dotted key, each with its 1-based column (`start` is where the dotted key starts in its line). */
function segments(dotted: string, start: number): Array<{ name: string; column: number }> {
  const found: Array<{ name: string; column: number }> = [];
  SEGMENT.lastIndex = 0;
  for (let match = SEGMENT.exec(dotted); match; match = SEGMENT.exec(dotted)) {
    const column = start + match.index + match[0].indexOf(match[1]) + 1;
    found.push({ name: unquote(match[1]), column });
  }
  return found;
}

function unquote(key: string): string {
  if (key.startsWith("'")) return key.slice(1, -1);
  if (!key.startsWith('"')) return key;
  try {
    return JSON.parse(key) as string;
  } catch {
    return key.slice(1, -1);
  }
}

/** Follows a value's text for the brackets and multi-line strings it opens or closes; stops at a comment. */
function scanValue(text: string, state: ScanState): void {
  for (let i = 0; i < text.length; i++) {
    if (state.open) {
      const close = text.indexOf(state.open, i);
      if (close < 0) return;
      i = close + 2;
      state.open = "";
      continue;
    }
    const c = text[i];
    if (c === "#") return;
    if (c === '"' || c === "'") {
      if (text.startsWith(c.repeat(3), i)) {
        state.open = c.repeat(3);
        i += 2;
      } else {
        i = closingQuote(text, i);
      }
    } else if (c === "[" || c === "{") state.depth++;
    else if (c === "]" || c === "}") state.depth = Math.max(0, state.depth - 1);
  }
}

/** Where the quote at `open` is closed on its line (a "basic" string's escapes skipped), or the line's end. */
function closingQuote(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === "\\") i++;
    else if (text[i] === quote) return i;
  }
  return text.length;
}

/** The offset of the quote that opens a value (or key) never closed on its line, or -1. */
export function unclosedQuote(line: string): number {
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "#") return -1;
    if (line[i] !== '"' && line[i] !== "'") continue;
    const close = closingQuote(line, i);
    if (close >= line.length) return i;
    i = close;
  }
  return -1;
}
