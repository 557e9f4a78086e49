// The file a worker thread runs: its compile beside the compiled CLI (the package's dist/, or the cache of a
// source checkout's CLI: bin/compile-cli.js WORKERS), or, run from source (the tests), its module compiled on
// its own by esbuild into the checkout's cache, kept by content. Its packages load from node_modules.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { ENGINE_ROOT, type WorkerName, bundledFile } from "../version.ts";
import { writeAtomically } from "./cache.ts";

/**
 * The worker `name`'s file; `entry` is its module under src/, compiled when there is no compiled file (only then a
 * promise: a compiled file's worker starts at once, even while the main thread is busy).
 */
export function workerFile(name: WorkerName, entry: string): string | Promise<string> {
  return bundledFile(name) ?? compiledWorker(name, entry);
}

async function compiledWorker(name: string, entry: string): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.join(ENGINE_ROOT, "src", entry)],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    banner: { js: 'const __heirloomModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    define: { "import.meta.url": "__heirloomModuleUrl" },
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  // In the checkout's own node_modules/.cache, from where the worker finds the engine's packages.
  const file = path.join(ENGINE_ROOT, "node_modules", ".cache", "heirloom", `${name}-worker-${hash}.cjs`);
  if (!existsSync(file)) await writeAtomically(file, code);
  return file;
}
