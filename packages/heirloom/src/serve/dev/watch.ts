// The dev server's file watching: one `fs.watch` per folder (never one per file, so 10,000 posts in a
// folder cost one watch and a save costs no scan), over the site definition, content/ and templates/.
// A folder's watch names the child each event is about, whatever the save did: written in place, renamed
// over (editors' safe writes, sed -i, mv, git checkout), deleted and made again. A folder made after
// start is watched from then on, with what it already holds reported. A burst of changes is reported once.
import { type FSWatcher, type Stats, statSync, watch } from "node:fs";
import path from "node:path";
import { listTree } from "../../content/files/index.ts";

export interface Watcher {
  /** Resolves once every folder is watched: every later change is reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** How long a burst of events is gathered before it is reported as one change. */
const SETTLE_MS = 30;

/**
 * Watches files and folder trees and calls `onChange` with the absolute paths changed, added or removed in
 * a burst (a folder made or removed is named itself, and the files found in a new one). Dot-files
 * (editors' swap and lock files) are not reported: the content loader skips them too. With `changedSince`
 * (a time in ms), a file already there when watching starts that was modified since then counts as
 * changed: what was saved before its folder was watched is not missed.
 */
export function watchFiles(
  targets: string[],
  onChange: (files: string[]) => void,
  options: { changedSince?: number } = {},
): Watcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const watchers = new Map<string, FSWatcher>();
  const trees = targets.filter((t) => statOrNothing(t)?.isDirectory());
  // Each target is seen through its parent folder's watch too: a file renamed over, a folder made again.
  const named = new Set(targets);
  const hidden = (file: string) => path.basename(file).startsWith(".") && !targets.includes(file);
  const inTree = (dir: string) => trees.some((tree) => dir === tree || dir.startsWith(tree + path.sep));

  const changed = (file: string) => {
    if (closed || hidden(file)) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending];
      pending = new Set();
      onChange(files);
    }, SETTLE_MS);
  };
  const watchFolder = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const watcher = watch(dir, (event, name) => onEvent(dir, event, name));
      watcher.on("error", () => forget(dir));
      watchers.set(dir, watcher);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ENOTDIR")
        throw error;
    }
  };
  const forget = (dir: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched !== dir && !watched.startsWith(dir + path.sep)) continue;
      watcher.close();
      watchers.delete(watched);
    }
  };
  /** Watches a folder and every folder under it; the files in them, relative to it. */
  const watchTree = (dir: string) =>
    listTree(dir, watchFolder).then(
      (listing) => listing.files,
      (): string[] => [],
    );
  /**
   * A folder made or moved in: watched, and every file it holds reported. A watch kept from a folder of the
   * same name that was deleted or moved away watches nothing now: it is replaced.
   */
  const follow = (dir: string) => {
    forget(dir);
    void watchTree(dir).then((files) => files.forEach((file) => changed(path.join(dir, file))));
  };
  const onEvent = (dir: string, event: string, name: string | Buffer | null) => {
    if (closed) return;
    if (!name) return changed(dir);
    const file = path.join(dir, name.toString());
    if (!inTree(dir)) {
      // The parent of a file target: only that file's events count (a target folder made again is watched again).
      if (!named.has(file)) return;
      changed(file);
      if (!trees.includes(file)) return;
      if (statOrNothing(file)?.isDirectory()) follow(file);
      else forget(file);
      return;
    }
    changed(file);
    if (event !== "rename") return;
    // Made, moved in, removed or moved out: a folder made is watched, with what it holds reported.
    if (statOrNothing(file)?.isDirectory()) follow(file);
    else forget(file);
  };

  for (const target of targets) watchFolder(path.dirname(target));
  const since = options.changedSince;
  const ready = Promise.all(
    trees.map(async (tree) => {
      for (const file of await watchTree(tree)) {
        const full = path.join(tree, file);
        if (since !== undefined && (statOrNothing(full)?.mtimeMs ?? 0) >= since) changed(full);
      }
    }),
  ).then(() => undefined);
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function statOrNothing(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
