// Code blocks highlighted at build time by Shiki, loaded only when a block names a language: every token gets
// classes for its colour in the light and in the dark theme (never a style attribute, which a strict
// Content-Security-Policy refuses), and one stylesheet made from the two themes maps each class to Shiki's CSS
// variables (--shiki-light, --shiki-dark, ...) and picks a scheme by prefers-color-scheme. No script.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { BundledLanguage, BundledTheme, HighlighterCore, ShikiTransformer } from "shiki";
import type { CodeTheme } from "../../config/markdown-options.ts";
import { locate } from "../../config/definition-file.ts";
import { UnknownCodeTheme } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";
import { bundledFile } from "../../version.ts";
import { withContrast } from "./contrast.ts";
import { classesOf } from "./token-classes.ts";
import { type MarkingShiki, markedCode } from "./highlight-marked.ts";
import { wantsMarks } from "./fence-meta.ts";
import { MARK_RULES, markOf, markPick, markVariables } from "./code-marks-css.ts";

/** What the side bundle "shiki" holds (bin/compile-cli.js). */
interface ShikiCore {
  createHighlighterCore: typeof import("shiki/core").createHighlighterCore;
  createOnigurumaEngine: typeof import("shiki/engine/oniguruma").createOnigurumaEngine;
  hastToHtml: MarkingShiki["hastToHtml"];
  transformers: MarkingShiki["transformers"];
}

/** What is loaded of Shiki: its highlighter, and the themes and languages it has (loaded when asked for). */
interface Shiki extends MarkingShiki {
  highlighter: HighlighterCore;
  bundledThemes: typeof import("shiki/themes").bundledThemes;
  bundledLanguages: typeof import("shiki/langs").bundledLanguages;
}

export interface CodeThemes {
  light: CodeTheme;
  dark: CodeTheme;
}

let loading: Promise<Shiki> | undefined;
let loaded: Shiki | undefined;
/** Each language looked up: true when Shiki has it (and it is loaded), false when it does not. */
const languages = new Map<string, boolean>();
/** The names of every language Shiki has (its aliases too), once it is loaded. */
let bundledNames: readonly string[] = [];
/** Each theme loaded (as given), its name in the highlighter, its default colours and every colour of its tokens. */
const themes = new Map<string, { source: CodeTheme; name: string; fg: string; bg: string; palette: Set<string> }>();

/**
 * How lines are tokenized: to their end however long that takes. Shiki stops a line after 500 ms by default and
 * gives the rest of it the colour of the last token it reached, without saying so; the first line of a language
 * compiles its grammar's expressions and can take that long on a busy machine, so the same block came out
 * coloured differently from one build to the next (and the markdown cache kept whichever it got). Part of the
 * renderers' key (markdown.ts), so no body tokenized under the limit is taken from the cache.
 */
export const TOKENIZE = { tokenizeTimeLimit: 0 } as const;

const themeKey = (theme: CodeTheme) => (typeof theme === "string" ? theme : JSON.stringify(theme));

/** Whether a block in `lang` can be rendered now (Shiki knows whether it has it, and the themes are loaded). */
export function highlightReady(lang: string, wanted: CodeThemes): boolean {
  return languages.has(lang) && themes.has(themeKey(wanted.light)) && themes.has(themeKey(wanted.dark));
}

/** Whether Shiki highlights `lang` (after prepareHighlighting). */
export function knownLanguage(lang: string): boolean {
  return languages.get(lang) === true;
}

/** Whether Shiki was asked for `lang` and has no such language (after prepareHighlighting). */
export const missingLanguage = (lang: string) => languages.get(lang) === false;

/** The names of every language Shiki has, its aliases too (after prepareHighlighting; none before). */
export const shikiLanguages = () => bundledNames;

/**
 * Loads Shiki (once per process), the two themes and every language named that it has. `definition` is the
 * text of site.config.ts, where an unknown theme is pointed at.
 */
