// The catalogue's messages about the site as it is routed and rendered: page paths, routes, templates and
// the compiles of the definition, templates, islands, script and stylesheet.
import { type OffCalendar, offCalendarReason } from "./entry.ts";
import { errorEntry as entry } from "../errors.ts";

export const ListOnMissingPage = entry("ListOnMissingPage", {
  code: "ConfigError",
  title: "A list is on a page no page publishes",
  message: ({ collection, page }: { collection: string; page: string; pages: string }) =>
    `The list of "${collection}" is on the page "${page}", which no page publishes.`,
  hint: ({ page, pages }) =>
    `add a page with path: ${page} to the "${pages}" collection, or correct the list's page in site.config.ts.`,
});

export const NoNotFoundPage = entry("NoNotFoundPage", {
  code: "MissingContentError",
  title: "No page has the path 404",
  message: () => "No page has the path 404, so the site would have no 404.html.",
  hint: ({ folder }: { folder: string }) =>
    `add a page such as content/${folder}/404.md with \`path: "404"\` and a template.`,
});

export const PageWithoutTemplate = entry("PageWithoutTemplate", {
  code: "PagePathError",
  title: "A page names no template",
  message: ({ file }: { file: string }) => `${file} names no template.`,
  hint: () => "add a line `template: name` with the name of a template in templates/index.ts.",
});

export const BadPagePath = entry("BadPagePath", {
  code: "PagePathError",
  title: "A page's path is not a site path",
  message: ({ path, file }: { path: unknown; file: string }) =>
    `The page path ${JSON.stringify(path ?? "")} of ${file} is not a site path.`,
  hint: () =>
    "write a path such as /pricing or /legal/privacy (letters, digits, - . _ ~ and /), " +
    'or "404" for the not-found page.',
});

/** A value that cannot be a segment of an entry's URL; `written` when a slug is a field's, not its file's name. */
type SegmentArgs = { file: string; pattern: string; field: string; value: string; written?: boolean };

export const NotAPlainSegment = entry("NotAPlainSegment", {
  code: "PagePathError",
  title: "An entry's value cannot be a segment of its URL",
  message: ({ file, pattern, field, value }: SegmentArgs) =>
    `${file} cannot be published at ${pattern}: its ${field} "${value}" is not a plain URL segment.`,
  hint: ({ field, written }) =>
    field === "slug" && !written
      ? "rename the file using letters, digits and - only, such as my-first-post.md."
      : `use letters, digits and - in ${field}.`,
});

export const EntryWithoutDate = entry("EntryWithoutDate", {
  code: "PagePathError",
  title: "An entry route's pattern needs a date the entry does not have",
  message: ({ file, pattern, value, off }: { file: string; pattern: string; value?: string; off?: OffCalendar }) =>
    `${file} cannot be published at ${pattern}: ` +
    (value === undefined
      ? "it has no date."
      : off
        ? `its date "${value}" is not a date of the calendar: ${offCalendarReason(off)}.`
        : `its date "${value}" is not a date such as 2024-01-15.`),
  hint: () =>
    "write its date as `date: 2024-01-15` (a time may follow: 2024-01-15T09:30:00Z), or name the file " +
    "2024-01-15-<slug>.md in a collection with `datedFileNames: true`.",
});

export const RouteCollision = entry("RouteCollision", {
  code: "RouteCollisionError",
  title: "Two pages have the same path",
  message: ({ path, file, first }: { path: string; file: string; first: string }) =>
    `The page path "${path}" of ${file} is already used by ${first}.`,
  hint: () => "give each page its own path; two pages cannot share a URL.",
});

export const RouteCaseCollision = entry("RouteCaseCollision", {
  code: "RouteCollisionError",
  title: "Two output files differ only in letter case",
  message: ({ subject, file, other }: { subject: string; file: string; other: string }) =>
    `${subject} is written to ${file}, which differs from ${other} only in letter case: on macOS and ` +
    "Windows, and on hosts that ignore case, one would overwrite the other.",
  hint: () => "give it a path that differs in more than letter case; paths in lower case avoid this.",
});

