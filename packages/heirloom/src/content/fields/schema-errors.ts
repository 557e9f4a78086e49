// Turns a schema issue into an error a content editor can act on: file, line, field, expected, found, hint.
import type { z } from "zod";
import {
  FrontMatterWithoutOpening,
  InvalidField,
  MissingField,
  MissingFrontMatter,
  OffCalendarField,
  type SchemaHint,
  UnknownField,
} from "../../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../../errors/errors.ts";
import { nearest } from "../../errors/nearest.ts";
import { offCalendar } from "../frontmatter/index.ts";
import type { RawEntry } from "../frontmatter/index.ts";

type Issue = z.core.$ZodIssue;

/**
 * The schema's issues with one content file as located errors: for a file with no front matter at all, one
 * that says so and names the fields the schema requires (not one "missing field" each); else one per problem.
 */
export function schemaErrors(
  issues: readonly Issue[],
  entry: RawEntry,
  schema: z.ZodType,
  collection: string,
): HeirloomError[] {
  if (entry.format === "none") {
    const required = issues.filter((issue) => issue.path.length > 0 && valueAt(entry.data, issue.path) === undefined);
    const fields = [...new Set(required.map((issue) => String(issue.path[0])))];
    const location = { file: entry.file, line: 1, column: 1 };
    // Fields, then a --- line: the opening one was left out (Hugo and Eleventy would show them as text).
    const opened = /^(?:[\w-]+:.*\r?\n)+---[ \t]*(?:\r?\n|$)/.exec(entry.body);
    if (opened) {
      const closing = opened[0].replace(/\r?\n$/, "").split("\n").length;
      return [errorFrom(FrontMatterWithoutOpening, { file: entry.file, closing }, { location })];
    }
    if (fields.length > 0)
      return [errorFrom(MissingFrontMatter, { file: entry.file, collection, fields }, { location })];
  }
  return issuesToErrors(issues, entry, schema);
}

/**
 * All schema issues of one content file as located errors, one per problem. A misspelt field is reported
 * once, as an unknown field that names the missing one, rather than also as a missing field.
 */
export function issuesToErrors(issues: readonly Issue[], entry: RawEntry, schema: z.ZodType): HeirloomError[] {
  const errors: HeirloomError[] = [];
  const explained = new Set<string>();
  for (const issue of issues.filter((i) => i.code === "unrecognized_keys")) {
    const known = keysAt(schema, entry.data, issue.path);
    for (const key of issue.keys) {
      const near = nearest(key, known);
      const missing = near !== undefined && valueAt(entry.data, [...issue.path, near]) === undefined;
      if (missing) explained.add(fieldName([...issue.path, near]));
      const field = fieldName([...issue.path, key]);
      const args = {
        file: entry.file,
        field,
        missing: missing ? fieldName([...issue.path, near]) : undefined,
        near,
        key,
        known,
      };
      const location = { file: entry.file, ...entry.locate([...issue.path, key]) };
      errors.push(errorFrom(UnknownField, args, { location }));
    }
  }
  for (const issue of issues.filter((i) => i.code !== "unrecognized_keys")) {
    if (valueAt(entry.data, issue.path) === undefined && explained.has(fieldName(issue.path))) continue;
    errors.push(issueToError(issue, entry, schema));
  }
  return errors.sort((a, b) => (a.location?.line ?? 0) - (b.location?.line ?? 0));
}

/** One schema issue of one content file as a located HeirloomError. */
export function issueToError(issue: Issue, entry: RawEntry, schema: z.ZodType): HeirloomError {
  const path = issue.path;
  const found = valueAt(entry.data, path);
  const where = { file: entry.file, ...entry.locate(path) };

  if (issue.code === "unrecognized_keys") return issuesToErrors([issue], entry, schema)[0];
  // A date written as one that is no day (2026-02-31): whatever the schema's message, say which day is wrong.
  const off = typeof found === "string" && wantsDate(issue) ? offCalendar(found) : undefined;
  if (off) return errorFrom(OffCalendarField, { file: entry.file, field: fieldName(path), off }, { location: where });
  const expected = describeExpected(issue);
  // The schema's own words that are not a rule ("must be…") are quoted as its, not spliced in as what is expected.
  const said = expected === issue.message && !/^must\b/.test(expected) ? { said: expected } : {};
  const args = { file: entry.file, field: fieldName(path), expected, ...said, hint: hintFor(issue, found) };
  if (found === undefined) return errorFrom(MissingField, args, { location: where });
  return errorFrom(InvalidField, { ...args, found: describe(found) }, { location: where });
}

