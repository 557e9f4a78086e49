// The staging folder a build writes into, beside the output folder; committed by renames, so the output
// folder is only ever the old site or the complete new one. Creating thousands of files and folders is
// the slow part of writing a site, so a staging folder may start from a seed (a folder of an earlier site,
// with a record of what it holds): its folders are there already, and a file that already holds the right
// bytes is not written at all. A large seed is listed on another thread while the site is prepared. Files are
// written on the threadpool (file-writes.ts) while the main thread renders; the swap waits for every one.
import { hash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { chmod, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { cleared, leaves } from "../../compile/supervisor.ts";
import { type FileWrites, fileWrites } from "./file-writes.ts";
import { type SeedListing, listFolder } from "./seed-listing.ts";
import { listTracked, refuseTrackedLosses } from "./tracked.ts";

/** What a file of the output holds, and the size and time that show it is still that file. */
export interface FileState {
  sha256: string;
  size: number;
  mtimeMs: number;
}

/** Every file of an output folder by its path (forward slashes). */
export type Manifest = Map<string, FileState>;

export interface Staging {
  /** The folder being written, `<out>.tmp-<pid>`. */
  dir: string;
  /** Folders the staging folder already has (relative), for writers that create folders themselves. */
  folders: string[];
  /** The writes into the folder, on the threadpool: commit and discard wait for every one. */
  writes: FileWrites;
  /** What the staging folder already holds at that path (from the seed), if anything; reads it if need be. */
  holding(file: string): FileState | undefined;
  /**
   * What the seed's record says the file at that path held, without looking at it (whoever relies on
   * it checks that its size and time still match): "unknown" when a file is there that the manifest does
   * not name, undefined when none is.
   */
  recorded(file: string): FileState | "unknown" | undefined;
  /** Writes one file (path relative to the output folder), unless it already holds these bytes; started only. */
  write(file: string, contents: Uint8Array | string): void;
  /** Copies an unchanged file from the current output, unless the staging folder already holds it; started only. */
  copy(file: string, from: string, state: FileState): void;
  /** Counts a file written into the folder by someone else (the page writer), with its state. */
  record(file: string, state: FileState): void;
  /**
   * Removes what the new site does not hold, swaps it in; returns the new output's manifest, and the old
   * output folder, moved aside as `<out>.old-<pid>` for the caller to keep or remove. Refused (nothing
   * swapped) when the output folder holds files git tracks that the new site does not.
   */
  commit(): Promise<{ manifest: Manifest; retired?: string }>;
  /** Gives up: the output folder is left as it was, and a seed put back where it was. */
  discard(): Promise<void>;
}

/** A folder to start a staging folder from, and what its files held when they were last recorded. */
export interface Seed {
  dir: string;
  files: Manifest;
  /** Its files and folders, listed ahead (see listSeed); undefined: listed when the staging folder opens. */
  listing?: Promise<SeedListing | undefined>;
}

/**
 * A staging folder for `outDir`: the seed, moved into place (what its record says a file holds is trusted
 * while the file's size and modification time still match) or, without one, a new folder.
 */
export async function openStaging(outDir: string, seed?: Seed): Promise<Staging> {
  const dir = `${outDir}.tmp-${process.pid}`;
  // Asked now, answered by the time the pages are written.
  const tracked = listTracked(outDir);
  await rm(dir, { recursive: true, force: true });
  const recordedFiles = seed?.files ?? new Map<string, FileState>();
  let present = new Set<string>();
  let folders = new Set<string>([""]);
  // The seed is the previous site: a build that stops before the swap puts it back (its record still holds for
  // each file whose size and time match), so the next build starts from it too.
  const seedDir = seed && existsSync(seed.dir) ? seed.dir : undefined;
  leaves(dir, "folder", seedDir);
  if (seed && seedDir) {
    const listed = await seed.listing;
    await rename(seedDir, dir);
    if (listed) ({ files: present, folders } = listed);
    else ({ files: present, folders } = listFolder(dir));
  } else {
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o755);
  }

  const writes = fileWrites([...folders].map((f) => path.join(dir, f)));
  const written: Manifest = new Map();
  // Once swapped in or given up, the folder takes no more writes.
  let closed = false;
  // What a seed file holds: from its record while its size and time match, else read (much cheaper
  // than writing it again). Files are listed by name only: most are looked at by the page writers.
  const measured = new Map<string, FileState>();
  const recorded = (file: string) => (present.has(file) ? (recordedFiles.get(file) ?? "unknown") : undefined);
  const holding = (file: string) => {
    if (!present.has(file)) return undefined;
    let state = measured.get(file);
    if (!state) {
      const { size, mtimeMs } = statSync(path.join(dir, file));
      const known = recordedFiles.get(file);
      state =
        known && known.size === size && known.mtimeMs === mtimeMs
          ? known
          : {
              sha256: hash("sha256", readFileSync(path.join(dir, file))),
              size,
              mtimeMs,
            };
      measured.set(file, state);
    }
    return state;
  };
  // Recorded now, in the order the files come (the record's order), its size and time once written.
  const started = (file: string, sha256: string, done: Promise<{ size: number; mtimeMs: number }>) => {
    const state = { sha256, size: 0, mtimeMs: 0 };
    written.set(file, state);
    done.then(
      ({ size, mtimeMs }) => Object.assign(state, { size, mtimeMs }),
      () => {},
    );
  };
  return {
    dir,
    folders: [...folders].filter(Boolean),
    writes,
    holding,
    recorded,
    write(file, contents) {
      if (closed) return;
      const sha256 = hash("sha256", contents);
      const existing = holding(file);
      if (existing?.sha256 === sha256) return void written.set(file, existing);
      started(file, sha256, writes.write(path.join(dir, file), contents));
    },
    copy(file, from, state) {
      if (closed) return;
      const existing = holding(file);
      if (existing?.sha256 === state.sha256) return void written.set(file, existing);
      started(file, state.sha256, writes.copy(from, path.join(dir, file)));
    },
    record: (file, state) => void written.set(file, state),
    async commit() {
      closed = true;
      await writes.landed();
      refuseTrackedLosses(outDir, await tracked, written);
      removeUnwritten(dir, present, written);
      const retired = `${outDir}.old-${process.pid}`;
      const hadOld = existsSync(outDir);
      // Back to back, without yielding: between the two, the output folder is missing for microseconds
      // (a build killed right then has the old site put back by the next one, see recoverInterrupted).
      if (hadOld) leaves(retired, "folder", outDir);
      if (hadOld) renameSync(outDir, retired);
      renameSync(dir, outDir);
      cleared(dir);
      // Swapped: the old site is the previous one now, where the seed was, even if the build stops before it is kept.
      if (hadOld) leaves(retired, "folder", seedDir);
      return { manifest: written, retired: hadOld ? retired : undefined };
    },
    async discard() {
      // No write may land in the folder once it is removed.
      closed = true;
      await writes.landed().catch(() => {});
      if (seedDir && existsSync(dir) && !existsSync(seedDir)) await rename(dir, seedDir);
      else await rm(dir, { recursive: true, force: true });
      cleared(dir);
    },
  };
}

/** Files of the seed that the new site does not hold, and the folders they leave empty. */
function removeUnwritten(dir: string, present: Set<string>, written: Manifest): void {
  const emptied = new Set<string>();
  for (const file of present) {
    if (written.has(file)) continue;
    unlinkSync(path.join(dir, file));
    for (let folder = path.posix.dirname(file); folder !== "."; folder = path.posix.dirname(folder))
      emptied.add(folder);
  }
  const deepestFirst = [...emptied].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const folder of deepestFirst) {
    try {
      rmdirSync(path.join(dir, folder));
    } catch {
      // Not empty: the new site has files in it.
    }
  }
}
