// The typographer, kept to what is safe in prose: curly quotes (markdown-it's smartquotes), … for three dots, — for
// ---, – for -- between spaces or digits. Never in code, a URL (linked or not), link text that is a URL, an HTML
// tag (escaped or not), or text inside raw HTML's <code>, <kbd>, <pre>, <samp>, <tt> or <var>; markdown-it's other
// replacements are left out.
import type { MarkdownIt, StateCore, Token } from "markdown-it";

/** Turns the typographer on: markdown-it's smartquotes, and these replacements instead of its own. */
export function applyTypographer(md: MarkdownIt): void {
  md.set({ typographer: true });
  md.enable("smartquotes");
  md.disable("replacements", true);
  md.core.ruler.before("smartquotes", "heirloom_typography", replaceInProse);
  md.core.ruler.after("smartquotes", "heirloom_typography_end", endVerbatim);
}

/** Text the typographer must leave alone: typed apart while smartquotes runs, then typed as text again. */
export const VERBATIM = "heirloom_verbatim";
/** A URL, or an HTML tag written in text. */
export const VERBATIM_TEXT = /(?:\b[a-z][a-z\d+.-]*:\/\/|\bwww\.|\bmailto:)[^\s<>]*|<\/?[a-z][^<>]*>/gi;
const TYPOGRAPHY = /["']|\.\.\.|--/;
const CODE_OPEN = /^<(code|kbd|pre|samp|tt|var)(?=[\s>/])/i;
const CODE_CLOSE = /^<\/(code|kbd|pre|samp|tt|var)\s*>/i;

/**
 * What the typographer changes in prose, and nothing else. `before` and `after` stand for what is around the text
 * in its line: " " for the line's start or end, "x" for markup or an escaped character (`\--` stays as written).
 */
function typeset(text: string, before = " ", after = " "): string {
  if (!text.includes("..") && !text.includes("--")) return text;
  return `${before}${text}${after}`
    .replace(/(?<!\.)\.\.\.(?!\.)/g, "…")
    .replace(/([^-])---(?=[^-])/g, "$1—")
    .replace(/(\s)--(?=\s)/g, "$1–")
    .replace(/(\d)--(?=\d)/g, "$1–")
    .slice(1, -1);
}

function replaceInProse(state: StateCore): void {
  for (const block of state.tokens) {
    // Text without a quote, three dots or two dashes has nothing for the typographer: left as it is.
    if (block.type !== "inline" || !block.children || !TYPOGRAPHY.test(block.content)) continue;
    const children: Token[] = [];
    let verbatim = 0;
    for (const [index, token] of block.children.entries()) {
      if (token.info === "auto" && token.type === "link_open") verbatim++;
      else if (token.info === "auto" && token.type === "link_close") verbatim--;
      else if (token.type === "html_inline" && CODE_OPEN.test(token.content)) verbatim++;
      else if (token.type === "html_inline" && CODE_CLOSE.test(token.content)) verbatim = Math.max(0, verbatim - 1);
      if (token.type !== "text") children.push(token);
      else if (verbatim > 0) children.push(Object.assign(token, { type: VERBATIM }));
      else children.push(...splitAtUrls(token, state, around(block.children, index)));
    }
    block.children = children;
  }
}

/** What is before and after a text token in its line: " " for the line's start or end, "x" for anything else. */
function around(tokens: Token[], index: number): [string, string] {
  const edge = (token: Token | undefined) => !token || token.type === "softbreak" || token.type === "hardbreak";
  return [edge(tokens[index - 1]) ? " " : "x", edge(tokens[index + 1]) ? " " : "x"];
}

/** A text token as pieces: prose typeset, each URL and HTML tag in it kept verbatim. */
function splitAtUrls(token: Token, state: StateCore, [before, after]: [string, string]): Token[] {
  const text = token.content;
  if (!/[:.<]/.test(text) || !text.match(VERBATIM_TEXT)) {
    return [Object.assign(token, { content: typeset(text, before, after) })];
  }
  const pieces: Token[] = [];
  const piece = (type: string, content: string) => {
    if (content) pieces.push(Object.assign(new state.Token(type, "", 0), { content, level: token.level }));
  };
  let last = 0;
  for (const match of text.matchAll(VERBATIM_TEXT)) {
    piece("text", typeset(text.slice(last, match.index), last === 0 ? before : "x", "x"));
    piece(VERBATIM, match[0]);
    last = match.index + match[0].length;
  }
  piece("text", typeset(text.slice(last), "x", after));
  return pieces;
}

function endVerbatim(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children || !TYPOGRAPHY.test(block.content)) continue;
    for (const token of block.children) if (token.type === VERBATIM) token.type = "text";
  }
}
