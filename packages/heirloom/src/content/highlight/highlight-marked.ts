// A code block whose meta or notation asks for more than colours, highlighted through Shiki's transformers
// (@shikijs/transformers: marked, added, removed and focused lines, the [!code …] notes taken out) and the site's
// own; then every colour Shiki wrote as a style is made a class, as highlight.ts does, and the themes' names leave.
import type { Element, ElementContent, Root } from "hast";
import type { HighlighterCore, ShikiTransformer } from "shiki";
import { type FenceMeta, parseFenceMeta } from "./fence-meta.ts";
import { type ClassTheme, classesOf, styleOf } from "./token-classes.ts";

/** What of Shiki this needs: its highlighter, its transformers, its HTML writer. */
export interface MarkingShiki {
  highlighter: HighlighterCore;
  transformers: typeof import("@shikijs/transformers");
  hastToHtml: (root: Root) => string;
}

/** A theme as loaded: its name in the highlighter, with what its tokens are classed by. */
export type LoadedTheme = ClassTheme & { name: string };

/**
 * The block as HTML: `meta` as the fence wrote it, `own` the site's transformers (markdown.highlight.transformers),
 * run after Shiki's and before its colours become classes; `tokenize` is how lines are tokenized (highlight.ts).
 */
export function markedCode(
  shiki: MarkingShiki,
  block: { code: string; lang: string; meta: string },
  themes: { light: LoadedTheme; dark: LoadedTheme },
  own: readonly ShikiTransformer[],
  tokenize: object,
): string {
  const { code, lang, meta } = block;
  const asked = parseFenceMeta(meta);
  const t = shiki.transformers;
  const transformers = [
    t.transformerNotationHighlight(),
    t.transformerNotationDiff(),
    t.transformerNotationFocus(),
    t.transformerMetaHighlight(),
    linesAsked(asked, lang),
    ...own,
    classed(themes, lang),
  ];
  const root = shiki.highlighter.codeToHast(code.replace(/\n$/, ""), {
    ...tokenize,
    lang,
    themes: { light: themes.light.name, dark: themes.dark.name },
    defaultColor: false,
    // Shiki's meta-highlight reads {1,3-5}: every way of marking lines is given to it so.
    meta: { __raw: asked.marked.length > 0 ? `{${asked.marked.join(",")}}` : "" },
    transformers,
  });
  return shiki.hastToHtml(root);
}

const textOf = (node: ElementContent): string =>
  node.type === "text" ? node.value : node.type === "element" ? node.children.map(textOf).join("") : "";

/** Lines added and removed (ins={…}, del={…}, a diff's + and - lines) and the line numbers asked for. */
function linesAsked(asked: FenceMeta, lang: string): ShikiTransformer {
  return {
    name: "heirloom:lines",
    line(node, line) {
      const text = lang === "diff" ? textOf(node) : "";
      const added = asked.ins.includes(line) || (/^\+/.test(text) && !text.startsWith("+++"));
      const removed = asked.del.includes(line) || (/^-/.test(text) && !text.startsWith("---"));
      if (added) this.addClassToHast(node, ["diff", "add"]);
      else if (removed) this.addClassToHast(node, ["diff", "remove"]);
    },
    pre(node) {
      // A diff's lines show their own + and -; others get a sign before them (has-diff, as Shiki's notation).
      if (asked.ins.length + asked.del.length > 0) this.addClassToHast(node, "has-diff");
      if (asked.numbers) this.addClassToHast(node, "line-numbers");
    },
  };
}

const classList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(/\s+/).filter(Boolean) : [];

/** Last: Shiki's styles made classes (the code stylesheet's), the pre as highlight.ts writes it. */
function classed({ light, dark }: { light: LoadedTheme; dark: LoadedTheme }, lang: string): ShikiTransformer {
  const visit = (node: Element) => {
    const style = typeof node.properties.style === "string" ? node.properties.style : "";
    if (style && node.tagName === "span") {
      const classes = [
        ...classesOf("sl", styleOf(style, "light"), light),
        ...classesOf("sd", styleOf(style, "dark"), dark),
      ];
      node.properties.class = [...classList(node.properties.class), ...classes];
      if (node.properties.class.length === 0) delete node.properties.class;
    }
    if (style) {
      // What another transformer wrote stays; Shiki's colours are the stylesheet's.
      const kept = style.split(";").filter((d) => d.trim() && !/^\s*(--shiki-|color:|background-color:)/.test(d));
      if (kept.length > 0) node.properties.style = kept.join(";");
      else delete node.properties.style;
    }
    for (const child of node.children) if (child.type === "element") visit(child);
    // A token in the themes' own colours is its text alone, as highlight.ts writes it.
    const bare = (child: ElementContent) =>
      child.type === "element" && child.tagName === "span" && Object.keys(child.properties).length === 0;
    if (node.children.some(bare)) node.children = node.children.flatMap((c) => (bare(c) ? (c as Element).children : c));
  };
  return {
    name: "heirloom:classes",
    root(root) {
      const pre = root.children.find((node): node is Element => node.type === "element" && node.tagName === "pre");
      if (!pre) return;
      visit(pre);
      const themeNames = new Set(["shiki", "shiki-themes", light.name, dark.name]);
      const extra = classList(pre.properties.class).filter((name) => !themeNames.has(name));
      const { class: _, tabindex: __, style, ...rest } = pre.properties;
      pre.properties = {
        class: ["shiki", ...extra],
        dataLanguage: lang,
        tabindex: "0",
        ...(style ? { style } : {}),
        ...rest,
      };
    },
  };
}
