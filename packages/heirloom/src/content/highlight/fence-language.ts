// The language a fenced code block names, read from its info string as markdown-it and MDX give it: what decides
// whether a block is highlighted (and Shiki loaded), kept apart from Shiki itself so that reading it loads nothing.

/** Fences that name no language to highlight: rendered as markdown-it renders them, without loading Shiki. */
const PLAIN = new Set(["", "text", "txt", "plain", "plaintext"]);

/**
 * The language a fence names (its info string's first word), lower-cased and up to a comma: ```rust,ignore and
 * ```rust,no_run are Rust, as rustdoc, mdBook and Zola read them (what follows the comma is for their tools).
 */
export function fenceLanguage(word: string): string {
  return word.toLowerCase().split(",")[0];
}

/** A fence's language as Shiki names it, or "" for a plain block. */
export function languageOf(info: string): string {
  const lang = fenceLanguage(info.trim().split(/\s+/)[0]);
  return PLAIN.has(lang) ? "" : lang;
}
