// The catalogue's messages about the project and its definition, site.config.ts (a run's options: options.ts).
import { errorEntry as entry } from "../errors.ts";

const DEFINITION = "site.config.ts";
const RUN_IN_ROOT =
  "run heirloom in the project's root folder (the one with site.config.ts, content/ and templates/), or pass --root.";

export const NoDefinitionFile = entry("NoDefinitionFile", {
  code: "ConfigError",
  title: "The folder has no site.config.ts",
  message: ({ root }: { root: string; above?: string }) => `There is no ${DEFINITION} in ${root}.`,
  hint: ({ above }) =>
    above
      ? `the project seems to be ${above} (it holds ${DEFINITION}): run heirloom there, or pass --root ${above}.`
      : RUN_IN_ROOT,
});

export const DefinitionFailed = entry("DefinitionFailed", {
  code: "ConfigError",
  title: "site.config.ts threw while it was loaded",
  message: ({ reason }: { reason: string }) => `${DEFINITION} failed while it was loaded: ${reason}`,
  hint: () => "run the build with --debug for the stack trace.",
});

export const NoSiteDefinition = entry("NoSiteDefinition", {
  code: "ConfigError",
  title: "site.config.ts exports no site definition",
  message: () => `${DEFINITION} does not export a site definition.`,
  hint: () => 'end it with `export default defineSite({ collections, routes })`, importing defineSite from "heirloom".',
});

export const FolderAndFile = entry("FolderAndFile", {
  code: "ConfigError",
  title: "A collection names more than one of a folder, a file and a load function, or none",
  message: () => "A collection names more than one of a folder, a file and a load function, or none of them.",
  hint: () =>
    'give each collection one of `folder: "posts"` (one entry per file), `file: "site.md"` (a single entry) or ' +
    "`load: () => entries` (entries its code makes).",
});

export const LoaderFailed = entry("LoaderFailed", {
  code: "ConfigError",
  title: "A collection's load function threw",
  message: ({ name, reason }: { name: string; reason: string }) =>
    `The load function of the collection "${name}" failed: ${reason}`,
  hint: () => "fix the function in site.config.ts; run the build with --debug for the stack trace.",
});

export const BadLoadedEntry = entry("BadLoadedEntry", {
  code: "ConfigError",
  title: "A collection's load function returned what is not a list of entries",
  message: ({ name, problem }: { name: string; problem: string }) =>
    `The load function of the collection "${name}" returned ${problem}.`,
  hint: () =>
    'return a list of { slug, data, body? }: slug a path such as "reference/build" (letters, digits, - _ . ~ and ' +
    "/, each slug once), data a plain object of JSON values, body markdown text.",
});

export const NotACollection = entry("NotACollection", {
  code: "ConfigError",
  title: "A collection is not made with defineCollection()",
  message: ({ name }: { name: string }) => `The collection "${name}" is not made with defineCollection().`,
  hint: () => "declare it as defineCollection({ folder, schema }).",
});

export const UnknownCollection = entry("UnknownCollection", {
  code: "ConfigError",
  title: "A route names a collection that is not declared",
  message: ({ where, collection }: { where: string; collection: string; known: string[] }) =>
    `${where} names the collection "${collection}", which is not declared.`,
  hint: ({ known }) => `use one of: ${known.join(", ") || "(none yet)"}.`,
});

export const PagesFromOneFile = entry("PagesFromOneFile", {
  code: "ConfigError",
  title: "routes.pages names a single-file collection",
  message: ({ pages }: { pages: string }) => `routes.pages names "${pages}", a single file.`,
  hint: () => "pages come from a folder: declare the collection with `folder`.",
});

export const EntryRouteWithoutParameter = entry("EntryRouteWithoutParameter", {
  code: "ConfigError",
  title: "An entry route's path has no parameter",
  message: ({ path }: { path: string }) => `The entry route path "${path}" has no parameter.`,
  hint: () => 'write a pattern such as "/blog/:slug/", where :slug is each entry\'s file name.',
});

export const AliasesNotAFunction = entry("AliasesNotAFunction", {
  code: "ConfigError",
  title: "An entry route's aliases is not a function",
  message: ({ path }: { path: string }) => `The aliases of the entry route "${path}" is not a function.`,
  hint: () => "write a function of the entry that returns its old URLs, such as aliases: (post) => post.redirect_from.",
});

export const BadPerPage = entry("BadPerPage", {
  code: "ConfigError",
  title: "A list's perPage is not a whole number above 0",
  message: ({ collection, perPage }: { collection: string; perPage: unknown }) =>
    `The list of "${collection}" has perPage ${String(perPage)}.`,
  hint: () => "use a whole number of entries per page, such as 10.",
});

export const BadFeedLimit = entry("BadFeedLimit", {
  code: "ConfigError",
  title: "A feed's limit is not a whole number above 0",
  message: ({ collection, limit }: { collection: string; limit: unknown }) =>
    `The feed of "${collection}" has limit ${String(limit)}.`,
  hint: () => "use a whole number of entries, such as 20, or Infinity for every entry.",
});

export const BadFeedPath = entry("BadFeedPath", {
  code: "ConfigError",
  title: "A feed's path is not a site path ending in .xml or .json",
  message: ({ path, format, extension }: { path: string; format: string; extension: string }) =>
    `The feed path "${path}" is not a site path ending in ${extension}, as a feed in the format "${format}" needs.`,
  hint: ({ extension }) =>
    `write a path such as "/blog/feed${extension}"; RSS and Atom feeds end in .xml, JSON Feeds in .json ` +
    "(a path ending in .json is a JSON Feed unless `format` says otherwise).",
});

