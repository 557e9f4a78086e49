#!/usr/bin/env node
// Builds what the published package runs, into dist/ (npm pack runs it first): the CLI and the type check's
// worker as single CommonJS files with their source maps (the sources inside them), the public entry as an
// ES module for programs, and its .d.ts types. The package ships dist/ instead of src/, and never compiles
// anything into its own folder at run time.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { SIDE_BUNDLES, WORKERS, engineBuildOptions, engineKey, sideBundleOptions } from "../bin/compile-cli.js";

const engineRoot = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(engineRoot, "dist");
const { version } = JSON.parse(readFileSync(path.join(engineRoot, "package.json"), "utf8"));
const key = engineKey(engineRoot, undefined, "package");
// Where the installed package is, found when the file runs: the folder above dist/.
const engineRootLine = 'const __heirloomEngineRoot = require("node:path").resolve(__dirname, "..");';

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const workers = Object.values(WORKERS).map(({ entry, packageFile }) => [packageFile, entry]);
const entries = {
  "cli.cjs": "src/cli/main.ts",
  "typecheck-worker.cjs": "src/check/worker.ts",
  ...Object.fromEntries(workers),
};
const bundles = Object.fromEntries(Object.entries(SIDE_BUNDLES).map(([name, { packageFile }]) => [name, packageFile]));
const workerFiles = Object.fromEntries(Object.entries(WORKERS).map(([name, { packageFile }]) => [name, packageFile]));
for (const [name, entry] of Object.entries(entries)) {
  const outfile = path.join(dist, name);
  const options = { entry: path.join(engineRoot, entry), outfile, version, key, engineRoot: engineRootLine };
  const named = { ...bundles, ...workerFiles };
  await write(await build(engineBuildOptions({ ...options, bundles: named, sourcesContent: true })));
}
// @mdx-js/mdx, and Shiki's core, each with the packages it imports as one file, loaded by the CLI when needed.
for (const [name, file] of Object.entries(bundles)) {
  await write(await build(sideBundleOptions(name, { outfile: path.join(dist, file), engineRoot })));
}
// The public entry for programs (`import { build } from "heirloom"`); its packages come from node_modules.
await write(
  await build({
    entryPoints: [path.join(engineRoot, "src", "index.ts")],
    outfile: path.join(dist, "index.js"),
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    define: { __HEIRLOOM_VERSION__: JSON.stringify(version), __HEIRLOOM_BUILD_KEY__: JSON.stringify(key) },
    logLevel: "warning",
  }),
);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const types = spawnSync(process.execPath, [tsc, "-p", path.join(engineRoot, "tsconfig.build.json")], {
  stdio: "inherit",
});
if (types.status !== 0) process.exit(types.status ?? 1);
process.stdout.write(`heirloom ${version}: dist/ built (key ${key})\n`);

/** Writes esbuild's files; a source map keeps the text of the engine's own sources, not of its packages'. */
async function write({ outputFiles }) {
  for (const file of outputFiles) {
    if (!file.path.endsWith(".map")) writeFileSync(file.path, file.contents);
    else writeFileSync(file.path, JSON.stringify(withOwnSourcesOnly(JSON.parse(file.text))));
  }
}

function withOwnSourcesOnly(map) {
  const own = (source) => !source.includes("node_modules/");
  return { ...map, sourcesContent: map.sources.map((source, i) => (own(source) ? map.sourcesContent[i] : null)) };
}
