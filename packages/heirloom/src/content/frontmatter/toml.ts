// TOML front matter (between +++ lines: Hugo's default, Zola's only form), read by smol-toml: its dates and times
// as the text YAML keeps for the same value (one that is no day of the calendar too: toml-dates.ts), its syntax
// errors explained at their line and column.
import { TomlError, parse } from "smol-toml";
import { FrontMatterTomlSyntax } from "../../errors/catalogue.ts";
import { type SourceLocation, errorFrom } from "../../errors/errors.ts";
import { MAX_DEPTH, deepestPath, tooDeep } from "./front-matter-limits.ts";
import { quoteOffCalendarDates } from "./toml-dates.ts";
import { tomlFieldLocator, unclosedQuote } from "./toml-positions.ts";
import type { Position } from "./yaml-positions.ts";

type Read = { value: Record<string, unknown> } | { reason: string; position: Position; cause: unknown };

/**
 * The fields of TOML front matter; `where` turns a position in it (line 1 is the opening +++ line's) into the
 * file's. smol-toml sets no limit on how deep dotted keys nest: the depth is checked before anything walks the
 * fields, then dates and times become text. A syntax error is a located FrontMatterParseError.
 */
export function readToml(
  file: string,
  text: string,
  where: (position?: Position) => SourceLocation,
): Record<string, unknown> {
  const read = readTomlFields(text);
  if (!("value" in read)) {
    const location = where(read.position);
    // smol-toml stops at 1,000 levels of lists and inline tables.
    if (/excessively nested/.test(read.reason)) throw tooDeep(location, read.cause);
    throw errorFrom(FrontMatterTomlSyntax, { file, reason: read.reason }, { location, cause: read.cause });
  }
  const deep = deepestPath(read.value, MAX_DEPTH);
  if (deep) throw tooDeep(where(tomlFieldLocator(text)(deep)));
  return datesAsText(read.value) as Record<string, unknown>;
}

/** The fields, dates left as TomlDate objects, or what is wrong and where (an unclosed quote where it opens). */
export function readTomlFields(text: string): Read {
  try {
    // Dates as TomlDate objects, whatever a later smol-toml defaults to (Temporal, which Node 20 lacks).
    return { value: parse(quoteOffCalendarDates(text), { useLegacyDate: true }) };
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = error.message.split("\n")[0].replace(/^Invalid TOML document: /, "");
    const line = text.split("\n")[error.line - 1] ?? "";
    // A string the line ends in: smol-toml stops at the line break, the quote that opens it is where to look.
    const open = /^(control characters are not allowed in strings|unfinished string)$/.test(reason)
      ? unclosedQuote(line)
      : -1;
    if (open < 0) return { reason, position: { line: error.line, column: error.column }, cause: error };
    return { reason: "a quoted value is never closed", position: { line: error.line, column: open + 1 }, cause: error };
  }
}

/**
 * The fields with every TOML date and time as text, as YAML 1.2's core schema leaves `date: 2024-01-15`: a local
 * date as 2024-01-15, a date-time as 2024-01-15T10:00:00Z or with its offset (+02:00) or none (local), a time
 * as 10:00:00; the separator always T, milliseconds only when not zero. Schemas such as `z.iso.date()` and
 * `z.iso.datetime()` then take or refuse them as they do YAML's. Tables become plain objects.
 */
export function datesAsText(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace(/\.000(?=Z|[+-]\d\d:\d\d|$)/, "");
  if (Array.isArray(value)) return value.map(datesAsText);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, datesAsText(field)]));
  }
  return value;
}
