// A site's code highlighting through a build, one object its Incremental owns: started before the content is read
// (a body whose blocks wait hands them to the pool's run, highlight/highlight-pool.ts), made ready once the content is
// validated (Shiki's languages for the bodies rendered later, the blocks of MDX bodies), finished before the pages
// render (the pool's blocks waited for). The markdown renderers take the pool's markup from it.
import type { Token } from "markdown-it";
import type { ResolvedSite } from "../config/types.ts";
import { everyItem } from "./locales.ts";
import { highlightMdx } from "./mdx/index.ts";
import type { MdxCache, ValidatedContent } from "./types.ts";
import {
  type BlockPool,
  type CodeBlock,
  type PoolRun,
  addBlocks,
  finishRun,
  newRun,
  pooledIn,
  stopRun,
  unpooledIn,
} from "./highlight/index.ts";
import { type CodeThemes, knownLanguage, prepareHighlighting } from "./highlight/index.ts";

export class Highlighting implements BlockPool {
  /** The pool's run of the current build: the blocks handed over, their markup, its threads. */
  private run: PoolRun | undefined;

  /** A build's highlighting starts: the blocks handed over from now on are its own. */
  start(): void {
    this.stop();
    this.run = undefined;
  }

  /** Ends the threads of a run not finished (a build that failed before it highlighted). */
  stop(): void {
    if (this.run) stopRun(this.run);
  }

  /** Hands the pool a body's blocks (the first of a build start its run); threads start once they pay. */
  submit(blocks: CodeBlock[], themes: CodeThemes, timeout: number): void {
    if (!this.run || this.run.ended) this.run = newRun(themes, timeout);
    addBlocks(this.run, blocks);
  }

  /** A block's markup from the pool ("": written plain), or undefined when the pool did not highlight it. */
  pooled(code: string, lang: string, themes: CodeThemes, meta?: string): string | undefined {
    return pooledIn(this.run, code, lang, themes, meta);
  }

  /** Whether a block with a long line has not been through the pool yet (it may take Shiki minutes). */
  unpooled(tokens: Token[], themes: CodeThemes): boolean {
    return unpooledIn(this.run, tokens, themes);
  }

  /**
   * Loads Shiki's languages for the bodies rendered when a page reads them, and highlights the blocks of MDX bodies
   * compiled since Shiki last saw them (nothing when none names a language); whether an entry has a highlighted
   * code block. A theme Shiki does not have is added to `errors`; an MDX block written plain (past its time, or in a
   * language Shiki does not have) is told to `warn`.
   */
  async ready(
    site: ResolvedSite,
    validated: ValidatedContent,
    problems: { errors: unknown[]; warn: (message: string) => void },
    mdx?: MdxCache,
  ): Promise<boolean> {
    const { errors, warn } = problems;
    const themes = site.markdown.highlight;
    const items = everyItem(validated);
    try {
      if (themes && validated.languages.size > 0) await prepareHighlighting(validated.languages, themes, site.source);
      const bodies = items.flatMap(({ mdx: body, source: { file, bodyLine } }) =>
        body ? [{ body, file, bodyLine }] : [],
      );
      const { highlightTimeout: timeout, highlightTransformers: transformers } = site.markdown;
      const settings = { definition: site.source, timeout, transformers };
      for (const warning of await highlightMdx(bodies, themes, settings, mdx)) warn(warning);
    } catch (error) {
      errors.push(error);
      return false;
    }
    return items.some(
      (item) => item.code || item.languages?.some(knownLanguage) || item.mdx?.highlighted?.some(Boolean),
    );
  }

  /**
   * Waits for every block handed to the pool (highlighted, or written plain past its time) and ends its threads;
   * the warnings of the blocks written plain, or none, the pool's failure added to `errors`.
   */
  async finish(errors: unknown[]): Promise<string[]> {
    try {
      return this.run ? await finishRun(this.run) : [];
    } catch (error) {
      errors.push(error);
      return [];
    }
  }
}
