// Data files under content/ (YAML, JSON, TOML), read whole as an entry's fields or list, as Hugo's data/ and
// Jekyll's _data/ hold them: the front matter's readers and locators, over the whole file instead of a fenced part.
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { DataFileNotFieldsOrList, DataFileSyntax, FrontMatterAliasBomb } from "../../errors/catalogue.ts";
import { type SourceLocation, errorFrom } from "../../errors/errors.ts";
import type { ParsedSource } from "./front-matter.ts";
import { MAX_ALIASED_VALUES, MAX_DEPTH, aliasExpansion, deepestPath, tooDeep } from "./front-matter-limits.ts";
import { datesAsText, readTomlFields } from "./toml.ts";
import { tomlFieldLocator } from "./toml-positions.ts";
import { type Position, explainYaml, fieldLocator } from "./yaml-positions.ts";

/** The extensions of data files, by the language each is read in. */
const LANGUAGES: Record<string, "yaml" | "json" | "toml"> = { yaml: "yaml", yml: "yaml", json: "json", toml: "toml" };

/** The language of a data file ("nav.yaml": yaml), or undefined for any other file. */
export function dataLanguage(relative: string): "yaml" | "json" | "toml" | undefined {
  const dot = relative.lastIndexOf(".");
  return dot < 0 || dot < relative.lastIndexOf("/") ? undefined : LANGUAGES[relative.slice(dot + 1).toLowerCase()];
}

/**
 * Reads a data file: its fields (a map) or its items (a list) as the entry's data, located as front matter is. The
 * text is read as if a fence line stood above it, so the front matter's locators (line 1 is the fence's) serve.
 */
export function readDataFile(file: string, text: string): ParsedSource {
  const language = dataLanguage(file)!;
  const fenced = `\n${text}`;
  // Positions of the fenced text are one line below the file's.
  const where = (position?: Position): SourceLocation =>
    position ? { file, line: Math.max(1, position.line - 1), column: position.column } : { file };
  const value = language === "toml" ? tomlData(file, fenced, where) : yamlOrJson(file, language, text, where);
  if (value === null || typeof value !== "object") {
    const found = value === null || value === undefined ? "nothing" : `the ${typeof value} ${JSON.stringify(value)}`;
    throw errorFrom(DataFileNotFieldsOrList, { file, found }, { location: { file, line: 1, column: 1 } });
  }
  const locate = language === "toml" ? tomlFieldLocator(fenced) : fieldLocator(fenced);
  const data = value as Record<string, unknown>;
  const aliased = aliasExpansion(data);
  if (aliased.extra > MAX_ALIASED_VALUES) {
    const location = where(locate([aliased.largest]));
    throw errorFrom(FrontMatterAliasBomb, { file, limit: MAX_ALIASED_VALUES, field: aliased.largest }, { location });
  }
  const deep = deepestPath(data, MAX_DEPTH);
  if (deep) throw tooDeep(where(locate(deep)));
  const parsed = { data, bodyOffset: text.length, bodyLine: 1, frontMatter: fenced, format: language, openingLine: 0 };
  return { ...parsed, dataFile: true };
}

const NAMES = { yaml: "YAML", json: "JSON", toml: "TOML" } as const;

function tomlData(file: string, fenced: string, where: (position?: Position) => SourceLocation): unknown {
  const read = readTomlFields(fenced);
  if ("value" in read) return datesAsText(read.value);
  const location = where(read.position);
  if (/excessively nested/.test(read.reason)) throw tooDeep(location, read.cause);
  throw errorFrom(DataFileSyntax, { file, language: "TOML", reason: read.reason }, { location, cause: read.cause });
}

/** YAML's (and JSON's, which YAML 1.2 reads too, but for what only JSON refuses) value, or its located error. */
function yamlOrJson(file: string, language: "yaml" | "json", text: string, where: (p?: Position) => SourceLocation) {
  const name = NAMES[language];
  if (language === "json") {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      const message = (error as Error).message;
      const reason = message.replace(/ in JSON at position \d+.*$/s, "").replace(/^[A-Z]/, (c) => c.toLowerCase());
      const at = /position (\d+)/.exec(message);
      const location = at ? positionIn(file, text, Number(at[1])) : { file, line: 1, column: 1 };
      throw errorFrom(DataFileSyntax, { file, language: name, reason }, { location, cause: error });
    }
  }
  try {
    return loadYaml(text, { schema: CORE_SCHEMA });
  } catch (error) {
    const mark = (error as { mark?: { line?: number; column?: number } }).mark;
    if (/nesting exceeded maxDepth/.test((error as Error).message)) {
      throw tooDeep(
        mark?.line === undefined ? { file } : { file, line: mark.line + 1, column: (mark.column ?? 0) + 1 },
      );
    }
    let explained: ReturnType<typeof explainYaml>;
    try {
      explained = explainYaml(`\n${text}`);
    } catch (deep) {
      if (deep instanceof RangeError) throw tooDeep({ file }, deep);
      throw deep;
    }
    if ("value" in explained) return explained.value;
    const reason = explained.reason.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    throw errorFrom(DataFileSyntax, { file, language: name, reason }, { location: where(explained.position) });
  }
}

/** The 1-based line and column of an offset in a text. */
function positionIn(file: string, text: string, offset: number): SourceLocation {
  const lines = text.slice(0, offset).split("\n");
  return { file, line: lines.length, column: lines[lines.length - 1].length + 1 };
}
