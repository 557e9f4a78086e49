// The renderers of a site's markdown, made once each for its settings (raw HTML kept or not, a collection's summary
// marker), held by a build or a dev server for its definition and by renderMarkdown() for the settings it is given.
import type { BlockPool } from "../highlight/index.ts";
import type { MarkdownSite } from "./markdown-key.ts";
import { type MarkdownRenderer, markdownRenderer } from "./markdown.ts";

/** What of a collection shapes its renderer: raw HTML kept or not, its summary marker. */
export type SiteCollection = { html: boolean; summary?: { separator?: string } };

/**
 * Renderers made once each: held by a build or a dev server for its definition (a definition loaded again, after
 * a save, gets new ones) with its highlighting, and by renderMarkdown() for the settings objects it is given.
 */
export class MarkdownRenderers {
  private readonly made = new WeakMap<object, Map<string, MarkdownRenderer>>();
  constructor(private readonly highlighting?: BlockPool) {}

  /**
   * The renderer made for `owner` (the settings, or what they were resolved from) with raw HTML or not and a summary
   * `separator`, made from `site` the first time.
   */
  of(owner: object, html: boolean, site: () => MarkdownSite, separator?: string): MarkdownRenderer {
    let bySetting = this.made.get(owner);
    if (!bySetting) this.made.set(owner, (bySetting = new Map()));
    const setting = `${html}\0${separator ?? ""}`;
    let renderer = bySetting.get(setting);
    if (!renderer) {
      renderer = markdownRenderer(site(), html, this.highlighting, separator);
      bySetting.set(setting, renderer);
    }
    return renderer;
  }

  /** The renderers of a site's collections, by collection name (a plugin that fails to set up throws here). */
  ofSite(site: MarkdownSite & { collections: Map<string, SiteCollection> }): Map<string, MarkdownRenderer> {
    const of = (c: SiteCollection) => this.of(site.markdown, c.html, () => site, c.summary?.separator);
    return new Map([...site.collections].map(([name, collection]) => [name, of(collection)]));
  }
}