export async function prepareHighlighting(names: Iterable<string>, wanted: CodeThemes, definition: string) {
  loading ??= loadShiki();
  const shiki = await loading;
  const { highlighter, bundledThemes, bundledLanguages } = shiki;
  loaded = shiki;
  if (bundledNames.length === 0) bundledNames = Object.keys(bundledLanguages);
  for (const theme of [wanted.light, wanted.dark]) {
    if (themes.has(themeKey(theme))) continue;
    if (typeof theme === "string" && !Object.hasOwn(bundledThemes, theme)) {
      throw errorFrom(UnknownCodeTheme, { theme }, { location: locate(definition, theme) });
    }
    const name = await loadTheme(shiki, theme);
    const resolved = highlighter.getTheme(name);
    const palette = new Set([resolved.fg, ...resolved.settings.map((s) => s.settings?.foreground)]);
    const colours = { name, fg: lower(resolved.fg), bg: lower(resolved.bg), palette: lowerAll(palette) };
    themes.set(themeKey(theme), { source: theme, ...colours });
  }
  for (const lang of names) {
    if (languages.has(lang)) continue;
    const known = Object.hasOwn(bundledLanguages, lang);
    if (known) await highlighter.loadLanguage(bundledLanguages[lang as BundledLanguage]);
    languages.set(lang, known);
  }
}

/**
 * Shiki's core with its Oniguruma engine, the WebAssembly read from its own file: `import("shiki")` would also
 * decode it from a 212 KB module of base64 text. Both load the same grammars and highlight alike, in about 180
 * against 270 ms before the first block (sh and json, the journal's). The compiled CLI requires the core and the
 * engine from its bundle of them (about 16 ms, against 55 to 100 ms to import their modules). Not Shiki's
 * JavaScript engine (scripts/bench-highlight.js, the Rust blog's 776 blocks): it writes a Rust constant with an Å
 * otherwise (its word boundaries are ASCII's) and takes about 30% more cpu for a build's first highlighting; with
 * Unicode's boundaries it writes every block alike but takes six times as long.
 */
async function loadShiki(): Promise<Shiki> {
  const require = createRequire(import.meta.url);
  const wasm = readFile(require.resolve("shiki/onig.wasm"));
  const bundle = bundledFile("shiki");
  const core: Promise<ShikiCore> = bundle
    ? Promise.resolve(require(bundle) as ShikiCore)
    : Promise.all([import("shiki/core"), import("shiki/engine/oniguruma"), import("@shikijs/transformers")]).then(
        ([a, b, transformers]) => ({ ...a, ...b, transformers }),
      );
  const [{ createHighlighterCore, createOnigurumaEngine, ...marking }, { bundledThemes }, { bundledLanguages }] =
    await Promise.all([core, import("shiki/themes"), import("shiki/langs")]);
  const highlighter = await createHighlighterCore({ themes: [], langs: [], engine: createOnigurumaEngine(wasm) });
  return {
    highlighter,
    bundledThemes,
    bundledLanguages,
    hastToHtml: marking.hastToHtml,
    transformers: marking.transformers,
  };
}

/** Loads a theme (a name of Shiki's or a theme object) into the highlighter; its name there. */
async function loadTheme({ highlighter, bundledThemes }: Shiki, theme: CodeTheme): Promise<string> {
  await highlighter.loadTheme(typeof theme === "string" ? bundledThemes[theme as BundledTheme] : theme);
  return typeof theme === "string" ? theme : String(theme.name);
}

/**
 * Shiki loaded anew, with the themes and languages it had: after a block was stopped past its time (a body rendered
 * on the main thread, see markdown.ts), its engine may have been left in the middle of a search. Until it is ready,
 * highlightCode writes blocks plain (`highlighting()` says so).
 */
export function reloadShiki(): void {
  if (!loaded) return;
  const names = [...languages].filter(([, known]) => known).map(([name]) => name);
  const sources = [...themes.values()].map((theme) => theme.source);
  loaded = undefined;
  loading = loadShiki().then(async (shiki) => {
    for (const theme of sources) await loadTheme(shiki, theme);
    for (const lang of names) await shiki.highlighter.loadLanguage(shiki.bundledLanguages[lang as BundledLanguage]);
    return (loaded = shiki);
  });
}

/** Whether Shiki is loaded now (not being loaded anew). */
export const highlighting = () => loaded !== undefined;

