// The catalogue's messages about rendering markdown: the site's markdown-it plugins and the code themes; MDX bodies
// as they compile and as pages render them.
import { errorEntry as entry } from "../errors.ts";

export const MarkdownPluginFailed = entry("MarkdownPluginFailed", {
  code: "ConfigError",
  title: "A markdown plugin threw while it was set up",
  message: ({ index, reason }: { index: number; reason: string }) =>
    `markdown.plugins[${index}] in site.config.ts threw while it was set up: ${reason}`,
  hint: () =>
    "check the plugin's options against its documentation (a plugin is listed as plugin or [plugin, options]); " +
    "run the build with --debug for the stack trace.",
});

export const MarkdownRenderFailed = entry("MarkdownRenderFailed", {
  code: "MarkdownRenderError",
  title: "A markdown plugin threw while rendering a file",
  message: ({ file, reason }: { file: string; reason: string }) =>
    `Could not render the markdown of ${file}: a plugin threw: ${reason}`,
  hint: () =>
    "look in the file for the markup the plugin reads (such as a container or footnote written differently " +
    "than it expects); run the build with --debug for the stack trace.",
});

export const UnknownCodeTheme = entry("UnknownCodeTheme", {
  code: "ConfigError",
  title: "A code theme is not one of Shiki's themes",
  message: ({ theme }: { theme: string }) =>
    `The code theme "${theme}" in site.config.ts is not one of Shiki's themes.`,
  hint: () =>
    'name a theme listed at https://shiki.style/themes, such as "github-light" and "github-dark", ' +
    "or give a theme object (VS Code's theme JSON).",
});

export const MdxCompileFailed = entry("MdxCompileFailed", {
  code: "MdxCompileError",
  title: "An MDX file does not compile",
  message: ({ file, reason }: { file: string; reason: string }) => `Could not compile the MDX of ${file}: ${reason}`,
  hint: () =>
    "correct the MDX there: close every tag (<Note>…</Note> or <Note />), write a { or < meant as text as " +
    "{'{'} or &lt;, and keep expressions inside { }.",
});

export const MdxModuleSyntax = entry("MdxModuleSyntax", {
  code: "MdxCompileError",
  title: "An MDX file imports or exports",
  message: ({ file }: { file: string }) => `${file} has an import or export statement, which an MDX body here cannot.`,
  hint: () =>
    "remove it: every component templates/mdx.ts exports can be used in any .mdx file without an import, " +
    "and the front matter holds the entry's data; an import that names components (import { Tabs } from …) " +
    "is kept when templates/mdx.ts exports each of them.",
});

export const MdxAwait = entry("MdxAwait", {
  code: "MdxCompileError",
  title: "An MDX file awaits",
  message: ({ file }: { file: string }) =>
    `${file} uses await in an expression, which an MDX body cannot: a page is rendered at once, without waiting.`,
  hint: () =>
    "remove the await: put the value in the front matter, or have a component of templates/mdx.ts show it; " +
    "the error is in the MDX file.",
});

export const MdxComponentMissing = entry("MdxComponentMissing", {
  code: "MdxComponentNotFoundError",
  title: "An MDX file uses a component that templates/mdx.ts does not export",
  message: ({ file, name, module }: { file: string; name: string; known: string[]; module: string }) =>
    `${file} uses <${name}>, which ${module} does not export.`,
  hint: ({ name, known, module }) =>
    `export ${name} from ${module}${known.length ? `, or use one of: ${known.join(", ")}.` : "."}`,
});

export const MdxComponentMemberMissing = entry("MdxComponentMemberMissing", {
  code: "MdxComponentNotFoundError",
  title: "An MDX file uses a member of a component that the component does not have",
  message: ({ file, name, owner, member, module }: MemberArgs) =>
    `${file} uses <${name}>, but ${owner}, which ${module} exports, has no member ${member}.`,
  hint: ({ owner, member, known, module }) =>
    known.length
      ? `use one of: ${known.map((name) => `${owner}.${name}`).join(", ")}; or give ${owner} the member ` +
        `${member} in ${module}.`
      : `give ${owner} the member in ${module} (${owner}.${member} = function ${member}(props) { ... }), or use ` +
        "another component.",
});

