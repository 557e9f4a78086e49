// The rendered markdown a build keeps for the next, in files of its own beside the build state: most builds that
// reuse pages never read them (a page that is not rendered does not need its entries' HTML), so the state stays
// small and quick to load. The bodies are in two files: the base, and the additions since it was written. A build
// that renders a few bodies writes only the additions; the base is written again (with every body still used) when
// the additions and the bodies no longer used grow past a quarter of it, so one edited post does not rewrite the
// whole store, whose size grows with the site.
import { readFileSync, rmSync } from "node:fs";
import { deserialize, serialize } from "node:v8";
import type { RenderedMarkdown } from "../content/markdown/index.ts";
import type { MarkdownCache } from "../content/types.ts";
import type { PlainNote } from "../content/highlight/index.ts";
import { writeAtomically } from "../compile/cache.ts";

/**
 * Whether a kept body has a highlighted code block, with the files its relative links name and its blocks in a
 * language Shiki does not have, when it has any (told by every build that uses it, without reading its file).
 */
export type BodyFacts = boolean | [code: boolean, refs: string[], notes?: PlainNote[]];

/** What the build state stores of the markdown cache: each key's facts, and which keys are in which file. */
export interface MarkdownIndex {
  keys: Array<[string, BodyFacts]>;
  /** The keys held by the additions' file (the others are in the base). */
  added: string[];
  /** How many bodies the base file holds, used or not. */
  baseSize: number;
}

export interface StoredMarkdown extends MarkdownCache {
  /** What the build state stores of it. */
  index(): MarkdownIndex;
  /** Writes what changed: the additions, or the base again when that pays. */
  save(): Promise<void>;
}

/** The additions are merged into the base once they and the base's unused bodies pass this share of it. */
const MERGE_SHARE = 0.25;
/** ...and never before they hold this many: a small site writes one file. */
const MERGE_FLOOR = 64;

/**
 * A markdown cache backed by `files` (none: in memory only, as the dev server keeps it). In a file each body is a
 * pair (its headings as one string, its HTML), quicker to store and read back than an object (and to store than
 * one string of both); one read from a file is made an object when asked for.
 */
export function markdownStore(
  files?: { base: string; added: string },
  index: MarkdownIndex = { keys: [], added: [], baseSize: 0 },
): StoredMarkdown {
  const keys = new Map(index.keys);
  const inAdded = new Set(index.added);
  let baseSize = index.baseSize;
  /** Bodies rendered by this process, by key. */
  const fresh = new Map<string, RenderedMarkdown>();
  let base: Map<string, RenderedMarkdown | Encoded> | undefined;
  let added: Map<string, RenderedMarkdown | Encoded> | undefined;
  let changed = false;
  const read = (file: string | undefined, wanted: boolean) => {
    if (!file || !wanted) return new Map<string, Encoded>();
    try {
      return deserialize(readFileSync(file)) as Map<string, Encoded>;
    } catch {
      // A damaged or missing file: its bodies are rendered again.
      return new Map<string, Encoded>();
    }
  };
  const loadBase = () => (base ??= read(files?.base, baseSize > 0));
  const loadAdded = () => (added ??= read(files?.added, inAdded.size > 0));
  const held = (key: string) => {
    const found = fresh.get(key);
    if (found) return found;
    const segment = inAdded.has(key) ? loadAdded() : loadBase();
    const value = segment.get(key);
    if (!Array.isArray(value)) return value;
    const rendered = decode(value, keys.get(key) ?? false);
    segment.set(key, rendered);
    return rendered;
  };
  const live = (segment: Map<string, RenderedMarkdown | Encoded>, wanted: (key: string) => boolean) =>
    [...segment].filter(([key]) => keys.has(key) && wanted(key)).map(([key, value]) => [key, encode(value)] as const);
  return {
    has: (key) => keys.has(key),
    code: (key) => codeOf(keys.get(key)),
    refs: (key) => refsOf(keys.get(key)),
    notes: (key) => notesOf(keys.get(key)),
    get: (key) => (keys.has(key) ? held(key) : undefined),
    peek: (key) => fresh.get(key),
    set(key, rendered) {
      fresh.set(key, rendered);
      keys.set(key, factsOf(rendered));
      changed = true;
    },
    retain(used) {
      for (const key of keys.keys()) {
        if (used.has(key)) continue;
        keys.delete(key);
        inAdded.delete(key);
        fresh.delete(key);
        changed = true;
      }
    },
    index: () => ({ keys: [...keys], added: [...inAdded], baseSize }),
    async save() {
      if (!changed || !files) return;
      changed = false;
      const inBase = (key: string) => !inAdded.has(key) && !fresh.has(key);
      const unusedInBase = baseSize - [...keys.keys()].filter(inBase).length;
      const addedNow = new Set([...inAdded, ...fresh.keys()]);
      if (fresh.size === 0 && unusedInBase <= Math.max(MERGE_FLOOR, baseSize * MERGE_SHARE)) {
        // Only bodies forgotten: the files may keep them until the next merge; the index no longer names them.
        return;
      }
      // The index changes now (the state is stored with it as these files are written).
      if (addedNow.size + unusedInBase <= Math.max(MERGE_FLOOR, (baseSize - unusedInBase) * MERGE_SHARE)) {
        const kept = live(loadAdded(), (key) => !fresh.has(key));
        const contents = serialize(new Map([...kept, ...live(fresh, () => true)]));
        inAdded.clear();
        for (const key of addedNow) inAdded.add(key);
        return writeAtomically(files.added, contents);
      }
      // Every body still used, in one file again.
      const all = [
        ...live(loadBase(), inBase),
        ...live(loadAdded(), (key) => !fresh.has(key)),
        ...live(fresh, () => true),
      ];
      const contents = serialize(new Map(all));
      baseSize = all.length;
      inAdded.clear();
      await writeAtomically(files.base, contents);
      rmSync(files.added, { force: true });
    },
  };
}

/**
 * A rendered body as stored: its headings as JSON ([depth, text, id] each; 0 for none), its HTML, and where its
 * summary's marker was, if it had one.
 */
type Encoded = [headings: string | 0, html: string, more?: number];

function encode(rendered: RenderedMarkdown | Encoded): Encoded {
  if (Array.isArray(rendered)) return rendered;
  const { html, headings, more } = rendered;
  const head = headings.length > 0 ? JSON.stringify(headings.map((h) => [h.depth, h.text, h.id])) : 0;
  return more === undefined ? [head, html] : [head, html, more];
}

function decode([head, html, more]: Encoded, facts: BodyFacts): RenderedMarkdown {
  const headings =
    head === 0
      ? []
      : (JSON.parse(head) as Array<[number, string, string]>).map(([depth, text, id]) => ({ depth, text, id }));
  const [refs, notes] = [refsOf(facts), notesOf(facts)];
  const marked = more === undefined ? {} : { more };
  return { html, headings, code: codeOf(facts), ...marked, ...(refs ? { refs } : {}), ...(notes ? { notes } : {}) };
}

function factsOf({ code, refs, notes }: RenderedMarkdown): BodyFacts {
  if (notes) return [code, refs ?? [], notes];
  return refs ? [code, refs] : code;
}

const codeOf = (facts: BodyFacts | undefined) => (Array.isArray(facts) ? facts[0] : facts === true);
const refsOf = (facts: BodyFacts | undefined) => (Array.isArray(facts) && facts[1].length > 0 ? facts[1] : undefined);
const notesOf = (facts: BodyFacts | undefined) => (Array.isArray(facts) ? facts[2] : undefined);
