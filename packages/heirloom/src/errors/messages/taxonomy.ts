// The catalogue's entries about taxonomies and archives: their options in site.config.ts, and the terms and dates
// of the entries they list.
import { errorEntry as entry } from "../errors.ts";

export const TaxonomyFieldNotDeclared = entry("TaxonomyFieldNotDeclared", {
  code: "ConfigError",
  title: "A taxonomy's field is not declared by its collection's schema",
  message: ({ path, field, collection }: { path: string; field: string; collection: string; known: string[] }) =>
    `The taxonomy at "${path}" reads the field "${field}", which the schema of the collection "${collection}" ` +
    "does not declare.",
  hint: ({ field, known }) =>
    `declare it in the schema, such as \`${field}: z.array(z.string()).default([])\`, or name a field it declares ` +
    `(${known.join(", ") || "none"}).`,
});

export const TaxonomyPathWithoutTerm = entry("TaxonomyPathWithoutTerm", {
  code: "ConfigError",
  title: "A taxonomy's path does not hold :term alone",
  message: ({ path }: { path: string }) =>
    `The taxonomy path "${path}" is not a site path with :term as its one parameter.`,
  hint: () =>
    "write where each term's slug goes as :term, such as \"/tags/:term/\"; a term's page lists many entries, so " +
    "no entry's field can fill another parameter.",
});

export const TermFeedPath = entry("TermFeedPath", {
  code: "ConfigError",
  title: "A taxonomy's feed path is not a file path with :term",
  message: ({ path, taxonomy }: { path: string; taxonomy: string }) =>
    `The feed path "${path}" of the taxonomy "${taxonomy}" is not a site path of a file that holds :term.`,
  hint: () => 'write a path such as "/tags/:term/feed.xml": each term gets its own feed.',
});

export const ArchivePathParameters = entry("ArchivePathParameters", {
  code: "ConfigError",
  title: "An archive's path does not hold :year, or holds another parameter",
  message: ({ path }: { path: string }) =>
    `The archive path "${path}" is not a site path with :year (and, for a page per month, :month) as its only ` +
    "parameters.",
  hint: () => 'write "/archive/:year/" for a page per year, or "/archive/:year/:month/" for a page per month.',
});

export const BadRoutePerPage = entry("BadRoutePerPage", {
  code: "ConfigError",
  title: "A taxonomy's or archive's perPage is not a whole number above 0",
  message: ({ path, perPage }: { path: string; perPage: unknown }) =>
    `The pages at "${path}" have perPage ${String(perPage)}.`,
  hint: () => "use a whole number of entries per page, such as 10, or leave perPage out for the default.",
});

export const BadIndexPath = entry("BadIndexPath", {
  code: "ConfigError",
  title: "A taxonomy's or archive's index path is not a plain site path",
  message: ({ path, of }: { path: string; of: string }) =>
    `The index path "${path}" of the pages at "${of}" is not a plain site path.`,
  hint: () => 'write a path of letters, digits and - . _ ~ between slashes, such as "/tags/".',
});

export const BadTermValue = entry("BadTermValue", {
  code: "ContentSchemaError",
  title: "An entry's taxonomy field holds no term or list of terms",
  message: ({ file, field, found }: { file: string; field: string; found: string }) =>
    `The field "${field}" of ${file} holds ${found}, not a term or a list of terms.`,
  hint: ({ field }) =>
    `write one term as text (\`${field}: rust\`) or a list of them (\`${field}: [rust, release]\`), and have the ` +
    "schema say so, such as `z.array(z.string())`.",
});

export const TermWithoutSlug = entry("TermWithoutSlug", {
  code: "PagePathError",
  title: "A term has no letter or digit a URL can hold",
  message: ({ file, field, name }: { file: string; field: string; name: string }) =>
    `The ${field} term "${name}" of ${file} has no letter or digit that a URL segment can hold, so it can have ` +
    "no page.",
  hint: () =>
    "write the term with Latin letters or digits (as it would be spelt in a URL: the accents of Latin letters are " +
    "dropped, Greek and Cyrillic are transliterated), or leave it out.",
});