export const PathTakenInOutput = entry("PathTakenInOutput", {
  code: "RouteCollisionError",
  title: "A page or feed is written where the output holds another file",
  message: ({ subject, outFile, other }: { subject: string; outFile: string; other: string }) =>
    `${subject} would be written to ${outFile}, which clashes with ${other}.`,
  hint: () => "choose another path for it; the other file keeps its place.",
});

export const PathShadowedInOutput = entry("PathShadowedInOutput", {
  code: "RouteCollisionError",
  title: "A page's URL is the name of another file of the output",
  message: ({ subject, outFile, other }: { subject: string; outFile: string; other: string }) =>
    `${subject} would be answered with ${other}: hosts serve a file of the URL's own name before ${outFile}.`,
  hint: () => "choose another path for it; the other file keeps its place.",
});

export const BadAlias = entry("BadAlias", {
  code: "PagePathError",
  title: "An entry's alias is not a site path",
  message: ({ alias, file }: { alias: string; file: string }) => `The alias ${alias} of ${file} is not a site path.`,
  hint: () =>
    "an alias is an old URL from the site's root, such as /2019/old-title/ or /old-title.html (letters, digits, " +
    "- . _ ~ and /); one relative to a section (Hugo's) can be made whole in the route's aliases function.",
});

export const RedirectTaken = entry("RedirectTaken", {
  code: "RouteCollisionError",
  title: "An old URL is where the output holds another page or file",
  message: ({ subject, outFile, other }: { subject: string; outFile: string; other: string; where: string }) =>
    `${subject} would be written to ${outFile}, which clashes with ${other}.`,
  hint: ({ where }) =>
    `remove it from ${where}: an old URL leads to one place, and a page or file already there answers it.`,
});

export const StillUnregistered = entry("StillUnregistered", {
  code: "UnregisteredRouteError",
  title: "A page publishes a path still listed as unregistered",
  message: ({ file, path }: { file: string; path: string; listed: string }) =>
    `${file} publishes ${path}, which site.config.ts still lists as unregistered.`,
  hint: ({ listed }) => `remove "${listed}" from \`unregistered\` in site.config.ts: the page exists now.`,
});

export const TemplateFailed = entry("TemplateFailed", {
  code: "TemplateRenderError",
  title: "A template threw while rendering a page",
  message: ({ template, path, file, reason }: { template: string; path: string; file: string; reason: string }) =>
    `The "${template}" template failed while rendering ${path} (${file}): ${reason}`,
  hint: () => "run the build with --debug for the stack trace; the error is in templates/.",
});

export const TemplateLoadFailed = entry("TemplateLoadFailed", {
  code: "TemplateRenderError",
  title: "A module of templates/ threw while the templates were loaded",
  message: ({ file, reason }: { file: string; reason: string }) =>
    `${file} threw while the templates were loaded, before any page was rendered: ${reason}`,
  hint: () =>
    "fix the code at that place: what a module of templates/ runs outside its components runs once, when the " +
    "templates are loaded; run the build with --debug for the stack trace.",
});

export const ProcessExitCalled = entry("ProcessExitCalled", {
  code: "ProcessExitError",
  title: "A template, an MDX body or site.config.ts tried to end the process",
  message: ({ file, call, during }: { file: string; call: string; during: string }) =>
    `${file} called ${call} ${during}: a site's code cannot end the build.`,
  hint: () =>
    "remove the call at that place: a site's code runs inside the build, which ends on its own once the site " +
    "is written; to stop it with a message, throw an Error there instead.",
});