export const MdxImportMissing = entry("MdxImportMissing", {
  code: "MdxComponentNotFoundError",
  title: "An MDX file imports a name that templates/mdx.ts does not export",
  message: ({ file, name, source, module }: { file: string; name: string; source: string; module: string }) =>
    `${file} imports ${name} from "${source}", which an MDX body here cannot load; ${module} has no ${name}.`,
  hint: ({ name, module }) =>
    `export a component named ${name} from ${module}, which then stands for the imported one in every .mdx ` +
    "file (the module an import names is never loaded), or remove the import.",
});

interface MemberArgs {
  file: string;
  /** As the file writes it: Aside.Note. */
  name: string;
  /** The part that exists: Aside. */
  owner: string;
  member: string;
  /** The members of `owner` that are components. */
  known: string[];
  module: string;
}

export const MdxExpressionFailed = entry("MdxExpressionFailed", {
  code: "MdxRenderError",
  title: "An expression of an MDX file threw while its page was rendered",
  message: ({ file, reason }: { file: string; reason: string; kind: "recursion" | "other" }) =>
    `An expression of ${file} threw while its page was rendered: ${reason}`,
  hint: ({ kind }) =>
    kind === "recursion"
      ? "a function in the expression at that place calls itself without end: give it a case that returns " +
        "without calling itself again; the error is in the MDX file."
      : "correct the expression at that place: it runs when the page is rendered, and the error is in the MDX " +
        "file, not in templates/.",
});

export const MdxChildInvalid = entry("MdxChildInvalid", {
  code: "MdxRenderError",
  title: "An expression of an MDX file gives what a page cannot show",
  message: ({ file, what }: { file: string; what: string; kind: "promise" | "object" }) =>
    `An expression of ${file} gives ${what}, which a page cannot show.`,
  hint: ({ kind }) =>
    kind === "promise"
      ? "a page is rendered at once and cannot wait for a promise: put the value in the front matter, or have " +
        "a component of templates/mdx.ts show it; the error is in the MDX file."
      : "show text made from it, such as one of its fields ({value.name}) or {JSON.stringify(value)}: a page " +
        "shows text, numbers, elements and lists of them; the error is in the MDX file.",
});

export const MdxPastBudget = entry("MdxPastBudget", {
  code: "MdxRenderError",
  title: "An MDX file's body ran past its time while its page was rendered",
  message: ({ file, seconds }: { file: string; seconds: string; inExpression: boolean }) =>
    `The body of ${file} was still running after ${seconds} while its page was rendered, so it was stopped.`,
  hint: ({ inExpression }) =>
    (inExpression
      ? "the expression at that place does not end (a loop whose condition stays true, a wait that never comes): "
      : "its code does not end (a loop whose condition stays true): ") +
    "correct it in the MDX file; if it only needs longer, timeout in site.config.ts gives each run of the site's " +
    "code more milliseconds.",
});

export const MdxOutsideMdxCollection = entry("MdxOutsideMdxCollection", {
  code: "UnexpectedFileError",
  title: "An .mdx file is in a collection whose bodies are not MDX",
  message: ({ file, collection }: { file: string; collection: string }) =>
    `${file} is an MDX file, but the bodies of "${collection}" are not MDX.`,
  hint: ({ collection }) =>
    `declare body: "mdx" for "${collection}" in site.config.ts (its .md files stay markdown), or rename the ` +
    "file to .md if it holds plain markdown.",
});

export const UnknownFenceMeta = entry("UnknownFenceMeta", {
  code: "ForeignSyntaxWarning",
  title: "A code block's meta asks for what is not read, and is left out",
  message: ({ meta }: { meta: string; supported: string }) =>
    `The code block's meta ${meta} is not read here (another engine's or a plugin's option): the block is ` +
    "shown without it.",
  hint: ({ supported }) =>
    `write what is read (${supported}), or take it out of the fence; for tabs or packages, such as switcher or ` +
    'package="npm", write the versions as a component of templates/mdx.ts.',
});
