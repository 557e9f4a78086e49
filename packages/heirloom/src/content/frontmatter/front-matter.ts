// Reads one markdown file: gray-matter splits the front matter off (after a byte order mark and blank lines), js-yaml
// or smol-toml reads it (a language gray-matter would run as code is refused); errors are located in the file.
import matter from "gray-matter";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import {
  FrontMatterAliasBomb,
  FrontMatterNotFields,
  FrontMatterOtherLanguage,
  FrontMatterSyntax,
} from "../../errors/catalogue.ts";
import { HeirloomError, type SourceLocation, errorFrom } from "../../errors/errors.ts";
import { MAX_ALIASED_VALUES, MAX_DEPTH, aliasExpansion, deepestPath, tooDeep } from "./front-matter-limits.ts";
import { readToml } from "./toml.ts";
import { tomlFieldLocator } from "./toml-positions.ts";
import { type Position, explainYaml, fieldLocator, frontMatterPosition } from "./yaml-positions.ts";

/**
 * How a file's front matter is written: YAML between --- lines, TOML between +++ lines, or not at all; a data
 * file's fields are the whole file, in YAML, JSON or TOML.
 */
export type FrontMatterFormat = "yaml" | "toml" | "json" | "none";

/** A content file as read from disk, before validation. */
export interface RawEntry {
  /** Path relative to the project root, with forward slashes (content/posts/hello.md). */
  file: string;
  data: Record<string, unknown>;
  body: string;
  /** 1-based line of the first body line in the file. */
  bodyLine: number;
  /** How the front matter is written; "none" when the file has none (the whole file is the body). */
  format: FrontMatterFormat;
  /** Finds the 1-based line and column of a field in the file's front matter. */
  locate(path: ReadonlyArray<PropertyKey>): Position;
}

/** What parsing a file yields, as plain data (it is kept in the build cache, keyed by the file's bytes). */
export interface ParsedSource {
  data: Record<string, unknown>;
  /** Where the body starts in the file's text (the body itself is not kept: the text is read anyway). */
  bodyOffset: number;
  bodyLine: number;
  /** The front matter as split from the file, as its reader saw it (for locating fields). */
  frontMatter: string;
  format: FrontMatterFormat;
  /** 1-based line of the opening fence: after the byte order mark and blank lines a file may start with. */
  openingLine: number;
  /** A data file (content/data/nav.yaml), read whole: its data may be a list. */
  dataFile?: boolean;
}

/** The front matter as split from a file, before it is read. */
type Split = Omit<ParsedSource, "data" | "bodyLine">;

/** A position in the front matter (line 1 is the opening fence's) as a location in the file. */
type Where = (position?: Position) => SourceLocation;

/**
 * Parses a markdown file with front matter; malformed YAML or TOML throws FrontMatterParseError.
 * js-yaml (YAML 1.2 core schema) reads YAML: it is much quicker than a parse that keeps positions, which
 * every file would pay for. The position-keeping parser runs only when something is wrong: to explain a
 * syntax error, and to locate a field an error is about. smol-toml reads TOML; a scan of its lines locates fields.
 */
export function parseSource(file: string, source: string): ParsedSource {
  const split = splitFrontMatter(file, source);
  const where = whereIn(file, split.openingLine);
  const data = readFields(file, split, where);
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw errorFrom(FrontMatterNotFields, { file }, { location: { file, line: split.openingLine + 1 } });
  }
  const record = data as Record<string, unknown>;
  const aliased = aliasExpansion(record);
  if (aliased.extra > MAX_ALIASED_VALUES) {
    const location = where(fieldLocator(split.frontMatter)([aliased.largest]));
    throw errorFrom(FrontMatterAliasBomb, { file, limit: MAX_ALIASED_VALUES, field: aliased.largest }, { location });
  }
  const deep = deepestPath(record, MAX_DEPTH);
  if (deep) throw tooDeep(where(positionsOf(split)(deep)));
  return {
    data: record,
    bodyOffset: split.bodyOffset,
    bodyLine: lineAt(source, split.bodyOffset),
    frontMatter: split.frontMatter,
    format: split.format,
    openingLine: split.openingLine,
  };
}

/** A byte order mark, then blank (or whitespace-only) lines: skipped before the opening fence, as Hugo does. */
const LEADING = /^\uFEFF?(?:[ \t]*\r?\n)*/;

const FENCES: Record<string, { format: Exclude<FrontMatterFormat, "none">; marks: RegExp }> = {
  "---": { format: "yaml", marks: /^(ya?ml)?$/i },
  "+++": { format: "toml", marks: /^(toml)?$/i },
};

/**
 * The front matter gray-matter splits off: after a first line `---` (or `---yaml`), up to the next line that
 * starts with `---`, or between `+++` lines (or `+++toml`); its text keeps the line break that ends the opening
 * line. Without an opening fence the whole file but a byte order mark is the body. A fence marked with another
 * language is refused: gray-matter would run `---js`.
 */
