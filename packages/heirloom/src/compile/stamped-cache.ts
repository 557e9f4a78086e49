// A disk cache for esbuild results that stays valid while the files they were built from are unchanged:
// each entry records the SHA-256 of the bytes esbuild actually compiled (read through a plugin, so a file
// saved during the compile is never recorded with its new bytes), and the key holds esbuild's version
// and options. A build with untouched sources skips esbuild entirely.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "esbuild";
import { markCacheUsed, pruneCache } from "./cache.ts";

interface Entry<T> {
  inputs: Array<[file: string, sha256: string]>;
  data: T;
}

const esbuildVersion = (createRequire(import.meta.url)("esbuild/package.json") as { version: string }).version;

/** A cache key: esbuild's version, the options and whatever else shapes the result (entries, folders). */
export function esbuildScope(...parts: unknown[]): string {
  return [esbuildVersion, ...parts.map((p) => (typeof p === "string" ? p : JSON.stringify(p)))].join("\0");
}

const entryFile = (cacheDir: string, name: string, scope: string) =>
  path.join(cacheDir, `${name}-${createHash("sha256").update(scope).digest("hex").slice(0, 12)}.json`);

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** The SHA-256 of a file now; "" when it does not exist. */
export async function hashFile(file: string): Promise<string> {
  return readFile(file).then(sha256, () => "");
}

/**
 * An esbuild plugin that reads every source file itself and records the SHA-256 of the bytes handed to
 * esbuild; esbuild then treats them as it would the file (its loader for the extension). `appended` adds code
 * after a file's own (by absolute path): what is recorded is the file's bytes, the code belongs in the key.
 */
export function recordInputs(appended: Record<string, string> = {}): { plugin: Plugin; inputs: Map<string, string> } {
  const inputs = new Map<string, string>();
  const plugin: Plugin = {
    name: "heirloom-record-inputs",
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: "file" }, async (args) => {
        const contents = await readFile(args.path);
        inputs.set(args.path, sha256(contents));
        const extra = Object.hasOwn(appended, args.path) ? appended[args.path] : undefined;
        return { contents: extra ? Buffer.concat([contents, Buffer.from(extra)]) : contents, loader: "default" };
      });
    },
  };
  return { plugin, inputs };
}

/** The cached data for `scope` in the cache `cacheDir`, if every input still holds the bytes it was made from. */
export async function readStamped<T>(cacheDir: string, name: string, scope: string): Promise<T | undefined> {
  const file = entryFile(cacheDir, name, scope);
  let entry: Entry<T>;
  try {
    entry = JSON.parse(await readFile(file, "utf8")) as Entry<T>;
  } catch {
    return undefined;
  }
  const current = await Promise.all(entry.inputs.map(([input]) => hashFile(input)));
  if (!entry.inputs.every(([, hash], i) => current[i] === hash)) return undefined;
  await markCacheUsed(file);
  return entry.data;
}

/** Stores data with the hashes of the bytes it was made from (absolute paths; "" for a file that was absent). */
export async function writeStamped<T>(
  cacheDir: string,
  name: string,
  scope: string,
  inputs: Map<string, string>,
  data: T,
): Promise<void> {
  const file = entryFile(cacheDir, name, scope);
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await mkdir(cacheDir, { recursive: true });
  await writeFile(temporary, JSON.stringify({ inputs: [...inputs], data } satisfies Entry<T>));
  await rename(temporary, file);
  await pruneCache(file, cacheDir);
}
