// The dev server's file watching: chokidar over the site definition, content/ and templates/. It keeps
// seeing a file after a save that renames another file over it (editors' safe writes, sed -i, mv, git
// checkout), which Node's recursive fs.watch loses, and watches folders made after start. chokidar drops a
// second change of a file within 50 ms; its raw events are taken too, so no save is missed. A burst of
// changes is reported once.
import { statSync } from "node:fs";
import path from "node:path";
import { watch } from "chokidar";

export interface Watcher {
  /** Resolves once the initial scan is done: every later change is reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** How long a burst of events is gathered before it is reported as one change. */
const SETTLE_MS = 30;

/**
 * Watches files and folder trees and calls `onChange` with the absolute paths changed, added or removed in
 * a burst. Dot-files (editors' swap and lock files) are not watched: the content loader skips them too.
 * With `changedSince` (a time in ms), a file found by the first scan that was modified since then counts
 * as changed: what was saved while the scan had not reached its folder yet is not missed.
 */
export function watchFiles(targets: string[], onChange: (files: string[]) => void, options: { changedSince?: number } = {}): Watcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let scanned = false;
  const hidden = (file: string) => path.basename(file).startsWith(".") && !targets.includes(file);
  const since = options.changedSince;
  const watcher = watch(targets, { ignoreInitial: since === undefined, alwaysStat: since !== undefined, ignored: hidden });
  const changed = (file: string) => {
    if (hidden(file)) return;
    pending.add(path.resolve(file));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending];
      pending = new Set();
      onChange(files);
    }, SETTLE_MS);
  };
  watcher.on("all", (event, file, stats) => {
    // The first scan reports every file: only those modified since `changedSince` are changes.
    const found = !scanned && (event === "add" || event === "addDir");
    const savedSince = event === "add" && since !== undefined && (stats?.mtimeMs ?? 0) >= since;
    if (!found || savedSince) changed(file);
  });
  // Raw events come from the watch of a folder (a child's name) or of a file (its own name, or the name
  // of the file renamed over it): a file's event is about that file.
  watcher.on("raw", (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watched || !name) return;
    changed(rawEventPath(watched, name));
  });
  const ready = new Promise<void>((resolve) =>
    watcher.once("ready", () => {
      scanned = true;
      resolve();
    }),
  );
  return {
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

/**
 * The path a raw event is about: a child of a watched folder, or the watched file itself, whatever name
 * its event carries (after a rename-over save, that of the temporary file: never a path under a file).
 */
export function rawEventPath(watched: string, name: string): string {
  if (path.basename(watched) === name) return watched;
  try {
    return statSync(watched).isDirectory() ? path.join(watched, name) : watched;
  } catch {
    return watched;
  }
}
