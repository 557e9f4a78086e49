// The engine's version: from package.json, set when bin/heirloom.js compiles the CLI.

declare const __HEIRLOOM_VERSION__: string | undefined;
export const ENGINE_VERSION = typeof __HEIRLOOM_VERSION__ === "string" ? __HEIRLOOM_VERSION__ : "0.0.0-dev";
