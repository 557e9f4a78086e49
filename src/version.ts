// The engine's version (from package.json) and its exact build key (a hash of its sources, package.json and
// installed packages), both set when bin/heirloom.js compiles the CLI.

declare const __HEIRLOOM_VERSION__: string | undefined;
declare const __HEIRLOOM_BUILD_KEY__: string | undefined;

export const ENGINE_VERSION = typeof __HEIRLOOM_VERSION__ === "string" ? __HEIRLOOM_VERSION__ : "0.0.0-dev";

/** Changes whenever anything that shapes the engine's output changes; run from source, the version stands in. */
export const ENGINE_KEY =
  typeof __HEIRLOOM_BUILD_KEY__ === "string" ? __HEIRLOOM_BUILD_KEY__ : `source-${ENGINE_VERSION}`;
