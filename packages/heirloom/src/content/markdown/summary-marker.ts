// The summary's marker in a markdown body: `<!--more-->` (Hugo's; `<!-- more -->` too) or the collection's or the
// entry's separator (Jekyll's `excerpt_separator`), on a line of its own or within a paragraph. It never reaches a
// page, whether raw HTML is kept or escaped: the body's HTML is cut where it was, and the place kept as `more`.
import type { MarkdownIt, StateBlock, StateCore, Token } from "markdown-it";

/** A marker until the HTML is cut there: no body holds one (markdown-it reads NUL in its source as U+FFFD). */
const MORE = "\u0000";
const HUGO = /<!--\s*more\s*-->/;
const HUGO_LINE = /^<!--\s*more\s*-->$/;

/** What a body is parsed with: its entry's own separator (front matter's `excerpt_separator`), if it has one. */
export interface MarkerEnv {
  separator?: string;
}

/** An entry's own marker: its front matter's `excerpt_separator` (Jekyll's), when it is text. */
export function entrySeparator(data: Record<string, unknown>): string | undefined {
  const own = data.excerpt_separator;
  return typeof own === "string" && own.trim() !== "" ? own : undefined;
}

/** Makes `md` find the markers of a body: the entry's separator or else `separator`, and `<!--more-->`. */
export function summaryMarkers(md: MarkdownIt, separator?: string): void {
  const own = (env: MarkerEnv) => env.separator?.trim() || separator;
  const isLine = (line: string, env: MarkerEnv) => HUGO_LINE.test(line) || line === own(env);
  const markerLine = (state: StateBlock, start: number, _end: number, silent: boolean) => {
    if (state.sCount[start] - state.blkIndent >= 4) return false;
    const line = state.src.slice(state.bMarks[start] + state.tShift[start], state.eMarks[start]).trim();
    if (!isLine(line, state.env as MarkerEnv)) return false;
    if (silent) return true;
    state.push("heirloom_more", "", 0).map = [start, start + 1];
    state.line = start + 1;
    return true;
  };
  // Before raw HTML (which would keep it as a comment), and able to end a paragraph, a list or a quote.
  md.block.ruler.before("html_block", "heirloom_more", markerLine, {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  // Within a paragraph: before the typographer, which would make its dashes en dashes.
  md.core.ruler.after("inline", "heirloom_more_inline", (state: StateCore) => {
    const separatorOf = own(state.env as MarkerEnv);
    for (const block of state.tokens) {
      if (block.type === "inline" && block.children) block.children = inlineMarkers(state, block.children, separatorOf);
    }
  });
  md.renderer.rules.heirloom_more = () => MORE;
}

/** A paragraph's tokens with each marker in its text (or its raw HTML) made a marker token. */
function inlineMarkers(state: StateCore, children: Token[], separator: string | undefined): Token[] {
  const find = (text: string): [number, number] | undefined => {
    const hugo = HUGO.exec(text);
    const own = separator ? text.indexOf(separator) : -1;
    if (hugo && (own < 0 || hugo.index <= own)) return [hugo.index, hugo.index + hugo[0].length];
    return own >= 0 ? [own, own + separator!.length] : undefined;
  };
  const isMarker = (token: Token) =>
    token.type === "html_inline" ? HUGO_LINE.test(token.content.trim()) || token.content === separator : false;
  const found = (token: Token) => isMarker(token) || (token.type === "text" && find(token.content) !== undefined);
  if (!children.some(found)) return children;
  const out: Token[] = [];
  const marker = () => new state.Token("heirloom_more", "", 0);
  // "one <!--more--> two" is "one two": the space after a marker that follows one is left out.
  const spaced = () => {
    const before = out.at(-2);
    return before?.type === "text" && /\s$/.test(before.content);
  };
  let trim = false;
  for (const token of children) {
    if (isMarker(token)) {
      out.push(marker());
      trim = spaced();
      continue;
    }
    if (token.type !== "text") {
      out.push(token);
      trim = false;
      continue;
    }
    let rest = trim ? token.content.trimStart() : token.content;
    for (let at = find(rest); at; at = find(rest)) {
      if (at[0] > 0) out.push(textToken(state, rest.slice(0, at[0])));
      out.push(marker());
      rest = spaced() ? rest.slice(at[1]).trimStart() : rest.slice(at[1]);
    }
    if (rest) out.push(textToken(state, rest));
    trim = false;
  }
  return out;
}

function textToken(state: StateCore, content: string): Token {
  const token = new state.Token("text", "", 0);
  token.content = content;
  return token;
}

/**
 * Rendered HTML without its markers, trimmed unless `keep` (CommonMark's output is kept as written), and where the
 * first one was: the end of the summary.
 */
export function cutAtMarker(output: string, keep: boolean): { html: string; more?: number } {
  const at = output.indexOf(MORE);
  if (at < 0) return { html: keep ? output : output.trim() };
  const joined = output.split(MORE).join("");
  if (keep) return { html: joined, more: at };
  const html = joined.trim();
  const lead = joined.length - joined.trimStart().length;
  return { html, more: Math.min(Math.max(at - lead, 0), html.length) };
}
