// The catalogue's warnings about another generator's syntax in a markdown body (Hugo's shortcodes, Jekyll's Liquid,
// containers and alerts no plugin reads), printed as text, each told at its line with the Heirloom way to get it;
// and the MDX compile error such syntax causes in an .mdx file.
import { errorEntry as entry } from "../errors.ts";

/** An MDX component in place of the construct: the file renamed to .mdx, the component from templates/mdx.ts. */
const COMPONENT = "rename the file to .mdx and use a component exported by templates/mdx.ts in its place";

/** What to write instead of a Hugo shortcode, by its name. */
function shortcodeAdvice(name: string, open: string): string {
  const close = `{{${open} /${name} ${open === "<" ? ">" : "%"}}}`;
  if (name === "figure") return `write the image as markdown, ![alt](src "title"), or ${COMPONENT} (<Figure … />).`;
  if (name === "highlight") return `write the code as a fenced block, \`\`\`lang … \`\`\`, and remove ${close}.`;
  if (name === "ref" || name === "relref") {
    return "link to the file itself, such as [text](../other-post.md): relative links to content files are resolved.";
  }
  return (
    `${COMPONENT} (such as <${pascal(name)} … />, the shortcode's parameters as props; remove ${close} if it has ` +
    "one), or add a markdown-it plugin that reads it to markdown.plugins in site.config.ts."
  );
}

/** What to write instead of a Liquid tag, by its name. */
function liquidAdvice(name: string): string {
  if (name === "highlight") return "write the code as a fenced block, ```lang … ```, and remove {% endhighlight %}.";
  if (name === "raw") return "remove {% raw %} and {% endraw %}: what is between them is printed as written already.";
  if (name === "link" || name === "post_url") {
    return (
      "link to the file itself, such as [text](2024-01-05-other-post.md): relative links to content files are " +
      "resolved."
    );
  }
  if (name === "comment") return "remove it with {% endcomment %} and what is between them, or write <!-- … -->.";
  return `remove it, or ${COMPONENT} (an {% include %} becomes a component with the include's parameters as props).`;
}

const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

export const HugoShortcode = entry("HugoShortcode", {
  code: "ForeignSyntaxWarning",
  title: "A markdown body has a Hugo shortcode, printed as text",
  message: ({ name, open }: { name: string; open: "<" | "%" }) =>
    `{{${open} ${name} ${open === "<" ? ">" : "%"}}} is a Hugo shortcode, which is not run here: it is printed as ` +
    "text.",
  hint: ({ name, open }) => shortcodeAdvice(name, open),
});

export const LiquidTag = entry("LiquidTag", {
  code: "ForeignSyntaxWarning",
  title: "A markdown body has a Liquid tag, printed as text",
  message: ({ name }: { name: string }) =>
    `{% ${name} %} is a Liquid tag (Jekyll), which is not run here: it is printed as text.`,
  hint: ({ name }) => liquidAdvice(name),
});

export const LiquidOutput = entry("LiquidOutput", {
  code: "ForeignSyntaxWarning",
  title: "A markdown body has Liquid output, printed as text",
  message: ({ expression }: { expression: string }) =>
    `{{ ${expression} }} is Liquid output (Jekyll's variables and filters), which is not filled in here: it is ` +
    "printed as text.",
  hint: () =>
    "write the value itself (for {{ '/path' | relative_url }}, the site path /path: site paths get the base path), " +
    `or ${COMPONENT} (a front matter field is the entry's; a component can show the site's values).`,
});

/** The containers markdown.containers reads (content/markdown/alert-kinds.ts). */
const READ_CONTAINERS = /^(note|info|tip|important|warning|caution|danger)$/i;

export const UnknownContainer = entry("UnknownContainer", {
  code: "ForeignSyntaxWarning",
  title: "A markdown body has a container no plugin reads, printed as text",
  message: ({ name }: { name: string }) =>
    `":::${name}" opens a container (VitePress, Docusaurus, Pandoc), which no markdown plugin of the site reads: ` +
    "it is printed as text.",
  hint: ({ name }) =>
    READ_CONTAINERS.test(name)
      ? `write markdown: { containers: true } in site.config.ts to show it as a ${name.toLowerCase()} alert ` +
        "(note, info, tip, important, warning, caution and danger are read), " +
        `or ${COMPONENT} (such as <Note>…</Note>).`
      : "add a markdown-it plugin that reads it to markdown.plugins in site.config.ts (such as " +
        `markdown-it-container), or ${COMPONENT} (such as <Note>…</Note>).`,
});

export const GithubAlert = entry("GithubAlert", {
  code: "ForeignSyntaxWarning",
  title: "A markdown body has a GitHub alert that is not read, printed as a quote",
  message: ({ kind }: { kind: string }) =>
    `"> [!${kind}]" is a GitHub alert, which is not read here: it is printed as a quote starting with "[!${kind}]".`,
  hint: ({ kind }) =>
    /^(NOTE|TIP|IMPORTANT|WARNING|CAUTION)$/.test(kind)
      ? "remove alerts: false from markdown in site.config.ts (GitHub's alerts are read then, as GitHub reads them: " +
        `at the top level, the marker alone on the quote's first line), or ${COMPONENT} (such as <Note>…</Note>).`
      : "write one of GitHub's alerts, > [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] or [!CAUTION], alone on the " +
        `quote's first line, or ${COMPONENT} (such as <Note>…</Note>).`,
});

export const MdxForeignSyntax = entry("MdxForeignSyntax", {
  code: "MdxCompileError",
  title: "An MDX file has a Hugo shortcode or Liquid tag, which does not compile",
  message: ({ file, construct, reason }: { file: string; construct: string; reason: string; advice: string }) =>
    `Could not compile the MDX of ${file}: ${construct}, which MDX reads as a JavaScript expression: ${reason}`,
  hint: ({ advice }) => advice,
});