function splitFrontMatter(file: string, source: string): Split {
  const skipped = LEADING.exec(source)![0];
  const rest = source.slice(skipped.length);
  const fence = FENCES[rest.slice(0, 3)];
  // A fourth character of the fence ("----") makes a thematic break, not a fence.
  if (!fence || rest[3] === rest[0]) {
    return { frontMatter: "", format: "none", openingLine: 1, bodyOffset: source.startsWith("\uFEFF") ? 1 : 0 };
  }
  const openingLine = lineAt(skipped, skipped.length);
  const lineEnd = rest.search(/\r?\n/);
  const mark = rest.slice(3, lineEnd < 0 ? undefined : lineEnd).trim();
  if (!fence.marks.test(mark)) throw otherLanguage(file, mark, openingLine);
  if (lineEnd < 0) return { frontMatter: "", format: fence.format, openingLine, bodyOffset: source.length };
  // The opening line's mark is left out: gray-matter reads the language from the options, never from the file.
  const split = matter(lineEnd === 3 ? rest : rest.slice(0, 3) + rest.slice(lineEnd), GRAY_MATTER[fence.format]);
  const bodyOffset = source.length - split.content.length;
  // gray-matter ends the text before the closing fence's \n, so a CRLF file's last line keeps a lone \r, which
  // TOML refuses as a line break (YAML takes it).
  return { frontMatter: split.matter.replace(/\r$/, ""), format: fence.format, openingLine, bodyOffset };
}

/** gray-matter only splits: the front matter is read below, where the file's name and lines are known. */
const unread = () => ({});
const GRAY_MATTER = {
  yaml: { language: "yaml", engines: { yaml: unread } },
  toml: { language: "toml", delimiters: "+++", engines: { toml: unread } },
} as Record<string, Parameters<typeof matter>[1]>;

function otherLanguage(file: string, language: string, line: number): HeirloomError {
  return errorFrom(FrontMatterOtherLanguage, { file, language }, { location: { file, line } });
}

/** The 1-based line of an offset in a text. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function whereIn(file: string, openingLine: number): Where {
  return (position) => (position ? { file, line: position.line + openingLine - 1, column: position.column } : { file });
}

/** The front matter's fields, read in its language ({} without front matter). */
function readFields(file: string, split: Split, where: Where): unknown {
  if (split.format === "toml") return readToml(file, split.frontMatter, where);
  return split.format === "yaml" ? readYaml(file, split.frontMatter, where) : {};
}

/** YAML's fields: js-yaml reads them; the position-keeping parser explains what it refuses. */
function readYaml(file: string, text: string, where: Where): unknown {
  try {
    return loadYaml(text, { schema: CORE_SCHEMA }) ?? {};
  } catch (error) {
    // js-yaml stops at 100 levels; the position-keeping parser would exhaust its stack on such nesting.
    const mark = (error as { mark?: { position?: number } }).mark;
    if (/nesting exceeded maxDepth/.test((error as Error).message)) {
      throw tooDeep(where(mark?.position === undefined ? undefined : frontMatterPosition(text, mark.position)), error);
    }
    // Let the position-keeping parser describe the problem (and decide: it is the reference).
    let explained: ReturnType<typeof explainYaml>;
    try {
      explained = explainYaml(text);
    } catch (deep) {
      if (deep instanceof RangeError) throw tooDeep(where(), deep);
      throw deep;
    }
    if ("value" in explained) return explained.value ?? {};
    throw yamlError(file, explained.reason, where(explained.position), explained.cause);
  }
}

/** A parsed file (and its text) as an entry that can locate its fields (the position-keeping parser runs only then). */
export function toRawEntry(file: string, parsed: ParsedSource, source: string): RawEntry {
  return {
    file,
    data: parsed.data,
    body: source.slice(parsed.bodyOffset),
    bodyLine: parsed.bodyLine,
    format: parsed.format,
    locate: locatorOf(parsed),
  };
}

/** Finds fields of a parsed file at their line and column in the file; a file without front matter at 1:1. */
function locatorOf(parsed: ParsedSource): RawEntry["locate"] {
  if (parsed.format === "none") return () => ({ line: 1, column: 1 });
  const find = positionsOf(parsed);
  return (path) => {
    const { line, column } = find(path);
    return { line: line + parsed.openingLine - 1, column };
  };
}

/** Finds fields in the front matter, at positions whose line 1 is the opening fence's. */
function positionsOf(split: Split): (path: ReadonlyArray<PropertyKey>) => Position {
  return split.format === "toml" ? tomlFieldLocator(split.frontMatter) : fieldLocator(split.frontMatter);
}

/** Parses a markdown file into an entry. */
export function parseEntry(file: string, source: string): RawEntry {
  return toRawEntry(file, parseSource(file, source), source);
}

/** Wraps front matter failures into a FrontMatterParseError with a 1-based file location. */
export function readSource(file: string, source: string): ParsedSource {
  try {
    return parseSource(file, source);
  } catch (error) {
    if (error instanceof HeirloomError) throw error;
    // Anything else that failed while reading the front matter.
    const reason = error instanceof Error ? error.message : String(error);
    throw yamlError(file, reason, { file, line: 1, column: 1 }, error);
  }
}

function yamlError(file: string, reason: string, location: SourceLocation, cause: unknown) {
  const what = reason.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
  return errorFrom(FrontMatterSyntax, { file, reason: what }, { location, cause });
}

/** Reads a markdown file into an entry; every failure is a located FrontMatterParseError. */
export function readEntry(file: string, source: string): RawEntry {
  return toRawEntry(file, readSource(file, source), source);
}
