// The stylesheet of highlighted code blocks, for a site with at least one: made from the two themes alone (never
// from content), under a content-hashed name; kept in the site's cache, so a build whose markdown all comes from
// the cache does not load Shiki to make it again.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { markCacheUsed, pruneCache, writeAtomically } from "../compile/cache.ts";
import { type CodeThemes, codeStylesheet, prepareHighlighting, shikiVersion } from "../content/highlight/index.ts";
import { ENGINE_KEY } from "../version.ts";
import type { OutputFile } from "./bundle.ts";

/** The form of the stylesheet's rules: a checkout's engine keeps its key while they change (the marks' rules). */
const FORMAT = "marks-1";

/**
 * assets/code-<hash>.css for these themes, their colours at `contrast` or more; `definition` is site.config.ts's
 * text, to point at a bad theme.
 */
export async function codeStyles(
  themes: CodeThemes,
  contrast: number,
  definition: string,
  cacheDir: string,
): Promise<OutputFile> {
  const key = createHash("sha256")
    .update(`${ENGINE_KEY}\0${FORMAT}\0${shikiVersion()}\0${JSON.stringify(themes)}\0${contrast}`)
    .digest("hex")
    .slice(0, 16);
  const cached = path.join(cacheDir, `code-styles-${key}.css`);
  let css: string;
  if (existsSync(cached)) {
    css = await readFile(cached, "utf8");
    await markCacheUsed(cached);
  } else {
    await prepareHighlighting([], themes, definition);
    css = codeStylesheet(themes, contrast);
    await writeAtomically(cached, css);
    await pruneCache(cached, cacheDir);
  }
  const hash = createHash("sha256").update(css).digest("hex").slice(0, 8).toUpperCase();
  return { path: `assets/code-${hash}.css`, contents: Buffer.from(css) };
}
