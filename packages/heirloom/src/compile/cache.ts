// Where a site's cached work lives (compiled templates and definition, bundled assets, processed images, the
// build state), how a use is recorded, and how entries unused for weeks are pruned.
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where a site's cached work lives: HEIRLOOM_CACHE_DIR when it is set; else node_modules/.cache/heirloom
 * beside the nearest package.json at or above the site's folder (where tools keep their caches); else the
 * site's own .heirloom/cache. Never in the engine's folder, which may be installed read-only.
 */
export function cacheDirFor(root: string): string {
  if (process.env.HEIRLOOM_CACHE_DIR) return path.resolve(process.env.HEIRLOOM_CACHE_DIR);
  const site = path.resolve(root);
  for (let dir = site; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return path.join(dir, "node_modules", ".cache", "heirloom");
    if (dir === path.dirname(dir)) return path.join(site, ".heirloom", "cache");
  }
}

/**
 * Writes a file whole or not at all: under a private name (concurrent builds may write the same one), then renamed
 * into place; the private file is removed if anything fails.
 */
export async function writeAtomically(file: string, contents: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Entries not used for this long are removed when something new is stored. */
const UNUSED_FOR_MS = 14 * 24 * 60 * 60 * 1000;
/** Pruning walks the whole cache, so it runs at most this often: the time of its marker says when it last did. */
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

/** The file whose modification time says when the cache in `dir` was last pruned. */
export const pruneMarker = (dir: string) => path.join(dir, ".pruned");

/** Marks cache files as used now (their modification time), so pruning keeps them. */
export async function markCacheUsed(...files: string[]): Promise<void> {
  const now = new Date();
  await Promise.all(files.map((file) => utimes(file, now, now).catch(() => undefined)));
}

/**
 * Removes cache files (images/ included) unused for two weeks. Runs when a new entry is stored, at most once
 * a day (each template save in dev stores one, and a walk of a cache of thousands of files is slow),
 * and measures "now" by the file system's clock, from the entry just written: a process whose clock is off
 * (a test's shifted clock, a container's) would otherwise take the files it just wrote for old ones.
 * Another build may be about to read a file it removes, which that build treats as a miss and makes again.
 * The compiled CLI (cli-*.cjs) is left to the shim that makes it.
 */
export async function pruneCache(stored: string, cacheDir: string): Promise<void> {
  const now = (await stat(stored).catch(() => undefined))?.mtimeMs;
  if (now === undefined) return;
  const last = (await stat(pruneMarker(cacheDir)).catch(() => undefined))?.mtimeMs;
  if (last !== undefined && now >= last && now - last < PRUNE_EVERY_MS) return;
  await writeFile(pruneMarker(cacheDir), "");
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
