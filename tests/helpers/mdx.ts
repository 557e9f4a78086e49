// MDX bodies compiled and rendered outside a build, with markdown's settings: what a unit test compares with the
// markdown of the same text.
import { resolveMarkdown } from "../../packages/heirloom/src/config/checks/check-markdown.ts";
import type { Heading, MarkdownOptions } from "../../packages/heirloom/src/config/markdown-options.ts";
import { compileMdxBody } from "../../packages/heirloom/src/content/mdx/mdx-compile.ts";
import type { CompiledMdx } from "../../packages/heirloom/src/content/mdx/mdx-types.ts";
import { setMdxBody } from "../../packages/heirloom/src/content/mdx/mdx.ts";
import { refsAsWritten } from "../../packages/heirloom/src/content/markdown/refs.ts";
import type { SourceEntry } from "../../packages/heirloom/src/content/types.ts";
import { HeirloomError } from "../../packages/heirloom/src/errors/errors.ts";

/** What compileMdxBody reads of a collection's renderer, for `options` (the site's `markdown`). */
export function mdxRendererOf(options: MarkdownOptions = {}, key = "test") {
  const markdown = resolveMarkdown(options, (_entry, args) => {
    throw new Error(`bad markdown options: ${JSON.stringify(args)}`);
  });
  return { key: `${key}:${JSON.stringify(options)}`, anchors: markdown.anchors, markdown };
}

/** The body compiled as `file` (its body starting at line `bodyLine`), or the error it gives. */
export function compileMdx(body: string, options: MarkdownOptions = {}, file = "content/posts/a.mdx", bodyLine = 1) {
  const source = { file, body, bodyLine } as unknown as SourceEntry;
  return compileMdxBody(source, "/", mdxRendererOf(options));
}

/**
 * The body's HTML and headings as a page renders them with `components` (templates/mdx.ts's exports); links to the
 * site's files as written. Throws the compile's error.
 */
export function renderMdx(
  body: string,
  options: MarkdownOptions = {},
  components: Record<string, unknown> = {},
): { html: string; headings: Heading[]; compiled: CompiledMdx } {
  const compiled = compileMdx(body, options);
  if (compiled instanceof HeirloomError) throw compiled;
  const value: Record<string, unknown> = {};
  setMdxBody(value, compiled, { current: components }, { file: "content/posts/a.mdx", bodyLine: 1 });
  const html = refsAsWritten(String(value.html), "/");
  return { html, headings: value.headings as Heading[], compiled };
}