export const OutOfMemory = entry("OutOfMemory", {
  code: "OutOfMemoryError",
  title: "A page, an MDX body or a module of the site used up the memory the build may use",
  message: ({ file, page, template, limitMb }: { file?: string; page?: string; template?: string; limitMb: number }) =>
    `The build ran out of memory (its limit is ${limitMb.toLocaleString("en")} MB) ` +
    (template
      ? `while the "${template}" template rendered ${page} (${file}).`
      : file
        ? `while it ran ${file}${page ? `, rendering ${page}` : ""}.`
        : "outside the site's code."),
  hint: ({ file, template }) =>
    file
      ? `look ${template ? `in the "${template}" template` : "at that place"} for a loop that keeps making values ` +
        "(an array that grows, a string that doubles); give Node more memory only if the site is that large: " +
        "NODE_OPTIONS=--max-old-space-size=<MB>."
      : "give the build more memory (NODE_OPTIONS=--max-old-space-size=<MB>), or report it with the site's size.",
});

export const NoTemplatesFolder = entry("NoTemplatesFolder", {
  code: "TemplateCompileError",
  title: "The project has no templates folder",
  message: ({ folder }: { folder: string }) => `There is no ${folder}/ folder: the pages have no templates.`,
  hint: ({ folder }) =>
    `put ${folder}/ back if it was moved or renamed (dev picks it up again), or make it with an index.ts that ` +
    "exports `Document` and `templates`.",
});

export const NoTemplatesEntry = entry("NoTemplatesEntry", {
  code: "TemplateCompileError",
  title: "templates/ has no index.ts",
  message: ({ folder }: { folder: string }) => `There is no ${folder}/index.ts.`,
  hint: () => "create it and export `Document` (the HTML shell) and `templates` (the page templates by name).",
});

export const TemplatesWithoutExports = entry("TemplatesWithoutExports", {
  code: "TemplateCompileError",
  title: "templates/index.ts does not export Document and templates",
  message: ({ folder }: { folder: string }) => `${folder}/index.ts must export \`Document\` and \`templates\`.`,
  hint: () =>
    "export function Document(props) for the HTML shell, and export const templates = { name: Component, ... }.",
});

export const TemplateNotFound = entry("TemplateNotFound", {
  code: "TemplateNotFoundError",
  title: "A page names a template that does not exist",
  message: ({ file, template }: { file: string; template: string; known: string[] }) =>
    `${file} names the template "${template}", which does not exist.`,
  hint: ({ template, known }) =>
    `use one of: ${known.join(", ") || "(none yet)"}; or add "${template}" to \`templates\` in templates/index.ts.`,
});

export const CompileFailed = entry("CompileFailed", {
  code: "TemplateCompileError",
  title: "The definition, templates, islands, script or stylesheet do not compile",
  message: ({ what, reason }: { what: string; reason: string; hint: string }) => `Could not compile ${what}: ${reason}`,
  hint: ({ hint }) => hint,
});

/** What each of a site's compiled parts is called in CompileFailed's message, and what to do about it. */
export const SearchNotEnabled = entry("SearchNotEnabled", {
  code: "TemplateRenderError",
  title: "A page renders the search box on a site without search",
  message: ({ template, path, file }: { template: string; path: string; file: string }) =>
    `The "${template}" template renders <Search /> on ${path} (${file}), but site.config.ts does not turn search on.`,
  hint: () => "add `search: true` to site.config.ts (the build then indexes the pages), or take <Search /> out.",
});

export const compiledParts = {
  definition: {
    what: "the site definition",
    hint: "fix the TypeScript at that place; site.config.ts is compiled on every build.",
  },
  templates: {
    what: "the templates",
    hint: "fix the TypeScript/JSX at that place; templates are compiled on every build.",
  },
  assets: {
    what: "the client script or stylesheet",
    hint:
      "fix the script or CSS at that place; templates/islands/main.ts and templates/styles/site.css " +
      "are the entry points.",
  },
  islands: {
    what: "the islands",
    hint:
      "fix the island's code at that place; every script in templates/interactive/ is an island, bundled for " +
      "the browser with what it imports.",
  },
};
