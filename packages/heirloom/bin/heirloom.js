#!/usr/bin/env node
// Thin shim: checks the Node version and runs main(). An installed package runs its compiled dist/cli.cjs; a
// source checkout (src/ beside bin/) runs the CLI compiled from its sources, again whenever they change.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`heirloom needs Node.js 20.19 or newer; this is ${process.version}.\n`);
  process.exitCode = 1;
} else {
  // Output piped into a command that stops reading (`heirloom build | head`) is dropped; the command still
  // finishes its work, and a server keeps serving.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error) => {
      if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
    });
  }
  // React renders the site in its production build: the development build's checks only slow it down.
  process.env.NODE_ENV ??= "production";
  // With --debug, stack traces name src/ files and lines through the compiled CLI's source map. Only then:
  // reading the map slows every start.
  const debug = process.argv.includes("--debug") || Boolean(process.env.DEBUG);
  if (debug) process.setSourceMapsEnabled(true);
  const engineRoot = fileURLToPath(new URL("..", import.meta.url));
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
    // The version alone needs none of the CLI: answered without loading it, as fast as Node starts.
    process.stdout.write(`${versionOf(engineRoot)}\n`);
  } else await run(engineRoot, args, debug);
}

async function run(engineRoot, args, debug) {
  // A build or check leaves V8's code cache for the next run (not --version's or --help's little): beside a
  // compile of the sources, or in the site's cache for the package, which never writes into its own folder.
  const makeCache =
    args.some((arg) => arg === "build" || arg === "check") && !args.some((arg) => arg === "--help" || arg === "-h");
  // A build or check runs on a thread whose memory is bounded: a site's code that uses it all up is told at its
  // place instead of ending the process (supervise.js). The thread starts while the CLI is found. --debug runs
  // it here, as it always ran.
  const supervised = makeCache && !debug ? (await import("./supervise.js")).superviseRun(process.argv) : undefined;
  const fromSource = existsSync(path.join(engineRoot, "src", "cli", "main.ts"));
  const cli = fromSource
    ? await compiledFromSource(engineRoot).catch((error) => (supervised?.cancel(), Promise.reject(error)))
    : path.join(engineRoot, "dist", "cli.cjs");
  const cacheFile = fromSource ? `${cli}.v8` : path.join(siteCacheDir(args), `cli-${versionOf(engineRoot)}.cjs.v8`);
  // dev's site thread starts now, loading its file while the CLI loads (prestart-dev.js).
  if (args[0] === "dev" && !debug && !args.some((arg) => arg === "--help" || arg === "-h")) {
    const site = fromSource
      ? path.join(path.dirname(cli), path.basename(cli).replace(/^cli-/, "site-"))
      : path.join(engineRoot, "dist", "dev-site-worker.cjs");
    const siteCache = fromSource
      ? `${site}.v8`
      : path.join(siteCacheDir(args), `dev-site-${versionOf(engineRoot)}.cjs.v8`);
    (await import("./prestart-dev.js")).prestartDevThread(site, siteCache);
  }
  if (supervised) {
    process.exitCode = await supervised.run(cli, { makeCache, cacheFile });
    return;
  }
  const load = createRequire(import.meta.url);
  // --debug loads it as a plain module: only then are its source map's lines used in stack traces.
  const { main } = debug ? load(cli) : load("./load-cli.cjs").loadCli(cli, { makeCache, cacheFile });
  process.exitCode = await main(process.argv);
}

/**
 * The CLI compiled from a source checkout, compiled again only when its inputs changed (see engineKey), with
 * its map and code cache beside it in the checkout's node_modules/.cache/heirloom. Pure JavaScript
 * dependencies are bundled in: one file loads far faster than hundreds of modules.
 */
async function compiledFromSource(engineRoot) {
  const dir = path.join(engineRoot, "node_modules", ".cache", "heirloom");
  // The installed packages' lock, where npm put them (in a workspace, the root's node_modules).
  const modules = path.resolve(createRequire(import.meta.url).resolve("esbuild/package.json"), "../..");
  const { SIDE_BUNDLES, WORKERS, engineBuildOptions, engineKey, sideBundleOptions } = await import("./compile-cli.js");
  // The engine's folder is written into the compile: the key holds it too.
  const key = engineKey(engineRoot, path.join(modules, ".package-lock.json"), engineRoot);
  const out = path.join(dir, `cli-${key}.cjs`);
  if (existsSync(out)) return out;
  const { build } = await import("esbuild");
  mkdirSync(dir, { recursive: true });
  const entry = path.join(engineRoot, "src", "cli", "main.ts");
  const rootLine = `const __heirloomEngineRoot = ${JSON.stringify(engineRoot)};`;
  const named = (names) => Object.fromEntries(names.map((name) => [name, `${name}-${key}.cjs`]));
  const bundles = { ...named(Object.keys(SIDE_BUNDLES)), ...named(Object.keys(WORKERS)) };
  const options = { entry, outfile: out, version: versionOf(engineRoot), key, engineRoot: rootLine, bundles };
  const results = await Promise.all([
    build(engineBuildOptions({ ...options, sourcesContent: false })),
    ...Object.keys(SIDE_BUNDLES).map((name) =>
      build(sideBundleOptions(name, { outfile: path.join(dir, bundles[name]), engineRoot })),
    ),
    ...Object.entries(WORKERS).map(([name, { entry: file }]) =>
      build(
        engineBuildOptions({
          ...options,
          entry: path.join(engineRoot, file),
          outfile: path.join(dir, bundles[name]),
          sourcesContent: false,
        }),
      ),
    ),
  ]);
  const outputFiles = results.flatMap((result) => result.outputFiles);
  // The map and the side bundles first: once the CLI exists under its name, it is used.
  for (const file of outputFiles.sort((a, b) => Number(a.path === out) - Number(b.path === out))) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  // Earlier compiles, their maps, code caches and side bundles are dead weight now; another process may still be
  // loading one, which unlink tolerates.
  const current = new Set([path.basename(out), ...Object.values(bundles)]);
  for (const name of readdirSync(dir)) {
    const compiled = /^[a-z]+-[0-9a-f]{16}\.cjs(?:\.map|\.v8)?$/.test(name);
    if (compiled && !current.has(name.replace(/\.(?:map|v8)$/, ""))) rmSync(path.join(dir, name), { force: true });
  }
  return out;
}

function versionOf(engineRoot) {
  return JSON.parse(readFileSync(path.join(engineRoot, "package.json"), "utf8")).version;
}

/**
 * The cache folder of the site the command works on (its --root, or the current folder), by the rule of the
 * engine's src/compile/cache.ts: HEIRLOOM_CACHE_DIR if set, else node_modules/.cache/heirloom beside the
 * nearest package.json, else the site's .heirloom/cache.
 */
function siteCacheDir(args) {
  if (process.env.HEIRLOOM_CACHE_DIR) return path.resolve(process.env.HEIRLOOM_CACHE_DIR);
  const flag = args.findIndex((arg) => arg === "--root" || arg.startsWith("--root="));
  const given = flag < 0 ? "." : args[flag].startsWith("--root=") ? args[flag].slice(7) : args[flag + 1];
  const root = path.resolve(given ?? ".");
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return path.join(dir, "node_modules", ".cache", "heirloom");
    if (dir === path.dirname(dir)) return path.join(root, ".heirloom", "cache");
  }
}
