// The catalogue's messages about an entry's fields and body: unknown, missing and invalid fields (and front matter
// missing or without its opening line), dates that are not days of the calendar, a body where none is declared,
// images, duplicates, link schemes.
import { errorEntry as entry } from "../errors.ts";

export const UnknownField = entry("UnknownField", {
  code: "UnknownFieldError",
  title: "The front matter has a field the schema does not declare",
  message: ({
    file,
    field,
    missing,
  }: {
    file: string;
    field: string;
    missing?: string;
    near?: string;
    key: string;
    known: string[];
  }) => `${file} has an unknown field "${field}"${missing ? `, and "${missing}" is missing` : ""}.`,
  hint: ({ near, missing, key, known }) =>
    near
      ? `did you mean "${near}"? ${missing ? `Rename "${key}" to "${near}". ` : ""}` +
        `Known fields here: ${known.join(", ")}.`
      : `declare "${key}" in its collection's schema in site.config.ts, or remove it from the front matter. ` +
        `Known fields here: ${known.join(", ")}.`,
});

/** What the hint of a schema problem says, by what is wrong. */
export type SchemaHint = "empty text" | "missing" | "number" | "boolean" | "list" | "other";

const schemaHints: Record<SchemaHint, (field: string) => string> = {
  "empty text": (field) => `write some text for ${field}, or remove the file if the item is no longer wanted.`,
  missing: (field) => `add a line \`${field.split(".").pop()}: ...\` to the front matter.`,
  number: () => "write the number without quotes, currency signs or words, such as 49.",
  boolean: () => "write true or false, without quotes.",
  list: () => "write a list: one `- item` per line, indented under the field.",
  other: () => "correct the value and build again.",
};

export const MissingFrontMatter = entry("MissingFrontMatter", {
  code: "MissingFrontMatterError",
  title: "An entry has no front matter, and its collection requires fields",
  message: ({ file, collection, fields }: { file: string; collection: string; fields: string[] }) =>
    `${file} has no front matter; entries of "${collection}" need the field${fields.length > 1 ? "s" : ""} ` +
    `${fields.join(", ")}.`,
  hint: ({ fields }) =>
    "add it at the top of the file, a value after each name:\n    ---\n" +
    `${fields.map((field) => `    ${field}: ...\n`).join("")}    ---`,
});

export const FrontMatterWithoutOpening = entry("FrontMatterWithoutOpening", {
  code: "MissingFrontMatterError",
  title: "An entry's front matter has no opening --- line",
  message: ({ file, closing }: { file: string; closing: number }) =>
    `${file} starts with fields but not with ---: its front matter, closed at line ${closing}, is not read.`,
  hint: () => "add a line --- above the first line, so that the fields stand between two --- lines.",
});

/**
 * What a schema expects of a field: the engine's words ("text"), a rule of the schema's ("must be a date…"), or,
 * as `said`, other words of the schema's ("Invalid ISO date"), which are quoted after a colon.
 */
interface Expected {
  expected: string;
  said?: string;
}

/** A rule of the schema's own, "must …", which reads as a clause; the engine's words read as a noun. */
const isRule = (expected: unknown) => typeof expected === "string" && /^must\b/.test(expected);
const sentence = (words: string) => words.trim().replace(/[.\s]+$/, "");

export const MissingField = entry("MissingField", {
  code: "ContentSchemaError",
  title: "The front matter lacks a field the schema requires",
  message: ({ file, field, expected, said }: { file: string; field: string; hint: SchemaHint } & Expected) =>
    typeof said === "string"
      ? `${file} is missing the field "${field}", which its schema requires: ${sentence(said)}.`
      : isRule(expected)
        ? `${file} is missing the field "${field}", which ${sentence(expected)}.`
        : `${file} is missing the field "${field}" (expected ${expected}).`,
  hint: ({ field, hint }) => schemaHints[hint](field),
});

export const InvalidField = entry("InvalidField", {
  code: "ContentSchemaError",
  title: "A field's value is not what the schema expects",
  message: ({
    file,
    field,
    expected,
    said,
    found,
  }: { file: string; field: string; found: string; hint: SchemaHint } & Expected) =>
    typeof said === "string"
      ? `The field "${field}" in ${file} is ${found}, which its schema refuses: ${sentence(said)}.`
      : `The field "${field}" in ${file} ${isRule(expected) ? expected : `must be ${expected}`}; found ${found}.`,
  hint: ({ field, hint }) => schemaHints[hint](field),
});

/** A date written YYYY-MM-DD that is not a day of the calendar (content/frontmatter/dates.ts finds it). */
export interface OffCalendar {
  /** As written: 2026-02-31. */
  date: string;
  year: string;
  month: string;
  day: string;
  /** The days its month has; none when its month is not one (00, 13). */
  days?: number;
  /** The day it may have meant: its month's last or first, or month and day swapped (2026-13-02: 2026-02-13). */
  instead?: string;
}

