#!/usr/bin/env node
// Thin shim: checks the Node version, compiles src/ once into a cached module when it changed, runs main().
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`heirloom needs Node.js 20.19 or newer; this is ${process.version}.\n`);
  process.exitCode = 1;
} else {
  const cli = await compiledCli(fileURLToPath(new URL("..", import.meta.url)));
  const { main } = await import(pathToFileURL(cli).href);
  process.exitCode = await main(process.argv);
}

/** Returns the compiled CLI, rebuilding it with esbuild only when a file in src/ is newer. */
async function compiledCli(root) {
  const out = path.join(root, "node_modules", ".cache", "heirloom", "cli.mjs");
  const newest = Math.max(...readdirSync(path.join(root, "src")).map((f) => statSync(path.join(root, "src", f)).mtimeMs));
  const built = statSync(out, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built > newest) return out;
  const { build } = await import("esbuild");
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const temporary = `${out}.${process.pid}.tmp`;
  mkdirSync(path.dirname(out), { recursive: true });
  await build({
    entryPoints: [path.join(root, "src", "cli.ts")],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    define: { __HEIRLOOM_VERSION__: JSON.stringify(version) },
    logLevel: "warning",
  });
  renameSync(temporary, out);
  return out;
}
