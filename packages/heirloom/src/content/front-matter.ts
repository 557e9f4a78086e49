// Reads one markdown file: gray-matter splits the front matter off and reads it with js-yaml (YAML only:
// front matter in a language gray-matter would run as code is refused); yaml-positions.ts locates errors.
import matter from "gray-matter";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import {
  FrontMatterAliasBomb,
  FrontMatterNotFields,
  FrontMatterNotYaml,
  FrontMatterSyntax,
  FrontMatterTooDeep,
} from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";
import { explainYaml, fieldLocator, frontMatterPosition } from "./yaml-positions.ts";

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
  const aliased = aliasExpansion(data as Record<string, unknown>);
  if (aliased.extra > MAX_ALIASED_VALUES) {
    const location = { file, ...fieldLocator(frontMatter)([aliased.largest]) };
    throw errorFrom(FrontMatterAliasBomb, { file, limit: MAX_ALIASED_VALUES, field: aliased.largest }, { location });
  }
  const deep = deepestPath(data, MAX_DEPTH);
  if (deep) throw tooDeep(file, fieldLocator(frontMatter)(deep));
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
    let explained: ReturnType<typeof explainYaml>;
    try {
      explained = explainYaml(text);
    } catch (deep) {
      if (deep instanceof RangeError) throw tooDeep(file, undefined, deep);
      throw deep;
    }
    if ("value" in explained) return explained.value ?? {};
    throw yamlError(file, explained.reason, explained.position, explained.cause);
  }
}

/** A parsed file (and its text) as an entry that can locate its fields (the position-keeping parser runs only then). */
export function toRawEntry(file: string, parsed: ParsedSource, source: string): RawEntry {
  return {
    file,
    data: parsed.data,
    body: source.slice(parsed.bodyOffset),
    bodyLine: parsed.bodyLine,
    locate: fieldLocator(parsed.frontMatter),
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

/** Values that aliases (`*name`) may repeat in one file: a few small reuses, never a "billion laughs". */
export const MAX_ALIASED_VALUES = 10_000;

/**
 * How many values the front matter holds beyond those written once: an alias is read as the same object
 * again, so a kilobyte of aliases of aliases can stand for millions of values, which every later step (the
 * depth check, validation, the build cache) would walk. Counted with each object's size kept by identity:
 * linear in what was written, however far it expands. `largest` is the field that expands most.
 */
function aliasExpansion(data: Record<string, unknown>): { extra: number; largest: string } {
  const sizes = new Map<object, number>();
  let written = 0;
  // js-yaml refuses nesting over 100 levels: the recursion is that deep at most.
  const sizeOf = (value: unknown): number => {
    if (!value || typeof value !== "object") return 1;
    const known = sizes.get(value);
    if (known !== undefined) return known;
    const children = Object.values(value);
    written += children.length;
    let size = 1;
    for (const child of children) size += sizeOf(child);
    sizes.set(value, size);
    return size;
  };
  let largest = "";
  let most = -1;
  for (const [key, value] of Object.entries(data)) {
    const size = sizeOf(value);
    if (size > most) [largest, most] = [key, size];
  }
  const total = sizeOf(data) - 1;
  return { extra: total - written, largest };
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

/** Reads a markdown file into an entry; every failure is a located FrontMatterParseError. */
export function readEntry(file: string, source: string): RawEntry {
  return toRawEntry(file, readSource(file, source), source);
}
