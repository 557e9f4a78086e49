// renderMarkdown(): markdown a template holds in data, rendered as a build renders a body, with the settings given
// (the site's `markdown`, a collection's raw HTML flag) or the defaults. Synchronous: fenced code is left plain.
import { resolveMarkdown } from "../../config/checks/index.ts";
import type { Heading, MarkdownOptions } from "../../config/markdown-options.ts";
import { type HeirloomError, errorFrom, throwIfAny } from "../../errors/errors.ts";
import type { RenderedMarkdown } from "./markdown.ts";
import { MarkdownRenderers } from "./renderers.ts";
import { refsAsWritten } from "./refs.ts";

/** How one call renders, besides the markdown settings. */
export interface RenderMarkdownOptions {
  /** Raw HTML kept as written (a collection's `html: true`) or escaped; default: as the preset has it. */
  html?: boolean;
  /** The site's base path, which site paths ("/pricing") get, as in a body: `assets.href("/")`; default "/". */
  base?: string;
  /** Where the text comes from (an entry's `file`), and its line there, named by an error; default this call. */
  file?: string;
  line?: number;
}

/** The options of calls given none: the defaults, one renderer for all of them. */
const DEFAULTS: MarkdownOptions = {};
const CALL = "renderMarkdown()";
/**
 * The renderer of each settings object given: process-wide, as a template calls this with no build at hand; held
 * weakly by the object, so it goes with the settings.
 */
const renderers = new MarkdownRenderers();

/**
 * Renders a markdown string exactly as a build renders an entry's body, with `markdown` (the site's settings, such
 * as `definition.markdown`; default: none, the defaults), except that fenced code is never highlighted: a template
 * renders synchronously and Shiki loads its languages asynchronously. A link whose scheme runs code throws.
 * Give the same settings object to every call: its renderer is made once.
 */
export function renderMarkdown(
  source: string,
  markdown: MarkdownOptions = DEFAULTS,
  options: RenderMarkdownOptions = {},
): { html: string; headings: Heading[] } {
  const { file = CALL, line = 1, base = "/" } = options;
  const settings = () => {
    const errors: HeirloomError[] = [];
    const resolved = resolveMarkdown(markdown, (entry, args) =>
      errors.push(errorFrom(entry, { ...args, where: CALL }, { location: { file } })),
    );
    throwIfAny(errors);
    return { markdown: { ...resolved, highlight: false as const }, source: "", root: process.cwd() };
  };
  const html = options.html ?? markdown.preset === "commonmark";
  const rendered = renderers.of(markdown, html, settings).render(source, file, line, base) as RenderedMarkdown;
  // Outside a page's render no site's files are known: a link is published as written.
  return { html: refsAsWritten(rendered.html, base), headings: rendered.headings };
}
