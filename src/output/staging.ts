// The staging folder a build writes into, beside the output folder; committed by two renames, so the
// output folder is only ever the old site or the complete new one.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, linkSync, mkdirSync, writeFileSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";

export interface Staging {
  /** The folder being written, `<out>.tmp-<pid>`. */
  dir: string;
  /** Writes one file (path relative to the output folder). */
  write(file: string, contents: Uint8Array | string): void;
  /** Takes a file unchanged from the previous output: a hard link, or a copy where links are not possible. */
  reuse(file: string, previous: string): void;
  /** Counts files written into the folder by someone else (the page writer). */
  count(files: number): void;
  /** Replaces the output folder with the staging folder. */
  commit(): Promise<void>;
  /** Removes the staging folder; the output folder is left as it was. */
  discard(): Promise<void>;
}

/** Above this many files, the previous output is removed in the background. */
const BACKGROUND_REMOVAL = 2000;

/** Removes a folder in a detached process that outlives this one. */
export function removeInBackground(dir: string): void {
  const child = spawn(process.execPath, ["-e", "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })", dir], { detached: true, stdio: "ignore" });
  child.unref();
}

/** A fresh staging folder for `outDir`. Writes are synchronous: many small files go fastest that way. */
export async function openStaging(outDir: string): Promise<Staging> {
  const dir = `${outDir}.tmp-${process.pid}`;
  await rm(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const made = new Set<string>([dir]);
  const folderOf = (file: string) => {
    makeFolder(path.dirname(path.join(dir, file)), made, mkdirSync, path.dirname);
    return path.join(dir, file);
  };
  let files = 0;
  return {
    dir,
    write(file, contents) {
      files++;
      writeFileSync(folderOf(file), contents);
    },
    count: (n) => (files += n),
    reuse(file, previous) {
      files++;
      const target = folderOf(file);
      try {
        linkSync(previous, target);
      } catch {
        copyFileSync(previous, target);
      }
    },
    async commit() {
      const retired = `${outDir}.old-${process.pid}`;
      const hadOld = existsSync(outDir);
      if (hadOld) await rename(outDir, retired);
      await rename(dir, outDir);
      if (!hadOld) return;
      // Removing thousands of files costs seconds on some disks and nothing depends on it: a large old
      // site is removed by a detached process, and what it leaves (if killed) by the next build.
      // It is renamed first: a half-removed tree must never be taken for an old site to put back.
      if (files > BACKGROUND_REMOVAL) {
        const trash = `${outDir}.trash-${process.pid}`;
        await rename(retired, trash);
        removeInBackground(trash);
      } else await rm(retired, { recursive: true, force: true });
    },
    discard: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Creates a folder and its missing parents, remembering them: a plain mkdir is much cheaper than a
 * recursive one. Self-contained (the page writer's worker runs its source), so it is given mkdir and dirname.
 */
export function makeFolder(folder: string, made: Set<string>, mkdir: (folder: string) => void, dirname: (p: string) => string): void {
  if (made.has(folder)) return;
  makeFolder(dirname(folder), made, mkdir, dirname);
  try {
    mkdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  made.add(folder);
}
