// Where cached work lives (compiled templates and definition, bundled assets, processed images), how a
// use is recorded, and how entries unused for weeks are pruned.
import { createRequire } from "node:module";
import { readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

/** Inside the node_modules that holds React, so compiled templates' `react` import resolves to it. */
const nodeModules = path.resolve(createRequire(import.meta.url).resolve("react/package.json"), "../..");

export const cacheDir = path.join(nodeModules, ".cache", "heirloom");

/** Entries not used for this long are removed when something new is stored. */
const UNUSED_FOR_MS = 14 * 24 * 60 * 60 * 1000;
/** Pruning walks the whole cache, so it runs at most this often: the time of `pruneMarker` says when it last did. */
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
export const pruneMarker = path.join(cacheDir, ".pruned");

/** Marks cache files as used now (their modification time), so pruning keeps them. */
export async function markCacheUsed(...files: string[]): Promise<void> {
  const now = new Date();
  await Promise.all(files.map((file) => utimes(file, now, now).catch(() => undefined)));
}

/**
 * Removes cache files (images/ included) unused for two weeks. Runs when a new entry is stored, at most once
 * a day (each template save in dev stores one, and a walk of a cache of thousands of files took 360 ms),
 * and measures "now" by the file system's clock, from the entry just written: a process whose clock is off
 * (a test's shifted clock, a container's) would otherwise take the files it just wrote for old ones.
 * Another build may be about to read a file it removes, which that build treats as a miss and makes again.
 * The compiled CLI (cli-*.cjs) is left to the shim that makes it.
 */
export async function pruneCache(stored: string): Promise<void> {
  const now = (await stat(stored).catch(() => undefined))?.mtimeMs;
  if (now === undefined) return;
  const last = (await stat(pruneMarker).catch(() => undefined))?.mtimeMs;
  if (last !== undefined && now >= last && now - last < PRUNE_EVERY_MS) return;
  await writeFile(pruneMarker, "");
  const prune = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return prune(file);
        if (entry.name.startsWith("cli-")) return;
        const info = await stat(file).catch(() => undefined);
        if (info && now - info.mtimeMs > UNUSED_FOR_MS) await rm(file, { force: true });
      }),
    );
  };
  await prune(cacheDir);
}
