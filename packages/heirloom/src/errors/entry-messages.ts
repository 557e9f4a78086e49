// The catalogue's messages about an entry's fields and body: unknown, missing and invalid fields (and front matter
// missing or without its opening line), a body where none is declared, images, duplicates, link schemes.
import { errorEntry as entry } from "./errors.ts";

export const UnknownField = entry({
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
      : `remove it, or use one of the known fields here: ${known.join(", ")}.`,
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

export const MissingFrontMatter = entry({
  code: "MissingFrontMatterError",
  title: "An entry has no front matter, and its collection requires fields",
  message: ({ file, collection, fields }: { file: string; collection: string; fields: string[] }) =>
    `${file} has no front matter; entries of "${collection}" need the field${fields.length > 1 ? "s" : ""} ` +
    `${fields.join(", ")}.`,
  hint: ({ fields }) =>
    "add it at the top of the file, a value after each name:\n    ---\n" +
    `${fields.map((field) => `    ${field}: ...\n`).join("")}    ---`,
});

export const FrontMatterWithoutOpening = entry({
  code: "MissingFrontMatterError",
  title: "An entry's front matter has no opening --- line",
  message: ({ file, closing }: { file: string; closing: number }) =>
    `${file} starts with fields but not with ---: its front matter, closed at line ${closing}, is not read.`,
  hint: () => "add a line --- above the first line, so that the fields stand between two --- lines.",
});

export const MissingField = entry({
  code: "ContentSchemaError",
  title: "The front matter lacks a field the schema requires",
  message: ({ file, field, expected }: { file: string; field: string; expected: string; hint: SchemaHint }) =>
    `${file} is missing the field "${field}" (expected ${expected}).`,
  hint: ({ field, hint }) => schemaHints[hint](field),
});

export const InvalidField = entry({
  code: "ContentSchemaError",
  title: "A field's value is not what the schema expects",
  message: ({
    file,
    field,
    expected,
    found,
  }: {
    file: string;
    field: string;
    expected: string;
    found: string;
    hint: SchemaHint;
  }) =>
    `The field "${field}" in ${file} ${expected.startsWith("must") ? expected : `must be ${expected}`}; ` +
    `found ${found}.`,
  hint: ({ field, hint }) => schemaHints[hint](field),
});

export const UnexpectedBody = entry({
  code: "UnexpectedBodyError",
  title: "An entry without a body has text below its front matter",
  message: ({ file, collection }: { file: string; collection: string }) =>
    `${file} has text below its front matter, but entries of "${collection}" have no body.`,
  hint: ({ collection }) =>
    'move the text into a field of the front matter or delete it; or declare body: "markdown" ' +
    `for "${collection}" in site.config.ts.`,
});

export const ImageNotFound = entry({
  code: "ImageNotFoundError",
  title: "An entry names an image that does not exist",
  message: ({ src, file }: { src: string; file: string; known: string[] }) =>
    `The image "${src}" named in ${file} does not exist.`,
  hint: ({ src, known }) => `put the file at content/${src}, or name one of: ${known.join(", ") || "(no images yet)"}.`,
});

export const DuplicateItem = entry({
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

export const UnsafeLinkScheme = entry({
  code: "UnsafeLinkError",
  title: "A link uses a scheme that is not allowed",
  message: ({ url, file }: { url: string; file: string }) =>
    `The link "${url}" in ${file} uses a scheme that is not allowed.`,
  hint: () =>
    "javascript: and vbscript: addresses, and data: addresses other than a picture, run code when followed: " +
    "link to a page (/pricing), a file or another site (https://…) instead.",
});

export const SvgDataLink = entry({
  code: "UnsafeLinkError",
  title: "A link opens an SVG picture written into its address",
  message: ({ url, file }: { url: string; file: string }) =>
    `The link "${url}" in ${file} opens an SVG picture written as a data: address, which can hold a script.`,
  hint: () =>
    "show it as a picture instead (![description](data:image/svg+xml,…): a picture runs no script), " +
    "or save it as an .svg file and link to the file.",
});
