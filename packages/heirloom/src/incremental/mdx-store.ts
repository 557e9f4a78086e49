// Compiled MDX bodies, kept by their key (the body's bytes and the engine's build): in memory for one site's builds
// (dev's saves), and as files under the cache's mdx/ for the next build. A build without reuse (--no-cache)
// reads none of the files but still writes what it compiles. A file that cannot be read is compiled again.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CompiledMdx, MdxCache } from "../content/types.ts";

/** The store of one site's builds (its Incremental): in memory for as long as it lives, and in the cache's files. */
export function mdxStore(cacheDir: string, reuse: boolean): MdxCache {
  // A compile depends on nothing but its key.
  const compiled = new Map<string, CompiledMdx>();
  const fileOf = (key: string) => path.join(cacheDir, "mdx", `${key}.json`);
  return {
    get(key) {
      let known = compiled.get(key);
      if (!known && reuse) known = readCached(fileOf(key));
      if (known) compiled.set(key, known);
      return known;
    },
    set(key, body) {
      compiled.set(key, body);
      writeCached(fileOf(key), body);
    },
  };
}

function readCached(file: string): CompiledMdx | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as CompiledMdx;
  } catch {
    return undefined; // not compiled before, or damaged: compiled again
  }
}

/** Written under a private name and renamed, so another build never reads half a file. */
function writeCached(file: string, body: CompiledMdx): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(body));
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written costs the next build a compile, nothing more.
  }
}
