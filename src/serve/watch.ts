// The dev server's file watching: chokidar over the site definition, content/ and templates/. It keeps
// seeing a file after a save that renames another file over it (editors' safe writes, sed -i, mv, git
// checkout), which Node's recursive fs.watch loses, and watches folders made after start. chokidar drops a
// second change of a file within 50 ms; its raw events are taken too, so no save is missed. A burst of
// changes is reported once.
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
 */
export function watchFiles(targets: string[], onChange: (files: string[]) => void): Watcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const hidden = (file: string) => path.basename(file).startsWith(".") && !targets.includes(file);
  const watcher = watch(targets, { ignoreInitial: true, ignored: hidden });
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
  watcher.on("all", (_event, file) => changed(file));
  // Raw events come from the watch of a folder (the child's name) or of a file (its own name).
  watcher.on("raw", (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watched || !name) return;
    changed(path.basename(watched) === name ? watched : path.join(watched, name));
  });
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