const MONTHS = "January February March April May June July August September October November December".split(" ");

/** Why a date is not a day of the calendar: "February 2026 has 28 days". */
export function offCalendarReason({ year, month, day, days }: OffCalendar): string {
  if (days === undefined) return `there is no month ${month}: months go from 01 to 12`;
  if (Number(day) < 1) return "there is no day 00: a month's days start at 01";
  const leap = Number(month) === 2 && Number(day) === 29 ? ` (${year} is not a leap year)` : "";
  return `${MONTHS[Number(month) - 1]} ${year} has ${days} days${leap}`;
}

/** What to write instead of a date that is not a day of the calendar; `as` writes the day meant where it goes. */
const offCalendarFix = ({ days, instead }: OffCalendar, as: (date: string) => string) =>
  days !== undefined
    ? `a day from 01 to ${days}, such as ${as(instead!)}`
    : instead
      ? `the month before the day (YYYY-MM-DD), as in ${as(instead)}`
      : "a month from 01 to 12 between the year and the day (YYYY-MM-DD)";

export const OffCalendarField = entry("OffCalendarField", {
  code: "ContentSchemaError",
  title: "A field's date is not a day of the calendar",
  message: ({ file, field, off }: { file: string; field: string; off: OffCalendar }) =>
    `The field "${field}" in ${file} is written as a date, but ${off.date} is not a date of the calendar: ` +
    `${offCalendarReason(off)}.`,
  hint: ({ off }) => `write ${offCalendarFix(off, (date) => date)}.`,
});

export const OffCalendarFileName = entry("OffCalendarFileName", {
  code: "ContentSchemaError",
  title: "A dated file name's date is not a day of the calendar",
  message: ({ file, off }: { file: string; off: OffCalendar }) =>
    `The name of ${file} starts with a date, but ${off.date} is not a date of the calendar: ` +
    `${offCalendarReason(off)}.`,
  hint: ({ file, off }) => {
    const folder = file.slice(0, file.lastIndexOf("/") + 1);
    const renamed = (date: string) => `${folder}${file.slice(folder.length).replace(off.date, date)}`;
    return `rename the file with ${offCalendarFix(off, renamed)}: its name gives the entry its date and slug.`;
  },
});

export const UnexpectedBody = entry("UnexpectedBody", {
  code: "UnexpectedBodyError",
  title: "An entry without a body has text below its front matter",
  message: ({ file, collection }: { file: string; collection: string }) =>
    `${file} has text below its front matter, but entries of "${collection}" have no body.`,
  hint: ({ collection }) =>
    'move the text into a field of the front matter or delete it; or declare body: "markdown" ' +
    `for "${collection}" in site.config.ts.`,
});

export const ImageNotFound = entry("ImageNotFound", {
  code: "ImageNotFoundError",
  title: "An entry names an image that does not exist",
  message: ({ src, file }: { src: string; file: string; known: string[] }) =>
    `The image "${src}" named in ${file} does not exist.`,
  hint: ({ src, known }) => `put the file at content/${src}, or name one of: ${known.join(", ") || "(no images yet)"}.`,
});

export const DuplicateItem = entry("DuplicateItem", {
  code: "DuplicateItemError",
  title: "Two entries share a value that must be unique",
  message: ({
    fields,
    values,
    file,
    first,
    many,
  }: {
    fields: string;
    values: string;
    file: string;
    first: string;
    many: boolean;
    collection: string;
  }) => `The ${fields} "${values}" of ${file} ${many ? "are" : "is"} already used by ${first}.`,
  hint: ({ collection, fields }) => `give each entry of "${collection}" its own ${fields}.`,
});

export const UnsafeLinkScheme = entry("UnsafeLinkScheme", {
  code: "UnsafeLinkError",
  title: "A link uses a scheme that is not allowed",
  message: ({ url, file }: { url: string; file: string }) =>
    `The link "${url}" in ${file} uses a scheme that is not allowed.`,
  hint: () =>
    "javascript: and vbscript: addresses, and data: addresses other than a picture, run code when followed: " +
    "link to a page (/pricing), a file or another site (https://…) instead.",
});

export const SvgDataLink = entry("SvgDataLink", {
  code: "UnsafeLinkError",
  title: "A link opens an SVG picture written into its address",
  message: ({ url, file }: { url: string; file: string }) =>
    `The link "${url}" in ${file} opens an SVG picture written as a data: address, which can hold a script.`,
  hint: () =>
    "show it as a picture instead (![description](data:image/svg+xml,…): a picture runs no script), " +
    "or save it as an .svg file and link to the file.",
});