export const BadUrlFormat = entry("BadUrlFormat", {
  code: "ConfigError",
  title: "urlFormat is neither file nor directory",
  message: ({ urlFormat }: { urlFormat: unknown }) => `urlFormat is "${String(urlFormat)}".`,
  hint: () => 'use "file" (/pricing served from pricing.html) or "directory" (/pricing/ from pricing/index.html).',
});

export const BadBrokenLinks = entry("BadBrokenLinks", {
  code: "ConfigError",
  title: "brokenLinks is neither error nor warn",
  message: ({ brokenLinks }: { brokenLinks: unknown }) => `brokenLinks is "${String(brokenLinks)}".`,
  hint: () => 'use "error" (a broken link fails the build) or "warn" (each is printed, and the site published).',
});

export const BadSearch = entry("BadSearch", {
  code: "ConfigError",
  title: "search is neither true nor false",
  message: ({ search }: { search: unknown }) => `search is ${JSON.stringify(search) ?? String(search)}.`,
  hint: () => "use `search: true` to index the built pages with Pagefind (pages render `<Search />` for the box).",
});

export const FormWithoutField = entry("FormWithoutField", {
  code: "ConfigError",
  title: "A form has no usable field name",
  message: ({ form }: { form: string }) => `The form "${form}" has no usable field name.`,
  hint: () => 'name its single field, such as field: "email".',
});

export const BadFrameOrigin = entry("BadFrameOrigin", {
  code: "ConfigError",
  title: "A form's frame origin is not an https origin",
  message: ({ origin, form }: { origin: string; form: string }) =>
    `The frame origin "${origin}" of the form "${form}" is not an https origin.`,
  hint: () => 'write an origin only, such as "https://script.googleusercontent.com".',
});

export const BadUnregisteredPath = entry("BadUnregisteredPath", {
  code: "ConfigError",
  title: "An unregistered path is not a site path",
  message: ({ path }: { path: string }) => `The unregistered path "${path}" is not a site path.`,
  hint: () => "write site paths such as /about, or a prefix such as /blog/* for /blog/ and every path under it.",
});

export const RedirectsNotAnObject = entry("RedirectsNotAnObject", {
  code: "ConfigError",
  title: "redirects is not an object of old paths and targets",
  message: () => "redirects in site.config.ts is not an object of old paths and where they lead.",
  hint: () => 'write it as redirects: { "/old-path": "/new-path/", "/gone": "https://example.org/" }.',
});

export const BadRedirectFrom = entry("BadRedirectFrom", {
  code: "ConfigError",
  title: "A redirect's old path is not a site path",
  message: ({ from }: { from: string }) => `The redirect from "${from}" is not from a site path.`,
  hint: () =>
    "write the old path from the site's root, such as /about-us or /2019/old-title/ (letters, digits, - . _ ~ and " +
    "/); the base path is added.",
});

export const BadRedirectTarget = entry("BadRedirectTarget", {
  code: "ConfigError",
  title: "A redirect leads neither to a site path nor to an http(s) address",
  message: ({ from, to }: { from: string; to: string }) =>
    `The redirect from "${from}" leads to ${to}, which is neither a site path nor an http(s) address.`,
  hint: () => "write a site path such as /about/ (the base path is added) or an address such as https://example.org/.",
});

export const BadCollectionHtml = entry("BadCollectionHtml", {
  code: "ConfigError",
  title: "A collection's html option is not true or false",
  message: ({ name, value }: { name: string; value: string }) =>
    `The collection "${name}" has html: ${value}, which is not true or false.`,
  hint: () =>
    "write html: true to let its markdown hold raw HTML (which trusts its authors), or leave it out to escape it.",
});

export const BadDatedFileNames = entry("BadDatedFileNames", {
  code: "ConfigError",
  title: "A collection's datedFileNames option is not true or false",
  message: ({ name, value }: { name: string; value: string }) =>
    `The collection "${name}" has datedFileNames: ${value}, which is not true or false.`,
  hint: () =>
    "write datedFileNames: true to read 2024-01-15-hello.md as the entry hello dated 2024-01-15, or leave it out.",
});

export const BadSummary = entry("BadSummary", {
  code: "ConfigError",
  title: "A collection's summary option is none of its forms",
  message: ({ name, value }: { name: string; value: string }) =>
    `The collection "${name}" has summary: ${value}, which is not "paragraph" or { words, end, separator }.`,
  hint: () =>
    'write summary: "paragraph", or { words: 70 } (a whole number of at least 1) with end: "word" to cut after ' +
    'the last word, and separator: "<!-- excerpt -->" for a marker of one line; or leave it out.',
});

export const BadSchedule = entry("BadSchedule", {
  code: "ConfigError",
  title: "A collection's schedule option is not true or false",
  message: ({ name, value }: { name: string; value: string }) =>
    `The collection "${name}" has schedule: ${value}, which is not true or false.`,
  hint: () =>
    "write schedule: false to publish every entry whatever its dates (such as events to come), or leave it out " +
    "to hold back entries dated later than the build.",
});

export const BadMarkdownOption = entry("BadMarkdownOption", {
  code: "ConfigError",
  title: "A markdown option in site.config.ts has the wrong form",
  message: ({
    option,
    rule,
    found,
    where,
  }: {
    option: string;
    rule: string;
    found: string;
    advice: string;
    where?: string;
  }) => `${option} in ${where ?? DEFINITION} ${rule}; found ${found}.`,
  hint: ({ advice }) => advice,
});

export const UnknownMarkdownOption = entry("UnknownMarkdownOption", {
  code: "ConfigError",
  title: "site.config.ts names a markdown option that does not exist",
  message: ({ option, where }: { option: string; known: string[]; where?: string }) =>
    `${option} in ${where ?? DEFINITION} is not a markdown option.`,
  hint: ({ known }) => `use ${known.join(", ")}.`,
});
