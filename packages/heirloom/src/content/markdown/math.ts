// Math in markdown bodies when the site turns it on (`markdown.math`): $…$ and $$…$$ read by
// @vscode/markdown-it-katex and typeset by KaTeX at build time, as rehype-katex does for MDX, with KaTeX's
// stylesheet linked before the body's first formula, so that only pages with math load it; its style attributes
// made classes (math-classes.ts).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { MarkdownIt } from "markdown-it";
import type { Token } from "markdown-it";
import { classedKatex } from "./math-classes.ts";

const require = createRequire(import.meta.url);

type Katex = typeof import("katex").default;
let katex: Katex | undefined;
/** KaTeX, loaded by the first site with math. */
export const loadKatex = () => (katex ??= require("katex") as Katex);

/**
 * KaTeX's settings, for markdown and MDX alike: HTML for the eye and MathML for screen readers (the HTML is hidden
 * from them); an error is shown in place, with its source; \href and the like stay off.
 */
export const KATEX_OPTIONS = { output: "htmlAndMathml", throwOnError: false, strict: "ignore", trust: false } as const;

let stylesheet: string | undefined;
/** Where KaTeX's stylesheet is published (assets/katex-<hash>.css): named by its bytes and KaTeX's version. */
export function katexStylesheetPath(): string {
  if (stylesheet) return stylesheet;
  const css = readFileSync(require.resolve("katex/dist/katex.min.css"));
  const hash = createHash("sha256").update(css).update(loadKatex().version).digest("hex").slice(0, 8).toUpperCase();
  stylesheet = `assets/katex-${hash}.css`;
  return stylesheet;
}

/** What shapes typeset math, for the keys of rendered bodies. */
export const mathKey = () => `katex:${loadKatex().version}:${katexStylesheetPath()}:classes`;

type MathEnv = { base?: string; mathLinked?: boolean };

/** The stylesheet's link, written once per body (`env.base`: the site's base path, ending with "/"). */
export function stylesheetLinkOnce(env: MathEnv): string {
  if (env.mathLinked) return "";
  env.mathLinked = true;
  return `<link rel="stylesheet" href="${env.base ?? "/"}${katexStylesheetPath()}">`;
}

/** $…$ and $$…$$ as KaTeX writes them; `x\,dx` keeps its backslash (read before markdown's escapes). */
export function katexMath(md: MarkdownIt): void {
  const plugin = require("@vscode/markdown-it-katex") as { default: (md: MarkdownIt) => void };
  md.use(plugin.default);
  const typeset = (display: boolean) => (tokens: Token[], i: number, _: unknown, env?: object) => {
    // The block's last line break is not the formula's (remark-math drops it too: its annotation is the same).
    const tex = display ? tokens[i].content.trim() : tokens[i].content;
    const html = classedKatex(loadKatex().renderToString(tex, { ...KATEX_OPTIONS, displayMode: display }));
    return (env ? stylesheetLinkOnce(env as MathEnv) : "") + html + (display ? "\n" : "");
  };
  md.renderer.rules.math_inline = typeset(false);
  md.renderer.rules.math_inline_block = typeset(true);
  md.renderer.rules.math_block = typeset(true);
}
