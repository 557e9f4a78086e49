// The code stylesheet's rules for what a fence's meta and notes ask (highlight-marked.ts): marked, focused, added
// and removed lines on a tint of their theme's background, a bar and a sign beside them, line numbers as CSS
// counters (never in the text a reader copies), a block's title. No colour is dimmed: every token keeps its contrast.
import { withContrast } from "./contrast.ts";

/** A theme's default colour and background, as the stylesheet has them. */
export interface MarkTheme {
  fg: string;
  bg: string;
}

/** How far a marked line's background goes from the theme's background toward its text colour. */
const TINT = 0.12;
/** The bars of added and removed lines, before they are given contrast with the line's tint (GitHub's colours). */
const BARS = { light: { add: "#1a7f37", remove: "#cf222e" }, dark: { add: "#3fb950", remove: "#f85149" } };
/** A bar is not text: WCAG's 3:1 for what is needed to understand the page. */
const BAR_CONTRAST = 3;

const rgb = (hex: string) => {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex.slice(0, 7);
  return [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
};

/** A marked line's background: `bg` tinted toward `fg`; `bg` as it is when either is not a hex colour. */
export function markOf({ fg, bg }: MarkTheme): string {
  if (!/^#([\da-f]{3}|[\da-f]{6}|[\da-f]{8})$/i.test(fg) || !/^#([\da-f]{3}|[\da-f]{6}|[\da-f]{8})$/i.test(bg))
    return bg;
  const [a, b] = [rgb(bg), rgb(fg)];
  return `#${a
    .map((c, i) =>
      Math.round(c + (b[i] - c) * TINT)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The variables of both schemes, on .shiki: each scheme's tint and bars. */
export function markVariables(light: MarkTheme, dark: MarkTheme): string {
  const vars = (scheme: "light" | "dark", theme: MarkTheme) => {
    const mark = markOf(theme);
    const bar = (color: string) => withContrast(color, mark, BAR_CONTRAST);
    const { add, remove } = BARS[scheme];
    return `--mark-${scheme}:${mark};--add-${scheme}:${bar(add)};--remove-${scheme}:${bar(remove)}`;
  };
  return `.shiki{${vars("light", light)};${vars("dark", dark)}}`;
}

/** The scheme's variables picked (light by default, dark in its media query). */
export const markPick = (scheme: string) =>
  `.shiki{--code-mark:var(--mark-${scheme});--code-add:var(--add-${scheme});--code-remove:var(--remove-${scheme})}`;

/** The rules that do not depend on the scheme. */
export const MARK_RULES = [
  ".shiki .line.highlighted,.shiki .line.focused,.shiki .line.diff{display:inline-block;width:100%;" +
    "background-color:var(--code-mark);box-shadow:inset .25em 0 currentColor}",
  ".shiki .line.diff.add{box-shadow:inset .25em 0 var(--code-add)}",
  ".shiki .line.diff.remove{box-shadow:inset .25em 0 var(--code-remove)}",
  ".shiki .line.focused{box-shadow:inset .25em 0 currentColor,inset 0 -1px currentColor}",
  // Signs a screen reader reads too, so that a change is not told by colour alone; a diff's lines have their own.
  '.shiki.has-diff .line::before{content:" ";display:inline-block;width:2ch}',
  '.shiki.has-diff .line.add::before{content:"+"}',
  '.shiki.has-diff .line.remove::before{content:"-"}',
  // Numbers made by CSS are neither selected nor copied, and `/ ""` keeps them from screen readers.
  ".shiki.line-numbers code{counter-reset:line}",
  '.shiki.line-numbers .line::before{counter-increment:line;content:counter(line) / "";display:inline-block;' +
    "min-width:3ch;margin-right:1.5ch;text-align:right}",
  '.shiki.line-numbers.has-diff .line::before{content:counter(line) "  " / "";min-width:5ch}',
  '.shiki.line-numbers.has-diff .line.add::before{content:counter(line) " +" / "+"}',
  '.shiki.line-numbers.has-diff .line.remove::before{content:counter(line) " -" / "-"}',
  ".code-figure{margin:0 0 1rem}.code-figure>figcaption{font-weight:bold;padding:.25rem 0}",
  ".code-figure>pre,.code-figure>.code-block>pre{margin-top:0}",
].join("\n");
