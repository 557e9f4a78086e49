// A site's own `pre` and `code` (exported by templates/mdx.ts) for an MDX body's fenced blocks: a block Shiki
// highlighted keeps its classes and colours inside them, so a site can restyle or wrap every code block.
import { createElement } from "../../compile/react.ts";

/** Shiki's block as the engine writes it: the <pre>'s language, then the highlighted lines inside <code>. */
const SHIKI_BLOCK = /^<pre class="shiki"[^>]*? data-language="([^"]*)"[^>]*><code>([\s\S]*)<\/code><\/pre>$/;

/**
 * The highlighted block `html` in the site's `pre` (and `code`, if it has one), or undefined where the site has
 * neither or the block is not Shiki's plain markup (then it is written as the engine writes it).
 */
export function inSiteCode(html: string, site: Record<string, unknown>) {
  const [pre, code] = [site.pre, site.code];
  if (!pre && !code) return undefined;
  const found = SHIKI_BLOCK.exec(html);
  if (!found) return undefined;
  const inner = createElement((code ?? "code") as string, { dangerouslySetInnerHTML: { __html: found[2] } });
  const props = { className: "shiki", "data-language": found[1], tabIndex: 0 };
  return createElement((pre ?? "pre") as string, props, inner);
}
