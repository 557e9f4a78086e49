// Where things are in a file's front matter, from the position-keeping YAML parser (\`yaml\`), which runs only
// when something is wrong: the line and column of a field an error is about, the explanation of a syntax
// error js-yaml refused, and a best guess at the fields of a file that does not parse.
import { type Document, isMap, isSeq, parseDocument } from "yaml";

export type Position = { line: number; column: number };

type Explained = { value: unknown } | { reason: string; position: Position; cause: unknown };

/** Finds fields in the front matter; parses it the first time it is asked, and once. */
export function fieldLocator(frontMatter: string): (path: ReadonlyArray<PropertyKey>) => Position {
  let document: Document | undefined;
  return (path) => {
    document ??= parseDocument(frontMatter, { prettyErrors: false });
    return locateIn(frontMatter, document, path);
  };
}

/**
 * The position-keeping parser's reading of front matter js-yaml refused (it is the reference): its value, or
 * its first error as a reason and a position (an unclosed quote at the quote that opens it, not where the
 * scalar ends, often the last line). Nesting too deep for its stack throws a RangeError.
 */
export function explainYaml(text: string): Explained {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const [first] = doc.errors;
  if (!first) return { value: doc.toJS() };
  const open = first.code === "MISSING_CHAR" && /quote/.test(first.message) ? unclosedQuote(text, first.pos[0]) : -1;
  const reason = open >= 0 ? "a quoted value is never closed" : first.message;
  return { reason, position: frontMatterPosition(text, open >= 0 ? open : first.pos[0]), cause: first };
}

/** Offset of the last quote that opens a value before `end` and is not closed by then, or -1. */
export function unclosedQuote(text: string, end: number): number {
  let open = -1;
  let quote = "";
  for (let i = 0; i < Math.min(end, text.length); i++) {
    const c = text[i];
    if (quote) {
      if (quote === '"' && c === "\\") i++;
      else if (c === quote && quote === "'" && text[i + 1] === "'") i++;
      else if (c === quote) quote = "";
    } else if ((c === '"' || c === "'") && /(^|[:\-[{,]\s*|\n\s*)$/.test(text.slice(Math.max(0, i - 40), i))) {
      quote = c;
      open = i;
    }
  }
  return quote ? open : -1;
}

/**
 * Converts an offset inside the front matter to a 1-based file position.
 * The split leaves the opening "---" line out, so front-matter line 1 is file line 2.
 */
export function frontMatterPosition(frontMatter: string, offset: number): Position {
  const text = frontMatter.replace(/^\r?\n/, "");
  const leading = frontMatter.length - text.length;
  const before = text.slice(0, Math.max(0, offset - leading));
  const lines = before.split("\n");
  return { line: lines.length + 1, column: lines[lines.length - 1].length + 1 };
}

function locateIn(frontMatter: string, doc: Document | undefined, path: ReadonlyArray<PropertyKey>): Position {
  let node: unknown = doc?.contents;
  let offset = 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as { value?: unknown })?.value) === String(key));
      if (!pair) break;
      offset = (pair.key as { range?: [number, number] })?.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === "number" && node.items[key]) {
      node = node.items[key];
      offset = (node as { range?: [number, number] }).range?.[0] ?? offset;
    } else break;
  }
  return frontMatterPosition(frontMatter, offset);
}

/**
 * What a file whose front matter does not parse seems to say: the error-tolerant parser's reading of the
 * fields it could make out (an unclosed quote swallows the rest of its line at most). Only for guesses,
 * such as where a broken page would be published; never for building.
 */
export function guessFields(source: string): Record<string, unknown> | undefined {
  const match = /^\uFEFF?(?:[ \t]*\r?\n)*---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (!match) return undefined;
  try {
    const value = parseDocument(match[1], { prettyErrors: false, uniqueKeys: false }).toJS() as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
