// What one build leaves for the next, so that unchanged work is not done again: parsed front matter by the
// bytes of its file, rendered markdown by its text and base path, and each page's output with what it
// was made from. Stored under node_modules/.cache/heirloom per project and output folder, and dropped as a
// whole when the engine (its sources or its dependencies) changes: it never outlives what shaped it.
import { createHash, hash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { ParsedSource } from "../content/front-matter.ts";
import type { RenderedMarkdown } from "../content/markdown.ts";
import type { MarkdownCache } from "../content/types.ts";
import type { ContentDependency } from "../render/track.ts";
import type { EnvReads } from "../compile/site-code.ts";
import type { PageRecord } from "../output/page-record.ts";
import type { Manifest } from "../output/staging.ts";
import { cacheDirFor, writeAtomically } from "../compile/cache.ts";
import { ENGINE_KEY } from "../version.ts";

export interface PageState {
  /** Everything the page was rendered from that is known before rendering it. */
  key: string;
  /** What its templates read of the collections while rendering it. */
  deps: ContentDependency[];
  /** The environment variables its templates and bodies read while rendering it, with their values then. */
  env?: EnvReads;
  /** The images it used (their stems), published again when the page is reused. */
  images: string[];
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
}

/** A feed as the previous build wrote it. */
export interface FeedState {
  key: string;
  sha256: string;
  env?: EnvReads;
}

const FORMAT = 6;

/** A state with nothing in it (the dev server keeps one in memory: its markdown cache is never written). */
export const emptyState = (): BuildState => ({
  parsed: new Map(),
  markdown: markdownCache(),
  pages: new Map(),
  feeds: new Map(),
  output: new Map(),
  previousSite: new Map(),
});

/** Whether a kept body has a highlighted code block, with the files its relative links name when it has any. */
type BodyFacts = boolean | [code: boolean, refs: string[]];

interface StoredMarkdown extends MarkdownCache {
  /** Each key, and what the build needs to know of its body without its HTML. */
  keys(): Array<[string, BodyFacts]>;
  save(file: string): Promise<void>;
}

/**
 * A markdown cache backed by a file of its own: most builds that reuse pages never read it (a page that is
 * not rendered does not need its entries' HTML), so the build state stays small and quick to load. Which
 * bodies have highlighted code is kept with the keys: the build needs to know it without the HTML. In the file
 * each body is a pair (its headings as one string, its HTML), quicker to store and read back than an object
 * (and to store than one string of both: 28 against 50 ms at 10,000 bodies); one read from the file is made an
 * object when it is asked for.
 */
function markdownCache(file?: string, keys = new Map<string, BodyFacts>()): StoredMarkdown {
  let map: Map<string, RenderedMarkdown | Encoded> | undefined;
  let changed = false;
  const load = () => {
    if (map) return map;
    map = new Map();
    if (file && keys.size > 0) {
      try {
        map = deserialize(readFileSync(file)) as Map<string, Encoded>;
      } catch {
        keys.clear();
      }
    }
    return map;
  };
  const decoded = (key: string) => {
    const value = map?.get(key);
    if (!Array.isArray(value)) return value;
    const rendered = decode(value, keys.get(key) ?? false);
    map!.set(key, rendered);
    return rendered;
  };
  return {
    has: (key) => keys.has(key),
    code: (key) => codeOf(keys.get(key)),
    refs: (key) => refsOf(keys.get(key)),
    get: (key) => (keys.has(key) ? (load(), decoded(key)) : undefined),
    // Only what this process rendered: one read from the file is made an object when a page needs it.
    peek: (key) => {
      const value = map?.get(key);
      return Array.isArray(value) ? undefined : value;
    },
    set(key, rendered) {
      load().set(key, rendered);
      keys.set(key, rendered.refs ? [rendered.code, rendered.refs] : rendered.code);
      changed = true;
    },
    retain(used) {
      for (const key of keys.keys()) {
        if (used.has(key)) continue;
        keys.delete(key);
        changed = true;
      }
      if (map) for (const key of map.keys()) if (!keys.has(key)) map.delete(key);
    },
    keys: () => [...keys],
    async save(target) {
      if (!changed) return;
      const all = load();
      const kept = [...keys.keys()].filter((k) => all.has(k)).map((k) => [k, encode(all.get(k)!)] as const);
      await writeAtomically(target, serialize(new Map(kept)));
    },
  };
}

/** A rendered body as stored: its headings as JSON ([depth, text, id] each; 0 for none), and its HTML. */
type Encoded = [headings: string | 0, html: string];

function encode(rendered: RenderedMarkdown | Encoded): Encoded {
  if (Array.isArray(rendered)) return rendered;
  const { html, headings } = rendered;
  return [headings.length > 0 ? JSON.stringify(headings.map((h) => [h.depth, h.text, h.id])) : 0, html];
}

function decode([head, html]: Encoded, facts: BodyFacts): RenderedMarkdown {
  const headings =
    head === 0
      ? []
      : (JSON.parse(head) as Array<[number, string, string]>).map(([depth, text, id]) => ({ depth, text, id }));
  const refs = refsOf(facts);
  return refs ? { html, headings, code: codeOf(facts), refs } : { html, headings, code: codeOf(facts) };
}

const codeOf = (facts: BodyFacts | undefined) => (Array.isArray(facts) ? facts[0] : facts === true);
const refsOf = (facts: BodyFacts | undefined) => (Array.isArray(facts) ? facts[1] : undefined);

/** Where the state of builds of this site into this output folder is kept, in the site's cache. */
export function stateFiles(root: string, outDir: string) {
  const scope = createHash("sha256")
    .update(`${path.resolve(root)}\0${path.resolve(outDir)}`)
    .digest("hex")
    .slice(0, 16);
  const cacheDir = cacheDirFor(root);
  return {
    state: path.join(cacheDir, `build-${scope}.v8`),
    markdown: path.join(cacheDir, `markdown-${scope}.v8`),
    stamp: path.join(cacheDir, `stamp-${scope}.v8`),
  };
}

type Stored = Omit<BuildState, "markdown"> & { markdownKeys: Array<[string, BodyFacts]> };

/** The previous build's state, or an empty one when there is none, it is damaged, or another engine wrote it. */
export function loadBuildState(root: string, outDir: string): BuildState {
  const files = stateFiles(root, outDir);
  try {
    const stored = deserialize(readFileSync(files.state)) as { format: number; engine: string; state: Stored };
    if (stored.format === FORMAT && stored.engine === ENGINE_KEY) {
      const { markdownKeys, ...state } = stored.state;
      return { ...state, markdown: markdownCache(files.markdown, new Map(markdownKeys)) };
    }
  } catch {
    // No state yet, or a damaged file: start from nothing.
  }
  return { ...emptyState(), markdown: markdownCache(files.markdown) };
}

/**
 * Stores the state (and the markdown cache, if it changed), each under a private name renamed into place; a file
 * is written by the thread pool while the next is serialized (tens of megabytes at 10,000 pages).
 */
export async function saveBuildState(root: string, outDir: string, state: BuildState): Promise<void> {
  const files = stateFiles(root, outDir);
  const { markdown, ...rest } = state;
  const markdownSaved = (markdown as StoredMarkdown).save(files.markdown);
  const stored: Stored = { ...rest, markdownKeys: (markdown as StoredMarkdown).keys() };
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
