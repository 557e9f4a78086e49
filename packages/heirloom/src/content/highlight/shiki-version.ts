// Shiki's version, for the keys of everything it shapes (rendered markdown, the code stylesheet), read without
// loading Shiki.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

let version: string | undefined;

/**
 * Shiki's version, for the keys of everything it shapes: read from the package.json in the folder Node would load
 * it from, without loading it (nor resolving through its exports, which costs a build that keeps its output 3 ms).
 */
export function shikiVersion(): string {
  if (version !== undefined) return version;
  const folders = createRequire(import.meta.url).resolve.paths("shiki") ?? [];
  const file = folders.map((folder) => path.join(folder, "shiki", "package.json")).find((f) => existsSync(f));
  version = file ? String(JSON.parse(readFileSync(file, "utf8")).version) : "none";
  return version;
}
