// What one build leaves for the next, so that unchanged work is not done again: parsed front matter by the
// bytes of its file, rendered markdown by its text and base path, and each page's output with what it
// was made from. Stored under node_modules/.cache/heirloom per project and output folder, and dropped as a
// whole when the engine (its sources or its dependencies) changes: it never outlives what shaped it.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { ParsedSource } from "../content/front-matter.ts";
import type { PageRecord } from "../output/page-writer.ts";
import { cacheDir } from "../compile/cache.ts";
import { ENGINE_KEY } from "../version.ts";

/** One content access a page's template made, and the value it saw. */
export interface Dependency {
  collection: string;
  /** An index of a list, -1 for a single entry, -2 for the list's length. */
  index: number;
  value: string;
}

export interface PageState {
  /** Everything the page was rendered from that is known before rendering it. */
  key: string;
  /** What its templates read of the collections while rendering it. */
  deps: Dependency[];
  /** The images it used (their stems), published again when the page is reused. */
  images: string[];
  record: PageRecord;
  /** Size and modification time of the file written, to know it is still the one in the output folder. */
  mtimeMs: number;
}

export interface BuildState {
  parsed: Map<string, ParsedSource>;
  markdown: Map<string, string>;
  pages: Map<string, PageState>;
}

const FORMAT = 1;

export const emptyState = (): BuildState => ({ parsed: new Map(), markdown: new Map(), pages: new Map() });

function stateFile(root: string, outDir: string): string {
  const scope = createHash("sha256").update(`${path.resolve(root)}\0${path.resolve(outDir)}`).digest("hex").slice(0, 16);
  return path.join(cacheDir, `build-${scope}.v8`);
}

/** The previous build's state, or an empty one when there is none, it is damaged, or another engine wrote it. */
export function loadBuildState(root: string, outDir: string): BuildState {
  try {
    const stored = deserialize(readFileSync(stateFile(root, outDir))) as { format: number; engine: string; state: BuildState };
    if (stored.format === FORMAT && stored.engine === ENGINE_KEY) return stored.state;
  } catch {
    // No state yet, or a damaged file: start from nothing.
  }
  return emptyState();
}

/** Stores the state under a private name and renames it, so a reader never sees half a file. */
export function saveBuildState(root: string, outDir: string, state: BuildState): void {
  const file = stateFile(root, outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, serialize({ format: FORMAT, engine: ENGINE_KEY, state }));
  renameSync(temporary, file);
}

/** A SHA-256 of the parts, in hex. */
export function hashOf(...parts: Array<string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}