/** Whether the issue is a date or date-time of the wrong form (z.iso.date(), z.iso.datetime()), or a union's. */
function wantsDate(issue: Issue): boolean {
  if (issue.code === "invalid_format") return issue.format === "date" || issue.format === "datetime";
  return issue.code === "invalid_union" && issue.errors.some((issues) => issues.some(wantsDate));
}

function describeExpected(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.message.startsWith("Invalid input") ? article(issue.expected) : issue.message;
    case "too_small":
      if (issue.origin === "string") return "must not be empty";
      if (issue.origin === "array") return `a list of at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}`;
      return `at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "string" ? `at most ${issue.maximum} characters long` : `at most ${issue.maximum}`;
    case "invalid_value":
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_union": {
      // A discriminated union names the values it accepts.
      const options = (issue as { options?: unknown[] }).options;
      return options?.length ? `one of: ${options.map(String).join(", ")}` : "one of the known values";
    }
    default:
      return issue.message;
  }
}

/** Which of the catalogue's hints fits the problem. */
function hintFor(issue: Issue, found: unknown): SchemaHint {
  if (issue.code === "too_small" && issue.origin === "string") return "empty text";
  if (found === undefined) return "missing";
  if (issue.code !== "invalid_type") return "other";
  return ({ number: "number", boolean: "boolean", array: "list" } as const)[issue.expected as string] ?? "other";
}

/** The field names a schema allows at a path of the data (following unions by their matching option). */
export function keysAt(schema: z.ZodType, data: unknown, path: PropertyKey[]): string[] {
  let def = defOf(schema);
  let value = data;
  let i = 0;
  for (;;) {
    const inner = def.innerType ?? def.in;
    if (inner) {
      def = defOf(inner);
    } else if (def.type === "union") {
      const options = def.options!.map(defOf);
      def = options.find((option) => matches(option, value)) ?? options[0];
    } else if (i === path.length) {
      return def.type === "object" ? Object.keys(def.shape!) : [];
    } else {
      const key = path[i++];
      value = valueAt(value, [key]);
      const next = def.type === "object" ? def.shape![String(key)] : def.type === "array" ? def.element : undefined;
      if (!next) return [];
      def = defOf(next);
    }
  }
}

type Schemaish = { _zod: { def: SchemaDef } };
const defOf = (schema: unknown): SchemaDef => (schema as Schemaish)._zod.def;

interface SchemaDef {
  type: string;
  shape?: Record<string, Schemaish>;
  element?: Schemaish;
  options?: Schemaish[];
  innerType?: Schemaish;
  in?: Schemaish;
  values?: unknown[];
}

function matches(option: SchemaDef, value: unknown): boolean {
  if (option.type !== "object" || !value || typeof value !== "object") return false;
  return Object.entries(option.shape!).every(([key, field]) => {
    const literal = defOf(field);
    return literal.type !== "literal" || literal.values!.includes((value as Record<string, unknown>)[key]);
  });
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (v, key) => (v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[key] : undefined),
    data,
  );
}

function fieldName(path: PropertyKey[]): string {
  return (
    path.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i ? "." : ""}${String(k)}`)).join("") || "(front matter)"
  );
}

function article(type: string): string {
  return (
    { number: "a number", string: "text", boolean: "true or false", array: "a list", object: "a group of fields" }[
      type
    ] ?? type
  );
}

function describe(value: unknown): string {
  if (typeof value === "string")
    return value.trim() === "" ? "empty text" : `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (value === null) return "nothing (an empty value)";
  if (typeof value === "object") return "a group of fields";
  return String(value);
}
