// Highlighting, as the build prepares for it: Shiki's languages loaded for the bodies rendered later, the blocks of
// MDX bodies highlighted since Shiki last saw them (what went plain told), and the warnings of the highlight pool's
// blocks written plain.
import type { ResolvedSite } from "../config/types.ts";
import { knownLanguage, prepareHighlighting } from "../content/highlight/index.ts";
import { highlightMdx } from "../content/mdx/index.ts";
import type { MdxCache, ValidatedContent } from "../content/types.ts";
import { everyItem } from "../content/locales.ts";

/**
 * Loads Shiki's languages for the bodies rendered when a page reads them, and highlights the blocks of MDX bodies
 * compiled since Shiki last saw them (nothing when none names a language); whether an entry has a highlighted
 * code block. A theme Shiki does not have is added to `errors`; an MDX block written plain (past its time, or in a
 * language Shiki does not have) is told to `warn`.
 */
export async function readyHighlighting(
  site: ResolvedSite,
  validated: ValidatedContent,
  problems: { errors: unknown[]; warn: (message: string) => void },
  mdx?: MdxCache,
) {
  const { errors, warn } = problems;
  const themes = site.markdown.highlight;
  const items = everyItem(validated);
  try {
    if (themes && validated.languages.size > 0) await prepareHighlighting(validated.languages, themes, site.source);
    const bodies = items.flatMap(({ mdx: body, source: { file, bodyLine } }) =>
      body ? [{ body, file, bodyLine }] : [],
    );
    const settings = { definition: site.source, timeout: site.markdown.highlightTimeout };
    for (const warning of await highlightMdx(bodies, themes, settings, mdx)) warn(warning);
  } catch (error) {
    errors.push(error);
    return false;
  }
  return items.some((item) => item.code || item.languages?.some(knownLanguage) || item.mdx?.highlighted?.some(Boolean));
}

/** The warnings of the highlight pool, or none, its failure added to `errors`. */
export async function settled(warnings: Promise<string[]>, errors: unknown[]): Promise<string[]> {
  try {
    return await warnings;
  } catch (error) {
    errors.push(error);
    return [];
  }
}
