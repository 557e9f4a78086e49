// The dev server's file watching: one `fs.watch` per folder (never one per file, so 10,000 posts in a
// folder cost one watch and a save costs no scan), over the site definition, content/ and templates/.
// A folder's watch names the child each event is about, whatever the save did: written in place, renamed
// over (editors' safe writes, sed -i, mv, git checkout), deleted and made again. A folder made after
// start is watched from then on, with what it already holds reported. A burst of changes is reported once.
import { type FSWatcher, type Stats, readdirSync, realpathSync, statSync, watch } from "node:fs";
import path from "node:path";

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
export function watchFiles(targets: string[], onChange: (files: string[]) => void, options: { changedSince?: number } = {}): Watcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const watchers = new Map<string, FSWatcher>();
  const trees = targets.filter((t) => statOrNothing(t)?.isDirectory());
  // A file target (or a folder target that is not there yet) is seen through its parent folder's watch.
  const named = new Set(targets.filter((t) => !trees.includes(t)).concat(trees));
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
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ENOTDIR") throw error;
    }
  };
  const forget = (dir: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched !== dir && !watched.startsWith(dir + path.sep)) continue;
      watcher.close();
      watchers.delete(watched);
    }
  };
  /** Watches a folder and every folder under it; calls `found` with each file in them. */
  const watchTree = (dir: string, found: (file: string, stat: () => Stats | undefined) => void, seen = new Set<string>()) => {
    const real = realOrNothing(dir);
    if (!real || seen.has(real)) return;
    seen.add(real);
    watchFolder(dir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const child = path.join(dir, entry.name);
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && statOrNothing(child)?.isDirectory());
      if (isDir) watchTree(child, found, seen);
      else found(child, () => statOrNothing(child));
    }
  };
  const onEvent = (dir: string, event: string, name: string | Buffer | null) => {
    if (closed) return;
    if (!name) return changed(dir);
    const file = path.join(dir, name.toString());
    if (!inTree(dir)) {
      // The parent of a file target: only that file's events count (a target folder made again is watched again).
      if (!named.has(file)) return;
      changed(file);
      if (trees.includes(file) && statOrNothing(file)?.isDirectory()) watchTree(file, changed);
      return;
    }
    changed(file);
    if (event !== "rename") return;
    // Made, moved in, removed or moved out: a folder made is watched, with what it holds reported.
    if (statOrNothing(file)?.isDirectory()) watchTree(file, changed);
    else forget(file);
  };

  for (const target of targets) if (!trees.includes(target)) watchFolder(path.dirname(target));
  for (const tree of trees) {
    watchFolder(path.dirname(tree));
    const since = options.changedSince;
    watchTree(tree, (file, stat) => {
      if (since !== undefined && (stat()?.mtimeMs ?? 0) >= since) changed(file);
    });
  }
  return {
    ready: Promise.resolve(),
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

function realOrNothing(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}
