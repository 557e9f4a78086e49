// A disk cache for esbuild results that stays valid while the files they were built from are unchanged:
// each entry records the SHA-256 of every input, so a build with untouched templates skips esbuild entirely.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { cacheDir } from "./cache.ts";

interface Entry<T> {
  inputs: Array<[file: string, sha256: string]>;
  data: T;
}

const entryFile = (name: string, scope: string) =>
  path.join(cacheDir, `${name}-${createHash("sha256").update(scope).digest("hex").slice(0, 12)}.json`);

async function hashFile(file: string): Promise<string | undefined> {
  try {
    return createHash("sha256").update(await readFile(file)).digest("hex");
  } catch {
    return undefined;
  }
}

/** The cached data for `scope` (such as a templates folder), if no input changed since it was stored. */
export async function readStamped<T>(name: string, scope: string): Promise<T | undefined> {
  let entry: Entry<T>;
  try {
    entry = JSON.parse(await readFile(entryFile(name, scope), "utf8")) as Entry<T>;
  } catch {
    return undefined;
  }
  const current = await Promise.all(entry.inputs.map(([file]) => hashFile(file)));
  return entry.inputs.every(([, hash], i) => current[i] === hash) ? entry.data : undefined;
}

/**
 * Stores data with the hashes of the files it was made from (absolute paths). `startedMs` is when the
 * work began: if an input was modified since, the result may predate it and is not stored.
 */
export async function writeStamped<T>(name: string, scope: string, inputs: string[], data: T, startedMs: number): Promise<void> {
  const times = await Promise.all(inputs.map((file) => stat(file).then((s) => s.mtimeMs, () => Infinity)));
  if (times.some((t) => t >= startedMs)) return;
  const hashes = await Promise.all(inputs.map(async (file) => [file, (await hashFile(file)) ?? ""] as [string, string]));
  const file = entryFile(name, scope);
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await mkdir(cacheDir, { recursive: true });
  await writeFile(temporary, JSON.stringify({ inputs: hashes, data } satisfies Entry<T>));
  await rename(temporary, file);
}

/** Absolute paths of an esbuild metafile's inputs (they are relative to its working directory). */
export function metafileInputs(metafile: { inputs: Record<string, unknown> } | undefined, workingDir: string): string[] {
  return Object.keys(metafile?.inputs ?? {})
    .filter((input) => !input.includes(":"))
    .map((input) => path.resolve(workingDir, input));
}
