// A page's math classes as a stylesheet of its own: the rules of the KaTeX classes it uses (read back from its
// HTML), published under a name made of their bytes and linked after KaTeX's stylesheet; pages without math get none.
import { createHash } from "node:crypto";
import { katexStylesheetPath, mathClassRules } from "../content/markdown/index.ts";

/** A page's math stylesheet: where it is published, and its rules. */
export type MathStyles = [path: string, css: string];

/**
 * The page with its math classes' stylesheet linked after KaTeX's, and that stylesheet; the page as it was when
 * it links no KaTeX stylesheet (`base`: the site's base path, ending with "/").
 */
export function withMathStyles(html: string, base: string): { html: string; styles?: MathStyles } {
  const katex = `href="${base}${katexStylesheetPath()}"`;
  const at = html.indexOf(katex);
  if (at < 0) return { html };
  const css = mathClassRules(html);
  if (!css) return { html };
  const hash = createHash("sha256").update(css).digest("hex").slice(0, 8).toUpperCase();
  const path = `assets/math-${hash}.css`;
  // After the link's end: `>` in markdown bodies, `/>` as React writes it in MDX ones.
  const end = html.indexOf(">", at) + 1;
  const link = `<link rel="stylesheet" href="${base}${path}">`;
  return { html: html.slice(0, end) + link + html.slice(end), styles: [path, `${css}\n`] };
}
