// An MDX body's fenced blocks highlighted once it is compiled (the compile keeps them: mdx-compile.ts), each within
// the blocks' time (time-budget.ts); a block in a language Shiki does not have noted with the body, and told.
import type { ShikiTransformer } from "shiki";
import { PastBudget, withinTime } from "../../compile/time-budget.ts";
import { unknownMetaNote } from "../markdown/index.ts";
import { parseFenceMeta } from "../highlight/index.ts";
import {
  type CodeThemes,
  highlightCode,
  highlighting,
  missingLanguage,
  prepareHighlighting,
  reloadShiki,
} from "../highlight/index.ts";
import { languageOf } from "../highlight/index.ts";
import { lateWarning } from "../highlight/index.ts";
import type { CompiledMdx, MdxCache } from "./mdx-types.ts";
import { type PlainNote, plainWarnings, unknownLanguageNote } from "../highlight/index.ts";

/** An MDX body to highlight, with its file and the line of the file its body starts at. */
export interface MdxAt {
  body: CompiledMdx;
  file: string;
  bodyLine: number;
}

/** Where a bad theme is pointed at, each block's time, the site's own Shiki transformers. */
type Settings = { definition: string; timeout: number; transformers?: readonly ShikiTransformer[] };

/**
 * Highlights the fenced blocks of bodies compiled since Shiki last saw them (a body from the cache has its
 * markup), loading Shiki only for those, and keeps them with it. Without `themes`, every block is left plain.
 * Each block within `timeout` ms (time-budget.ts): one past it is left plain, told in the warnings returned, its
 * body not kept (highlighted again by the next build), and Shiki loaded anew for the next. A block in a language
 * Shiki does not have is told too, by every build, a body from the cache included.
 */
export async function highlightMdx(
  bodies: MdxAt[],
  themes: CodeThemes | false,
  settings: Settings,
  cache?: MdxCache,
): Promise<string[]> {
  const fresh = bodies.filter(({ body }) => body.blocks.length > 0 && !body.highlighted);
  const warnings = fresh.length > 0 ? await highlightFresh(fresh, themes, settings, cache) : [];
  for (const { body, file, bodyLine } of bodies) warnings.push(...plainWarnings(body.notes, file, bodyLine));
  return warnings;
}

/** Highlights the blocks of bodies Shiki has not seen; the warnings of those past their time. */
async function highlightFresh(fresh: MdxAt[], themes: CodeThemes | false, settings: Settings, cache?: MdxCache) {
  const languages = new Set(fresh.flatMap(({ body }) => body.blocks.map((block) => block.lang)));
  const ready = () => (themes ? prepareHighlighting(languages, themes, settings.definition) : undefined);
  await ready();
  const warnings: string[] = [];
  for (const { body, file, bodyLine } of fresh) {
    let late = false;
    body.highlighted = [];
    const notes: PlainNote[] = [];
    for (const { lang, code, line, meta = "" } of body.blocks) {
      if (themes && !highlighting()) await ready();
      if (themes && languageOf(lang) && missingLanguage(lang)) notes.push([line, unknownLanguageNote(lang)]);
      const unknown = meta ? parseFenceMeta(meta).unknown : [];
      if (unknown.length > 0) notes.push([line, unknownMetaNote(unknown)]);
      const highlight = () => highlightCode(code, lang, themes as CodeThemes, meta, settings.transformers);
      try {
        body.highlighted.push(themes ? withinTime(highlight, settings.timeout) : "");
      } catch (error) {
        if (!(error instanceof PastBudget)) throw error;
        reloadShiki();
        late = true;
        body.highlighted.push("");
        warnings.push(lateWarning({ file, line: bodyLine + line - 1, lang }, settings.timeout));
      }
    }
    if (notes.length > 0) body.notes = notes;
    if (!late) cache?.set(body.key, body);
  }
  return warnings;
}
