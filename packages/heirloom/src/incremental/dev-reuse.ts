// What the dev server keeps between saves, so that a save at any size is served in milliseconds: the last
// walk of content/ (until a file is added or removed), every entry of an unchanged file, its valid entry and
// its routes (until the definition changes). Handed to the content and routes stages to reuse.
import { statSync } from "node:fs";
import path from "node:path";
import type { SitePaths } from "../config/options.ts";
import { DEFINITION_FILE } from "../config/definition-file.ts";
import type { CompiledPart } from "./types.ts";
import type { ContentItem, KeptItems, Placement, PreviousLoad, RawContent } from "../content/types.ts";
import type { RouteReuse, KnownRoute } from "../routes/types.ts";

/** Where dev keeps what it made of an entry, on the entry, with the generation it was made in. */
const KEPT = Symbol("heirloom.devReuse");
type Marked<T> = { [KEPT]?: { generation: object; value: T } };

/** One load in progress: what it may take from the last one, and how it ends. */
export interface DevLoad {
  reuse: PreviousLoad | undefined;
  /** The load succeeded: it is what the next one starts from. */
  done(raw: RawContent): void;
  /** It failed: what it was to read is read again by the next one. */
  failed(): void;
}

export class DevReuse {
  /** The last load that succeeded. */
  private last: RawContent | undefined;
  /** Files under content/ (relative, forward slashes) changed since `last`. */
  private changed = new Set<string>();
  /**
   * What is kept with an entry is marked with this object: a new one when the definition changes. (Held on
   * the entries themselves, under a symbol only this file knows: a map of every entry costs more at 10,000.)
   */
  private generation = {};

  /** Valid entries of unchanged files, kept with their sources. */
  readonly validation: KeptItems = {
    item: (source) => {
      const kept = (source as Marked<ContentItem>)[KEPT];
      return kept?.generation === this.generation ? kept.value : undefined;
    },
    keep: (source, item) => void ((source as Marked<ContentItem>)[KEPT] = { generation: this.generation, value: item }),
  };

  /** The routes made for entries kept since, by the entry route that made each. */
  readonly routing: RouteReuse = {
    route: (item, declared) => {
      const kept = (item as Marked<Array<KnownRoute | undefined>>)[KEPT];
      return kept?.generation === this.generation ? kept.value[declared] : undefined;
    },
    keep: (item, declared, route) => {
      const marked = item as Marked<Array<KnownRoute | undefined>>;
      if (marked[KEPT]?.generation !== this.generation) marked[KEPT] = { generation: this.generation, value: [] };
      marked[KEPT].value[declared] = route;
    },
  };

  constructor(private readonly contentDir: string) {}

  /** Files under content/ that changed (absolute paths; others are ignored). */
  contentChanged(files: string[]): void {
    for (const file of files) this.changed.add(path.relative(this.contentDir, file).split(path.sep).join("/"));
  }

  /** A new definition may read every file differently: nothing of the last load is kept. */
  forgetAll(): void {
    this.last = undefined;
    this.generation = {};
  }

  /** Starts a load: the files changed until now are read again, those changed meanwhile by the next one. */
  beginLoad(): DevLoad {
    const reading = this.changed;
    this.changed = new Set();
    const last = this.last;
    return {
      reuse: last && loadReuse(last, reading, this.contentDir),
      done: (raw) => void (this.last = raw),
      failed: () => reading.forEach((file) => this.changed.add(file)),
    };
  }
}

/** What the next load may reuse of the last: its walk while it still holds, its entries of unchanged files. */
function loadReuse(last: RawContent, changed: Set<string>, contentDir: string): PreviousLoad {
  return {
    placement: sameWalk(last.placement, changed, contentDir),
    unchanged(placement) {
      // With the same walk, the last entries stand in the same order; after a new walk they are found by file.
      const inSameOrder = placement === last.placement ? last.read : undefined;
      const byFile = inSameOrder ? undefined : new Map(last.entries.map((e) => [e.file, e]));
      return placement.toRead.map(({ relative, file, collection }, i) => {
        if (changed.has(relative)) return undefined;
        const before = inSameOrder ? inSameOrder[i] : byFile?.get(file);
        return before?.collection === collection ? before : undefined;
      });
    },
  };
}

/**
 * The last walk, when every file saved since is still a file it placed (no file added or removed). A path
 * that is gone and was never placed, nor a folder of placed files (an editor's or sed's temporary file,
 * renamed over the saved one), changes nothing.
 */
function sameWalk(placement: Placement, changed: Set<string>, contentDir: string): Placement | undefined {
  for (const relative of changed) {
    if (relative.startsWith("../")) continue;
    const stat = statOrNothing(path.join(contentDir, relative));
    const placed = placement.files.has(relative);
    if (!placed && !stat && !holdsPlaced(placement, relative)) continue;
    if (!placed || !stat?.isFile()) return undefined;
  }
  return placement;
}

/** Whether the walk placed files under this path (a folder removed or moved away since). */
function holdsPlaced(placement: Placement, relative: string): boolean {
  const prefix = relative === "" ? "" : `${relative}/`;
  for (const file of placement.files) if (file.startsWith(prefix)) return true;
  return false;
}

/** The file's stat, or undefined when nothing is there (ENOTDIR too: the watcher may name a child of a file). */
function statOrNothing(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** The compiled part a changed file belongs to: the definition, the assets (scripts, styles), the templates. */
export function partOf(paths: SitePaths, file: string): CompiledPart | undefined {
  if (file === path.join(paths.root, DEFINITION_FILE)) return "definition";
  const inTemplates = path.relative(paths.templatesDir, file);
  if (inTemplates.startsWith("..")) return undefined;
  return /^(islands|styles)[\\/]/.test(inTemplates) ? "assets" : "templates";
}
