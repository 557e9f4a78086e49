// Headings of a markdown body: each gets the id GitHub would give it (unique in the body), the list of them is
// kept for a table of contents, and each may get a link to itself after it, named for screen readers.
import type { MarkdownIt, StateCore, Token } from "markdown-it";
import type { Heading } from "../../config/markdown-options.ts";

/**
 * What GitHub strips from a heading's text for its id: punctuation but the hyphen and underscore, symbols,
 * controls, other numbers (²) and separators but the space, unless alphabetic (github-slugger's set).
 */
const STRIPPED = /(?![\p{Alphabetic} -])[\p{No}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{S}\p{C}\p{Z}]/gu;

/** A heading's id as GitHub makes it: lowercase, punctuation removed, each space a hyphen. */
export function slugOf(text: string): string {
  // Printable ASCII, the usual heading, keeps letters, digits, "_", "-" and spaces: the same, without the
  // Unicode classes.
  if (/^[\x20-\x7e]*$/.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9_ -]/g, "")
      .replaceAll(" ", "-");
  return text.toLowerCase().replace(STRIPPED, "").replaceAll(" ", "-");
}

/** The id for `slug` not yet used in the body: the second "a" is "a-1", the third "a-2" (github-slugger). */
export function uniqueId(slug: string, used: Map<string, number>): string {
  const base = slug || "section";
  let id = base;
  while (used.has(id)) {
    const n = used.get(base)! + 1;
    used.set(base, n);
    id = `${base}-${n}`;
  }
  used.set(id, 0);
  return id;
}

/** A heading's text without markup: its text, code and images' alt text. */
function plainText(inline: Token | undefined): string {
  let text = "";
  for (const child of inline?.children ?? []) {
    if (child.type === "text" || child.type === "code_inline" || child.type === "image") text += child.content;
    else if (child.type === "softbreak" || child.type === "hardbreak") text += " ";
  }
  return text.trim();
}

/** The headings listed in `env.headings`, without ids (a plugin's kept): the commonmark preset's. */
function listHeadings(state: StateCore): void {
  const { tokens } = state;
  const headings = tokens.flatMap((open, i) =>
    open.type === "heading_open"
      ? [{ depth: Number(open.tag.slice(1)), text: plainText(tokens[i + 1]), id: String(open.attrGet("id") ?? "") }]
      : [],
  );
  (state.env as { headings?: Heading[] }).headings = headings;
}

/** Ids on every heading (an id a plugin set is kept), and the headings listed in `env.headings`. */
function assignIds(state: StateCore): void {
  const used = new Map<string, number>();
  const headings: Heading[] = [];
  const { tokens } = state;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i];
    if (open.type !== "heading_open") continue;
    const text = plainText(tokens[i + 1]);
    const given = open.attrGet("id");
    const id = given === null ? uniqueId(slugOf(text), used) : String(given);
    if (given === null) open.attrSet("id", id);
    else used.set(id, used.get(id) ?? 0);
    headings.push({ depth: Number(open.tag.slice(1)), text, id });
    let close = i + 1;
    while (close < tokens.length && !(tokens[close].type === "heading_close" && tokens[close].level === open.level))
      close++;
    if (close === tokens.length) continue;
    // Both ends know the anchor: the wrapper opens only around a heading it also closes.
    open.meta = { ...open.meta, anchor: { id, text } };
    tokens[close].meta = { ...tokens[close].meta, anchor: { id, text } };
  }
  (state.env as { headings?: Heading[] }).headings = headings;
}

/** HTML without the links after its headings (for a feed, whose readers show them as a bare "#"). */
export function withoutHeadingAnchors(html: string): string {
  return html.includes('class="heading-anchor"')
    ? html.replace(
        /<a class="heading-anchor" href="[^"]*" aria-label="[^"]*"><span aria-hidden="true">#<\/span><\/a>/g,
        "",
      )
    : html;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Gives every heading its id (unless `ids` is false: then they are only listed); with `label`, each heading is
 * followed by a link to it in a wrapper
 * (`<div class="heading-wrapper"><h2 id="x">…</h2><a class="heading-anchor" href="#x" aria-label="…">`): the
 * heading's own name stays its text, and the link has a name of its own, its "#" hidden from screen readers.
 */
export function headingsPlugin(md: MarkdownIt, label: ((heading: string) => string) | false, ids = true): void {
  md.core.ruler.push("heirloom_headings", ids ? assignIds : listHeadings);
  if (!label || !ids) return;
  md.renderer.rules.heading_open = (tokens, idx, options, _env, self) =>
    (tokens[idx].meta?.anchor ? '<div class="heading-wrapper">' : "") + self.renderToken(tokens, idx, options);
  md.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
    const close = tokens[idx];
    const anchor = close.meta?.anchor as { id: string; text: string } | undefined;
    if (!anchor) return self.renderToken(tokens, idx, options);
    const [href, name] = [escapeAttribute(anchor.id), escapeAttribute(label(anchor.text))];
    return (
      `</${close.tag}><a class="heading-anchor" href="#${href}" aria-label="${name}">` +
      `<span aria-hidden="true">#</span></a></div>\n`
    );
  };
}
