// What one build leaves for the next, so that unchanged work is not done again: parsed front matter by the
// bytes of its file, rendered markdown by its text and base path, and each page's output with what it
// was made from. Stored under node_modules/.cache/heirloom per project and output folder, and dropped as a
// whole when the engine (its sources or its dependencies) changes: it never outlives what shaped it.
import { createHash, hash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { ParsedSource } from "../content/frontmatter/index.ts";
import type { MarkdownCache } from "../content/types.ts";
import type { ContentDependency } from "../render/track.ts";
import type { EnvReads } from "../compile/site-code.ts";
import type { PageRecord } from "../output/write/index.ts";
import type { SearchState } from "../output/files/index.ts";
import type { Manifest } from "../output/write/index.ts";
import { cacheDirFor, writeAtomically } from "../compile/cache.ts";
import { type MarkdownIndex, type StoredMarkdown, markdownStore } from "./markdown-store.ts";
import { ENGINE_KEY } from "../version.ts";
import type { MathStyles } from "../render/math-styles.ts";

export interface PageState {
  /** Everything the page was rendered from that is known before rendering it. */
  key: string;
  /** What its templates read of the collections while rendering it. */
  deps: ContentDependency[];
  /** The environment variables its templates and bodies read while rendering it, with their values then. */
  env?: EnvReads;
  /** The images it used (their stems), published again when the page is reused. */
  images: string[];
  /** Its math classes' stylesheet, if it has math: published again when the page is reused. */
  math?: MathStyles;
  record: PageRecord;
}

export interface BuildState {
  parsed: Map<string, ParsedSource>;
  markdown: MarkdownCache;
  pages: Map<string, PageState>;
  /** Each feed's inputs (by its file), the variables its bodies read, and what was written for them. */
  feeds: Map<string, FeedState>;
  /** What the output folder holds, and the previous site (the one it replaced), file by file. */
  output: Manifest;
  previousSite: Manifest;
  /** The search index the output holds (a site with search): what it was made of, its files. */
  search?: SearchState;
}

/** A feed as the previous build wrote it. */
export interface FeedState {
  key: string;
  sha256: string;
  env?: EnvReads;
}

const FORMAT = 9;

/** A state with nothing in it (the dev server keeps one in memory: its markdown cache is never written). */
export const emptyState = (): BuildState => ({
  parsed: new Map(),
  markdown: markdownStore(),
  pages: new Map(),
  feeds: new Map(),
  output: new Map(),
  previousSite: new Map(),
});

/** Where the state of builds of this site into this output folder is kept, in the site's cache. */
export function stateFiles(root: string, outDir: string) {
  const scope = createHash("sha256")
    .update(`${path.resolve(root)}\0${path.resolve(outDir)}`)
    .digest("hex")
    .slice(0, 16);
  const cacheDir = cacheDirFor(root);
  return {
    state: path.join(cacheDir, `build-${scope}.v8`),
    markdown: {
      base: path.join(cacheDir, `markdown-${scope}.v8`),
      added: path.join(cacheDir, `markdown-${scope}-added.v8`),
    },
    stamp: path.join(cacheDir, `stamp-${scope}.v8`),
  };
}

type Stored = Omit<BuildState, "markdown"> & { markdown: MarkdownIndex };

/** The previous build's state, or an empty one when there is none, it is damaged, or another engine wrote it. */
export function loadBuildState(root: string, outDir: string): BuildState {
  const files = stateFiles(root, outDir);
  try {
    const stored = deserialize(readFileSync(files.state)) as { format: number; engine: string; state: Stored };
    if (stored.format === FORMAT && stored.engine === ENGINE_KEY) {
      const { markdown, ...state } = stored.state;
      return { ...state, markdown: markdownStore(files.markdown, markdown) };
    }
  } catch {
    // No state yet, or a damaged file: start from nothing.
  }
  return { ...emptyState(), markdown: markdownStore(files.markdown) };
}

/**
 * Stores the state (and the markdown cache, if it changed), each under a private name renamed into place; a file
 * is written by the thread pool while the next is serialized, as a large site's state is much to write.
 */
export async function saveBuildState(root: string, outDir: string, state: BuildState): Promise<void> {
  const files = stateFiles(root, outDir);
  const { markdown, ...rest } = state;
  const markdownSaved = (markdown as StoredMarkdown).save();
  const stored: Stored = { ...rest, markdown: (markdown as StoredMarkdown).index() };
  const stateSaved = writeAtomically(files.state, serialize({ format: FORMAT, engine: ENGINE_KEY, state: stored }));
  await Promise.all([markdownSaved, stateSaved]);
}

/** A SHA-256 of the parts, each followed by a NUL, in hex. */
export function hashOf(...parts: Array<string | Uint8Array>): string {
  // Text alone (every page's key) is hashed in one call: each update() is a call into the native hash, two a
  // part.
  if (parts.every((part) => typeof part === "string")) return hash("sha256", `${parts.join("\0")}\0`);
  const sha256 = createHash("sha256");
  for (const part of parts) sha256.update(part).update("\0");
  return sha256.digest("hex");
}
