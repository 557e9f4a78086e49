// Reads one markdown file: gray-matter splits the front matter off and reads it with js-yaml (YAML only:
// front matter in a language gray-matter would run as code is refused); the yaml parser keeps positions
// for the locations of errors.
import matter from "gray-matter";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { type Document, isMap, isSeq, parseDocument } from "yaml";
import {
  FrontMatterNotFields,
  FrontMatterNotYaml,
  FrontMatterSyntax,
  FrontMatterTooDeep,
} from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";

/** A content file as read from disk, before validation. */
export interface RawEntry {
  /** Path relative to the project root, with forward slashes (content/posts/hello.md). */
  file: string;
  data: Record<string, unknown>;
  body: string;
  /** 1-based line of the first body line in the file. */
  bodyLine: number;
  /** Finds the 1-based line and column of a field in the file's front matter. */
  locate(path: ReadonlyArray<PropertyKey>): { line: number; column: number };
}

/** What parsing a file yields, as plain data (it is kept in the build cache, keyed by the file's bytes). */
export interface ParsedSource {
  data: Record<string, unknown>;
  /** Where the body starts in the file's text (the body itself is not kept: the text is read anyway). */
  bodyOffset: number;
  bodyLine: number;
  /** The front matter as split from the file, as the YAML reader saw it (for locating fields). */
  frontMatter: string;
}

/**
 * Parses a markdown file with front matter; malformed YAML throws FrontMatterParseError.
 * js-yaml (YAML 1.2 core schema) reads the data: it is several times faster than a parse that keeps
 * positions. The position-keeping parser runs only when something is wrong: to explain a syntax error,
 * and to locate a field an error is about.
 */
export function parseSource(file: string, source: string): ParsedSource {
  const { frontMatter, data, bodyOffset } = splitFrontMatter(file, source);
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw errorFrom(FrontMatterNotFields, { file }, { location: { file, line: 2 } });
  }
  const deep = deepestPath(data, MAX_DEPTH);
  if (deep)
    throw tooDeep(file, locateInFrontMatter(frontMatter, parseDocument(frontMatter, { prettyErrors: false }), deep));
  // Line 1 is the opening ---; the front matter text starts on line 2.
  const frontMatterLines = frontMatter ? frontMatter.replace(/^\r?\n/, "").split("\n").length : 0;
  return {
    data: data as Record<string, unknown>,
    bodyOffset,
    bodyLine: frontMatter ? frontMatterLines + 3 : 1,
    frontMatter,
  };
}

/**
 * The front matter gray-matter splits off (between a first line `---`, or `---yaml`, and the next line that
 * starts with `---`; its text keeps the line break after the opening line), its fields read by js-yaml, and
 * where the body starts. Without an opening `---` the whole file is the body. Front matter in any other
 * language is refused: gray-matter would run `---js` as code.
 */
function splitFrontMatter(file: string, source: string): { frontMatter: string; data: unknown; bodyOffset: number } {
  // gray-matter reads the language of a file whose only line is `---yaml` without its last letter.
  if (!source.includes("\n")) {
    const only = /^\uFEFF?---(.*)$/.exec(source);
    if (only && !only[1].startsWith("-") && !/^(ya?ml)?$/i.test(only[1].trim())) throw notYaml(file, source);
    return { frontMatter: "", data: {}, bodyOffset: only && !only[1].startsWith("-") ? source.length : 0 };
  }
  let split: { matter: string; data: unknown; content: string };
  try {
    reading = file;
    split = matter(source, GRAY_MATTER);
  } catch (error) {
    const unknown = /^gray-matter engine ".*" is not registered$/.test(String((error as Error)?.message));
    throw error === REFUSED || (!(error instanceof HeirloomError) && unknown) ? notYaml(file, source) : error;
  }
  return { frontMatter: split.matter, data: split.data, bodyOffset: source.length - split.content.length };
}

/** The file gray-matter is splitting now (it calls its engines synchronously, one file at a time). */
let reading = "";
const REFUSED = new Error("front matter in another language than YAML");
const refuse = () => {
  throw REFUSED;
};
/** One set of options for every file: YAML read by js-yaml; the languages gray-matter knows besides, refused. */
const GRAY_MATTER = {
  language: "yaml",
  engines: { yaml: (text: string) => readYaml(reading, text), javascript: refuse, coffee: refuse, json: refuse },
} as Parameters<typeof matter>[1];

function notYaml(file: string, source: string): HeirloomError {
  const language = /^\uFEFF?---([^\r\n]*)/.exec(source)?.[1].trim() ?? "";
  return errorFrom(FrontMatterNotYaml, { file, language }, { location: { file, line: 1 } });
}