const lower = (color: string | undefined) => (color ?? "").toLowerCase();
const lowerAll = (colors: Set<string | undefined>) =>
  new Set([...colors].filter((c) => c && /^#[\da-f]{3,8}$/i.test(c)).map(lower));

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A code block as HTML, or "" when Shiki has no such language (markdown-it then writes it plain); `meta` is the
 * fence's text after its language, `own` the site's Shiki transformers (then the block goes through them).
 */
export function highlightCode(
  code: string,
  lang: string,
  wanted: CodeThemes,
  meta = "",
  own: readonly ShikiTransformer[] = [],
): string {
  if (!loaded || !knownLanguage(lang)) return "";
  const [light, dark] = [themes.get(themeKey(wanted.light))!, themes.get(themeKey(wanted.dark))!];
  if (own.length > 0 || wantsMarks(code, lang, meta)) {
    return markedCode(loaded, { code, lang, meta }, { light, dark }, own, TOKENIZE);
  }
  const pair = { light: light.name as BundledTheme, dark: dark.name as BundledTheme };
  // No time limit: Shiki's default leaves the rest of a line plain once it has taken 500 ms, which a busy machine
  // reaches on a first block, and a build's output would depend on the machine's load.
  const lines = loaded.highlighter.codeToTokensWithThemes(code.replace(/\n$/, ""), {
    ...TOKENIZE,
    lang: lang as BundledLanguage,
    themes: pair,
  });
  const html = lines.map((line) => {
    const spans = line.map(({ content, variants }) => {
      const classes = [...classesOf("sl", variants.light, light), ...classesOf("sd", variants.dark, dark)];
      const text = escapeHtml(content);
      return classes.length ? `<span class="${classes.join(" ")}">${text}</span>` : text;
    });
    return `<span class="line">${spans.join("")}</span>`;
  });
  const attributes = `class="shiki" data-language="${escapeHtml(lang).replace(/"/g, "&quot;")}" tabindex="0"`;
  return `<pre ${attributes}><code>${html.join("\n")}</code></pre>`;
}

/**
 * The stylesheet of the code blocks: every colour class of both themes, each colour raised to `contrast` with its
 * theme's background where it is fainter (see withContrast), and the scheme picked by the system. The classes
 * keep the themes' own colours in their names, so highlighted bodies in the cache stay valid whatever it is.
 */
export function codeStylesheet(wanted: CodeThemes, contrast = 1): string {
  const [light, dark] = [themes.get(themeKey(wanted.light))!, themes.get(themeKey(wanted.dark))!];
  // Raised against a marked line's tint too (code-marks-css.ts), which is nearer the tokens' colours.
  const shown = (color: string, theme: { fg: string; bg: string }) =>
    withContrast(withContrast(color, theme.bg, contrast), markOf(theme), contrast);
  const rules = [
    `.shiki{--shiki-light:${shown(light.fg, light)};--shiki-light-bg:${light.bg};` +
      `--shiki-dark:${shown(dark.fg, dark)};--shiki-dark-bg:${dark.bg}}`,
    markVariables(light, dark),
  ];
  for (const [prefix, scheme, theme] of [
    ["sl", "light", light],
    ["sd", "dark", dark],
  ] as const) {
    for (const color of [...theme.palette].sort()) {
      if (color !== theme.fg) rules.push(`.${prefix}-${color.slice(1)}{--shiki-${scheme}:${shown(color, theme)}}`);
    }
    rules.push(
      `.${prefix}-i{--shiki-${scheme}-font-style:italic}`,
      `.${prefix}-b{--shiki-${scheme}-font-weight:bold}`,
      `.${prefix}-u{--shiki-${scheme}-text-decoration:underline}`,
      `.${prefix}-s{--shiki-${scheme}-text-decoration:line-through}`,
      `.${prefix}-us{--shiki-${scheme}-text-decoration:underline line-through}`,
    );
  }
  const pick = (scheme: string) =>
    `.shiki{color:var(--shiki-${scheme});background-color:var(--shiki-${scheme}-bg)}` +
    `.shiki span{color:var(--shiki-${scheme});font-style:var(--shiki-${scheme}-font-style,normal);` +
    `font-weight:var(--shiki-${scheme}-font-weight,normal);` +
    `text-decoration:var(--shiki-${scheme}-text-decoration,none)}${markPick(scheme)}`;
  return `${rules.join("\n")}\n${pick("light")}\n@media (prefers-color-scheme:dark){${pick("dark")}}\n${MARK_RULES}\n`;
}
