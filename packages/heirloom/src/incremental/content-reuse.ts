// What the content stages may reuse for one load, made from what the incremental object keeps: one object a stage
// (load, validation, routes), the build's highlighting, and how the load ends.
import type { Highlighting } from "../content/highlighting.ts";
import type { ParsedSource } from "../content/frontmatter/index.ts";
import type { Listing } from "../content/files/index.ts";
import type { MarkdownRenderers } from "../content/markdown/index.ts";
import type { MdxComponents } from "../content/mdx/index.ts";
import type { MarkdownCache, MdxCache, SourceEntry, WaitingBodies } from "../content/types.ts";
import type { DevReuse } from "./dev-reuse.ts";
import type { ContentReuse } from "./types.ts";

/** What the incremental object keeps that the content stages may reuse. */
export interface ContentMemory {
  root: string;
  /** Parsed files by the SHA-256 of their bytes; new ones are added. */
  parsed: Map<string, ParsedSource>;
  markdown: MarkdownCache;
  mdx: MdxCache;
  mdxComponents: MdxComponents;
  renderers: MarkdownRenderers;
  highlighting: Highlighting;
  /** Every file under content/, listed before anything was read (a build's). */
  listed?: Listing;
  dev?: DevReuse;
  /** Keeps only what the entries use of the parse and markdown caches. */
  prune(entries: SourceEntry[], markdownKey: (entry: SourceEntry) => string): void;
}

/** What one load may reuse of `memory`, stage by stage, and what becomes of it when the load ends. */
export function contentReuse(memory: ContentMemory): ContentReuse {
  const { parsed, markdown, mdx, mdxComponents, highlighting, dev } = memory;
  const load = dev?.beginLoad();
  return {
    highlighting,
    mdxComponents,
    stages(site, base) {
      const renderers = memory.renderers.ofSite({ ...site, root: memory.root });
      mdxComponents.timeout = site.timeout;
      // A build renders markdown while it reads (a dev server when a page asks for it).
      const lazyMarkdown = dev !== undefined;
      const renderWhileReading = lazyMarkdown ? undefined : { base, renderers };
      // A body that waits for its blocks' highlighting is rendered from the parse it was read with.
      const waiting: WaitingBodies = new Map();
      return {
        renderers,
        mdx,
        load: { parsed, markdown, listed: memory.listed, previous: load?.reuse, renderWhileReading, waiting },
        validation: {
          renderers,
          markdown,
          lazyMarkdown,
          waiting,
          mdx: mdxComponents,
          mdxCache: mdx,
          kept: dev?.validation,
        },
        routes: dev?.routing,
      };
    },
    ended(raw, markdownKey) {
      if (!raw) highlighting.stop();
      if (!load) return;
      if (!raw) return load.failed();
      load.done(raw);
      // Forgetting what no file needs any more costs a pass over the site: done once it adds up.
      if (markdownKey && parsed.size > raw.entries.length * 1.25 + 64) memory.prune(raw.entries, markdownKey);
    },
  };
}