/** The front matter's fields: js-yaml reads them; the position-keeping parser explains what it refuses. */
function readYaml(file: string, text: string): unknown {
  try {
    return loadYaml(text, { schema: CORE_SCHEMA }) ?? {};
  } catch (error) {
    // js-yaml stops at 100 levels; the position-keeping parser would exhaust its stack on such nesting.
    const mark = (error as { mark?: { position?: number } }).mark;
    if (/nesting exceeded maxDepth/.test((error as Error).message))
      throw tooDeep(file, mark?.position === undefined ? undefined : frontMatterPosition(text, mark.position), error);
    // Let the position-keeping parser describe the problem (and decide: it is the reference).
    let doc: Document;
    try {
      doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
    } catch (deep) {
      if (deep instanceof RangeError) throw tooDeep(file, undefined, deep);
      throw deep;
    }
    const [first] = doc.errors;
    if (first) {
      // An unclosed quote is reported where the scalar ends (often the last line): point at where it opens.
      const open =
        first.code === "MISSING_CHAR" && /quote/.test(first.message) ? unclosedQuote(text, first.pos[0]) : -1;
      const reason = open >= 0 ? "a quoted value is never closed" : first.message;
      throw yamlError(file, reason, frontMatterPosition(text, open >= 0 ? open : first.pos[0]), first);
    }
    return doc.toJS() ?? {};
  }
}

/** A parsed file (and its text) as an entry that can locate its fields (the position-keeping parser runs only then). */
export function toRawEntry(file: string, parsed: ParsedSource, source: string): RawEntry {
  let document: Document | undefined;
  return {
    file,
    data: parsed.data,
    body: source.slice(parsed.bodyOffset),
    bodyLine: parsed.bodyLine,
    locate: (path) => {
      document ??= parseDocument(parsed.frontMatter, { prettyErrors: false });
      return locateInFrontMatter(parsed.frontMatter, document, path);
    },
  };
}

/** Parses a markdown file into an entry. */
export function parseEntry(file: string, source: string): RawEntry {
  return toRawEntry(file, parseSource(file, source), source);
}

/** Content needs a few levels of lists and fields; far deeper front matter is a mistake or an attack. */
export const MAX_DEPTH = 50;

function tooDeep(file: string, position?: { line: number; column: number }, cause?: unknown): HeirloomError {
  return errorFrom(FrontMatterTooDeep, { file, depth: MAX_DEPTH }, { location: { file, ...position }, cause });
}

/** The path to a value nested deeper than `limit` levels (objects and lists), if there is one. */
function deepestPath(data: unknown, limit: number): PropertyKey[] | undefined {
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > limit) return path;
    if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value))
        stack.push({ value: child, path: [...path, Array.isArray(value) ? Number(key) : key] });
    }
  }
  return undefined;
}

/** Wraps front matter failures into a FrontMatterParseError with a 1-based file location. */
export function readSource(file: string, source: string): ParsedSource {
  try {
    return parseSource(file, source);
  } catch (error) {
    if (error instanceof HeirloomError) throw error;
    // Anything else that failed while reading the front matter.
    const reason = error instanceof Error ? error.message : String(error);
    throw yamlError(file, reason, { line: 1, column: 1 }, error);
  }
}

function yamlError(file: string, reason: string, position: { line: number; column: number }, cause: unknown) {
  const what = reason.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
  return errorFrom(FrontMatterSyntax, { file, reason: what }, { location: { file, ...position }, cause });
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
export function frontMatterPosition(frontMatter: string, offset: number): { line: number; column: number } {
  const text = frontMatter.replace(/^\r?\n/, "");
  const leading = frontMatter.length - text.length;
  const before = text.slice(0, Math.max(0, offset - leading));
  const lines = before.split("\n");
  return { line: lines.length + 1, column: lines[lines.length - 1].length + 1 };
}

function locateInFrontMatter(
  frontMatter: string,
  doc: Document | undefined,
  path: ReadonlyArray<PropertyKey>,
): { line: number; column: number } {
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

/** Reads a markdown file into an entry; every failure is a located FrontMatterParseError. */
export function readEntry(file: string, source: string): RawEntry {
  return toRawEntry(file, readSource(file, source), source);
}

/**
 * What a file whose front matter does not parse seems to say: the error-tolerant parser's reading of the
 * fields it could make out (an unclosed quote swallows the rest of its line at most). Only for guesses,
 * such as where a broken page would be published; never for building.
 */
export function guessFields(source: string): Record<string, unknown> | undefined {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (!match) return undefined;
  try {
    const value = parseDocument(match[1], { prettyErrors: false, uniqueKeys: false }).toJS() as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
