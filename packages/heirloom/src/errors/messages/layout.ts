// The catalogue's messages about Hugo's, Jekyll's and docs sets' content layouts: page bundles and section pages,
// the slug, url and permalink fields, numbered folders, paths computed by a function, and data files.
import { errorEntry as entry } from "../errors.ts";

export const BadDataOption = entry("BadDataOption", {
  code: "ConfigError",
  title: "A collection's data option is not true or false, or not on a folder",
  message: ({ name, value }: { name: string; value: string }) =>
    `The collection "${name}" has data: ${value}, which is only read as true or false on a folder collection.`,
  hint: () =>
    'write data: true beside folder: "data" to read each YAML, JSON and TOML file there as an entry; a single ' +
    'data file needs no option (file: "data/nav.yaml").',
});

export const BadPathFieldOption = entry("BadPathFieldOption", {
  code: "ConfigError",
  title: "An entry route's pathField is not a field name",
  message: ({ path, value }: { path: string; value: string }) =>
    `The entry route "${path}" has pathField: ${value}, which is not the name of a field.`,
  hint: () => 'name the front matter field that holds a page\'s own path, such as pathField: "permalink" or "url".',
});

export const HugoSectionPage = entry("HugoSectionPage", {
  code: "UnexpectedFileError",
  title: "A Hugo section page (_index.md) is not published",
  message: ({ file }: { file: string; declared: string }) =>
    `${file} is the list page of a Hugo section; Heirloom does not publish it, and no page reads its fields or text.`,
  hint: ({ declared }) =>
    "list the section's entries on a page of the pages collection with `routes.lists` (its title and text go in " +
    `that page's file); to read this file's fields, declare it as a collection of its own (${declared}); ` +
    "or delete it.",
});

export const DataFileOutsideData = entry("DataFileOutsideData", {
  code: "UnexpectedFileError",
  title: "A data file belongs to no collection",
  message: ({ file }: { file: string; folder: string }) =>
    `${file} is a data file, but no collection reads it: a collection's folder holds markdown unless it says ` +
    "data: true.",
  hint: ({ file, folder }) =>
    `declare it in site.config.ts: one file as defineCollection({ file: "${file.replace(/^content\//, "")}", ` +
    `schema }), or its folder as defineCollection({ folder: "${folder}", data: true, schema }); or list it under ` +
    "`passthrough` to publish it as it is.",
});

export const DataFileSyntax = entry("DataFileSyntax", {
  code: "FrontMatterParseError",
  title: "A data file is not valid YAML, JSON or TOML",
  message: ({ file, language, reason }: { file: string; language: string; reason: string }) =>
    `Could not parse ${file} as ${language}: ${reason}.`,
  hint: ({ language }) =>
    language === "JSON"
      ? 'look for a missing comma or quote, or a comma after the last item; names are in double quotes ("title").'
      : language === "TOML"
        ? 'write one `name = value` a line, text in quotes (title = "A day out"); look for an unclosed quote.'
        : "look for an unclosed quote, a missing colon, a tab, or wrong indentation; quote values with a colon.",
});

export const DataFileNotFieldsOrList = entry("DataFileNotFieldsOrList", {
  code: "FrontMatterParseError",
  title: "A data file holds neither fields nor a list",
  message: ({ file, found }: { file: string; found: string }) =>
    `${file} holds ${found}; a data file holds fields (name: value) or a list of items.`,
  hint: () => "write its fields one `name: value` a line, or its items one `- item` a line.",
});

export const BadSlugField = entry("BadSlugField", {
  code: "ContentSchemaError",
  title: "An entry's slug field is not one plain URL segment",
  message: ({ file, value }: { file: string; value: string }) =>
    `The slug ${value} of ${file} is not one segment of a URL.`,
  hint: () =>
    "write letters, digits and - _ . ~ without a slash, such as slug: hello-world; a whole path goes in the field " +
    "an entry route reads with `pathField` (url, permalink).",
});

export const SameSlug = entry("SameSlug", {
  code: "DuplicateItemError",
  title: "Two entries of a collection have the same slug",
  message: ({ file, first, slug, collection }: { file: string; first: string; slug: string; collection: string }) =>
    `${file} and ${first} are both the entry "${slug}" of "${collection}".`,
  hint: () =>
    "rename or move one of them, or give one its own `slug` field: a bundle's index.md takes its folder's name " +
    "(posts/a/index.md is posts/a.md).",
});

export const BadPathField = entry("BadPathField", {
  code: "PagePathError",
  title: "An entry's own path is not a site path",
  message: ({ file, field, value }: { file: string; field: string; value: string }) =>
    `The ${field} ${value} of ${file} is not a site path.`,
  hint: () =>
    "write a path from the site's root of letters, digits and - . _ ~ between slashes, such as /about/ or " +
    "/2024/hello.html; the base path is added.",
});

export const BadEntryRoutePath = entry("BadEntryRoutePath", {
  code: "ConfigError",
  title: "An entry route's path is neither a pattern nor a function",
  message: ({ collection, value }: { collection: string; value: string }) =>
    `The entry route of "${collection}" has path: ${value}, which is neither a pattern nor a function.`,
  hint: () => 'write a pattern such as "/docs/:slug/", or a function such as (doc) => `/docs/${doc.slug}/`.',
});

export const BadStripNumberPrefixes = entry("BadStripNumberPrefixes", {
  code: "ConfigError",
  title: "An entry route's stripNumberPrefixes cannot be used",
  message: ({ path, value, computes }: { path: string; value: string; computes: boolean }) =>
    computes
      ? `The entry route "${path}" has stripNumberPrefixes: ${value} beside a path function, which fills no :slug.`
      : `The entry route "${path}" has stripNumberPrefixes: ${value}, which is not true or false.`,
  hint: ({ computes }) =>
    computes
      ? "remove it, and strip them in the function: (doc) => `/docs/${withoutNumberPrefixes(doc.slug)}/`."
      : 'write stripNumberPrefixes: true beside a pattern such as "/docs/:slug/".',
});

export const BadComputedPath = entry("BadComputedPath", {
  code: "PagePathError",
  title: "An entry route's path function returns what is not a site path",
  message: ({ file, route, value }: { file: string; route: string; value: string }) =>
    `The path function of the entry route ${route} returns ${value} for ${file}, which is not a site path.`,
  hint: () =>
    "return a path from the site's root of letters, digits and - . _ ~ between slashes, such as /docs/app/ or " +
    "/2024/hello.html; the base path is added.",
});

export const PathFunctionThrew = entry("PathFunctionThrew", {
  code: "PagePathError",
  title: "An entry route's path function threw",
  message: ({ file, route, reason }: { file: string; route: string; reason: string }) =>
    `The path function of the entry route ${route} threw for ${file}: ${reason}`,
  hint: () => "make the function return a path for every entry of the collection, reading only fields it declares.",
});
