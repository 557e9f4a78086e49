// GitHub's extensions of CommonMark on a markdown-it parser, each as the site turns it on: tables (alignment as
// GitHub writes it, align="right", never a style attribute), ~~strikethrough~~ as <del>, task lists as disabled
// checkboxes, bare addresses as links (those GitHub links), and footnotes (markdown-it-footnote).
import type { MarkdownIt, StateCore, Token } from "markdown-it";
import footnote from "markdown-it-footnote";
import type { GfmOptions } from "../../config/markdown-options.ts";

/** Turns on the extensions that are markdown-it's own rules: before the site's plugins, which may change them. */
export function enableGfmRules(md: MarkdownIt, gfm: Required<GfmOptions>): void {
  if (gfm.tables) md.enable("table");
  if (gfm.strikethrough) md.enable("strikethrough");
  if (gfm.autolinks) linkLikeGithub(md);
}

/** The rest, after the site's plugins: footnotes (unless a plugin of the site gave them), task lists, tags. */
export function applyGfm(md: MarkdownIt, gfm: Required<GfmOptions>): void {
  if (gfm.footnotes && md.core.ruler.__find__("footnote_tail") < 0) md.use(footnote);
  if (gfm.tasklists) md.core.ruler.push("heirloom_task_lists", taskLists);
  if (gfm.tables || gfm.strikethrough) md.core.ruler.push("heirloom_gfm_markup", githubMarkup);
}

/**
 * Bare addresses as links, as GitHub finds them: with http:// or https://, starting with www., or an e-mail
 * address. linkify-it, told to find www. addresses, would also link a name that ends like a domain ("README.md",
 * .md being Moldova's), and "//host" and ftp:// addresses.
 */
function linkLikeGithub(md: MarkdownIt): void {
  md.set({ linkify: true });
  md.enable("linkify");
  const linkify = md.linkify.set({ fuzzyLink: true }).add("ftp:", null).add("//", null);
  const [test, match] = [linkify.test.bind(linkify), linkify.match.bind(linkify)];
  // Each paragraph is tested: text without "://", "www." or "@" holds none of those, and linkify-it's own test
  // (its domain and e-mail patterns) cost more than all the rest of GitHub's extensions together.
  linkify.test = (text: string) => MAYBE_LINK.test(text) && test(text);
  linkify.match = (text: string) =>
    match(text)?.filter((link) => link.schema !== "" || /^www\./i.test(link.text)) ?? null;
}

const MAYBE_LINK = /:\/\/|www\.|@/i;

/** A table column's alignment and strikethrough as GitHub writes them: align="right", <del>. */
function githubMarkup(state: StateCore): void {
  // Most bodies have neither: their tokens are not looked through.
  if (!state.src.includes("|") && !state.src.includes("~~")) return;
  for (const token of state.tokens) {
    if (token.type === "th_open" || token.type === "td_open") alignWithAttribute(token);
    for (const child of token.children ?? [])
      if (child.type === "s_open" || child.type === "s_close") child.tag = "del";
  }
}

/**
 * markdown-it's style="text-align:right" as align="right": Content-Security-Policy's style-src 'self' refuses a
 * style attribute, not the align attribute (both seen in Chromium), which needs no rule in the site's CSS.
 */
function alignWithAttribute(cell: Token): void {
  const align = /^text-align:(left|center|right)$/.exec(String(cell.attrGet("style") ?? ""))?.[1];
  if (!align) return;
  cell.attrs = [...(cell.attrs ?? []).filter(([name]) => name !== "style"), ["align", align]];
}

const TASK = /^\[([ xX])\][ \t]+/;
/** A line that may start a task list item (in a quote, or nested): most bodies have none. */
const MAYBE_TASK = /^[ \t>]*(?:[-+*]|\d+[.)])[ \t]+\[[ xX]\]/m;

/**
 * A list item whose text starts with "[ ] " or "[x] " as GitHub shows it: a disabled checkbox, here in a label with
 * the item's text (which names it for screen readers); the item gets class task-list-item, its list
 * contains-task-list.
 */
function taskLists(state: StateCore): void {
  if (!MAYBE_TASK.test(state.src)) return;
  const { tokens } = state;
  const lists: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === "bullet_list_open" || token.type === "ordered_list_open") lists.push(token);
    else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") lists.pop();
    const inline = tokens[i + 2];
    if (token.type !== "list_item_open" || tokens[i + 1]?.type !== "paragraph_open" || inline?.type !== "inline") {
      continue;
    }
    const first = inline.children?.[0];
    const marker = first?.type === "text" ? TASK.exec(first.content) : null;
    if (!first || !marker) continue;
    first.content = first.content.slice(marker[0].length);
    const checked = marker[1] === " " ? "" : " checked";
    const open = Object.assign(new state.Token("html_inline", "", 0), {
      content: `<label><input class="task-list-item-checkbox" type="checkbox" disabled${checked}> `,
    });
    const close = Object.assign(new state.Token("html_inline", "", 0), { content: "</label>" });
    inline.children = [open, ...inline.children!, close];
    token.attrJoin("class", "task-list-item");
    if (lists.length && !lists.at(-1)!.attrGet("class")?.toString().includes("contains-task-list")) {
      lists.at(-1)!.attrJoin("class", "contains-task-list");
    }
  }
}
