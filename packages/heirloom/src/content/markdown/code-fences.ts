// A fenced block's meta in markdown: its title (title="…", filename="…") shown as the caption of a figure around
// the block, and the meta no reader here knows told at its line (what the rest asks, the highlighter does).
import type { MarkdownIt, Token } from "markdown-it";
import { UnknownFenceMeta } from "../../errors/catalogue.ts";
import { SUPPORTED_META, metaOf, parseFenceMeta } from "../highlight/index.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A block's markup in a figure captioned by its title; as it is without one. */
export function titledCode(html: string, title: string | undefined): string {
  if (!title) return html;
  return `<figure class="code-figure"><figcaption>${escapeHtml(title)}</figcaption>${html.trimEnd()}</figure>\n`;
}

/**
 * markdown-it's fence rule, a block with a title put in a figure captioned by it; `highlight` (when code is
 * highlighted) is given each block's code, language and meta.
 */
export function codeFences(md: MarkdownIt, highlight: false | ((code: string, lang: string, meta: string) => string)) {
  if (highlight) md.set({ highlight });
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens: Token[], index: number, options, env, self) => {
    const html = fence(tokens, index, options, env, self);
    const meta = metaOf(tokens[index].info);
    return meta ? titledCode(html, parseFenceMeta(meta).title) : html;
  };
}

/** What is told of a block's meta that is none of those read: the parts, and what may be written. */
export function unknownMetaNote(unknown: string[]): string {
  const args = { meta: unknown.join(" "), supported: SUPPORTED_META };
  return `${UnknownFenceMeta.message(args)} Hint: ${UnknownFenceMeta.hint?.(args)}`;
}

/** The fences of a parsed body whose meta holds what is not read, each as [its 1-based line in the body, note]. */
export function fenceMetaNotes(tokens: Token[]): Array<[number, string]> {
  const notes: Array<[number, string]> = [];
  for (const token of tokens) {
    if (token.type !== "fence") continue;
    const meta = metaOf(token.info);
    const unknown = meta ? parseFenceMeta(meta).unknown : [];
    if (unknown.length > 0) notes.push([(token.map?.[0] ?? 0) + 1, unknownMetaNote(unknown)]);
  }
  return notes;
}
