// The engine's version (from package.json), its exact build key (a hash of its sources, package.json and
// installed packages), its folder and its MDX compiler's bundle, all set when the CLI is compiled
// (bin/compile-cli.js); run from source (the tests), the version stands in for the key, the folder is the one
// above src/ and MDX is imported from its package.
import { fileURLToPath } from "node:url";

declare const __HEIRLOOM_VERSION__: string | undefined;
declare const __HEIRLOOM_BUILD_KEY__: string | undefined;
declare const __HEIRLOOM_ENGINE_ROOT__: string | undefined;
declare const __HEIRLOOM_MDX_COMPILER__: string | undefined;

export const ENGINE_VERSION = typeof __HEIRLOOM_VERSION__ === "string" ? __HEIRLOOM_VERSION__ : "0.0.0-dev";

/** Changes whenever anything that shapes the engine's output changes. */
export const ENGINE_KEY =
  typeof __HEIRLOOM_BUILD_KEY__ === "string" ? __HEIRLOOM_BUILD_KEY__ : `source-${ENGINE_VERSION}`;

/** The engine package's folder: bin/, and src/ in a source checkout or dist/ in the installed package. */
export const ENGINE_ROOT =
  typeof __HEIRLOOM_ENGINE_ROOT__ === "string"
    ? __HEIRLOOM_ENGINE_ROOT__
    : fileURLToPath(new URL("..", import.meta.url));

/** @mdx-js/mdx bundled into one file beside the compiled CLI; undefined when run from source. */
export const MDX_COMPILER = typeof __HEIRLOOM_MDX_COMPILER__ === "string" ? __HEIRLOOM_MDX_COMPILER__ : undefined;
