// The engine's version (from package.json), its exact build key (a hash of its sources, package.json and
// installed packages), its folder and the files of its side bundles, all set when the CLI is compiled
// (bin/compile-cli.js); run from source (the tests), the version stands in for the key, the folder is the one
// above src/ and MDX and Shiki are imported from their packages.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

declare const __HEIRLOOM_VERSION__: string | undefined;
declare const __HEIRLOOM_BUILD_KEY__: string | undefined;
declare const __HEIRLOOM_ENGINE_ROOT__: string | undefined;
declare const __HEIRLOOM_BUNDLES__: Bundled | undefined;

export const ENGINE_VERSION = typeof __HEIRLOOM_VERSION__ === "string" ? __HEIRLOOM_VERSION__ : "0.0.0-dev";

/** Changes whenever anything that shapes the engine's output changes. */
export const ENGINE_KEY =
  typeof __HEIRLOOM_BUILD_KEY__ === "string" ? __HEIRLOOM_BUILD_KEY__ : `source-${ENGINE_VERSION}`;

/**
 * The engine package's folder: bin/, and src/ in a source checkout or dist/ in the installed package. (Bundled
 * into a module of another program, as the documentation's references read the engine's own sources, a module
 * has no URL of its own: the folder is then unknown, and the empty string.)
 */
export const ENGINE_ROOT =
  typeof __HEIRLOOM_ENGINE_ROOT__ === "string"
    ? __HEIRLOOM_ENGINE_ROOT__
    : typeof import.meta.url === "string"
      ? fileURLToPath(new URL("..", import.meta.url))
      : "";

/** Packages bundled each into one file beside the compiled CLI (SIDE_BUNDLES in bin/compile-cli.js), by name. */
interface Bundled {
  /** @mdx-js/mdx. */
  mdx?: string;
  /** Shiki's createHighlighterCore and createOnigurumaEngine. */
  shiki?: string;
  /** The highlight pool's worker (src/content/highlight/highlight-worker.ts), compiled like the CLI. */
  highlight?: string;
  /** The page writer's worker (src/output/write/page-writer-worker.ts). */
  pages?: string;
  /** The worker that lists a seed (src/output/write/seed-listing-worker.ts). */
  listing?: string;
  /** dev's site thread (src/serve/dev/site-thread/dev-site-worker.ts). */
  site?: string;
}

/** The engine's worker threads, each compiled into a file of its own (WORKERS in bin/compile-cli.js). */
export type WorkerName = "highlight" | "pages" | "listing" | "site";

/** The side bundles' files; none when run from source. */
const BUNDLED: Bundled = typeof __HEIRLOOM_BUNDLES__ === "object" ? __HEIRLOOM_BUNDLES__ : {};

/**
 * The side bundle `name` if it is there (a cache emptied by hand may have lost it), else undefined: the caller
 * then imports the package itself.
 */
export function bundledFile(name: keyof Bundled): string | undefined {
  const file = BUNDLED[name];
  return file && existsSync(file) ? file : undefined;
}
