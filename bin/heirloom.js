#!/usr/bin/env node
// Thin shim: checks the Node version, compiles src/ once into a cached CommonJS module when it changed, runs main().
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`heirloom needs Node.js 20.19 or newer; this is ${process.version}.\n`);
  process.exitCode = 1;
} else {
  // React renders the site in its production build: the development build's checks only slow it down.
  process.env.NODE_ENV ??= "production";
  // With --debug, stack traces name src/ files and lines through the compiled CLI's source map. Only then:
  // reading the map slows every start.
  const debug = process.argv.includes("--debug") || Boolean(process.env.DEBUG);
  if (debug) process.setSourceMapsEnabled(true);
  const cli = await compiledCli(fileURLToPath(new URL("..", import.meta.url)));
  // --debug loads it as a plain module: only then are its source map's lines used in stack traces.
  // A build or check leaves V8's code cache for the next run (not --version's or --help's little).
  const args = process.argv.slice(2);
  const makeCache =
    args.some((arg) => arg === "build" || arg === "check") && !args.some((arg) => arg === "--help" || arg === "-h");
  const load = createRequire(import.meta.url);
  const { main } = debug ? load(cli) : load("./load-cli.cjs").loadCli(cli, { makeCache });
  process.exitCode = await main(process.argv);
}

/** zod ships messages in forty languages; errors here are written in English, so only that one is bundled. */
function zodEnglishOnly() {
  return {
    name: "zod-english-only",
    setup(build) {
      build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
        contents: 'export { default as en } from "./en.js";',
        resolveDir: path.dirname(args.path),
        loader: "js",
      }));
    },
  };
}

/**
 * markdown-it ships transpiled class fields: every field of every token, state and parser object is set
 * through one shared `_defineProperty(this, "name", value)` helper, a fifth of reading a large site's
 * content. Written as the plain assignments they stand for (`this.name = value`: the same own, writable,
 * enumerable property, since none of these classes has accessors), each store is fast again.
 */
function markdownItPlainFields() {
  return {
    name: "markdown-it-plain-fields",
    setup(build) {
      build.onLoad({ filter: /[\\/]markdown-it[\\/]dist[\\/]markdown-it\.mjs$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (/\b(?:get|set) \w+\(/.test(source)) return undefined;
        const field = /_defineProperty\(\s*this,\s*(?:\/\*[\s\S]*?\*\/\s*)?"(\w+)",\s*([^;]*?)\s*\);/g;
        return { contents: source.replace(field, "this.$1 = $2;"), loader: "js" };
      });
    },
  };
}

/**
 * Returns the compiled CLI, rebuilding it with esbuild only when its inputs changed. The file is named after
 * a SHA-256 of everything that shapes it (every file of src/, this shim, package.json and the installed
 * packages' lock), never after modification times, so copies that keep old times cannot run stale code.
 * Pure-JavaScript dependencies are bundled in: one file loads far faster than hundreds of modules.
 * React stays external (the compiled templates must share its copy), and so do packages with native code.
 */
async function compiledCli(root) {
  const dir = path.join(root, "node_modules", ".cache", "heirloom");
  const hash = createHash("sha256");
  const inputs = [
    ...sourceFiles(path.join(root, "src")),
    fileURLToPath(import.meta.url),
    path.join(root, "package.json"),
    path.join(root, "node_modules", ".package-lock.json"),
  ];
  for (const file of inputs) {
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(existsSync(file) ? readFileSync(file) : "")
      .update("\0");
  }
  const key = hash.digest("hex").slice(0, 16);
  const out = path.join(dir, `cli-${key}.cjs`);
  if (existsSync(out)) return out;
  const { build } = await import("esbuild");
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  mkdirSync(dir, { recursive: true });
  const { outputFiles } = await build({
    entryPoints: [path.join(root, "src", "cli", "main.ts")],
    // Not written by esbuild: the files are renamed into place below, and the map's link and its paths to
    // the sources are relative to this name.
    outfile: out,
    write: false,
    bundle: true,
    platform: "node",
    // CommonJS: required, it skips the ES module loader's work (the sources' import.meta.url is mapped below).
    format: "cjs",
    target: "node20",
    // import() of a package becomes require(): the CLI then loads as a plain script with its code cache.
    supported: { "dynamic-import": false },
    // serve-handler (with its MIME database) and chokidar are only needed by preview and dev: loaded from
    // node_modules then.
    external: ["esbuild", "react", "react-dom", "sharp", "serve-handler", "typescript"],
    plugins: [zodEnglishOnly(), markdownItPlainFields()],
    minify: true,
    keepNames: true,
    // Lines and columns only; the sources are next to it, under src/.
    sourcemap: "linked",
    sourcesContent: false,
    banner: { js: 'const __heirloomModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    // The key names this engine exactly: caches written by another engine (or other dependencies) are ignored.
    define: {
      __HEIRLOOM_VERSION__: JSON.stringify(version),
      __HEIRLOOM_BUILD_KEY__: JSON.stringify(key),
      "import.meta.url": "__heirloomModuleUrl",
    },
    logLevel: "warning",
  });
  // The map first: once the CLI exists under its name, it is used.
  for (const file of [...outputFiles].sort((a, b) => Number(a.path === out) - Number(b.path === out))) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  // Earlier compiles, their maps and code caches are dead weight now; another process may still be loading
  // one, which unlink tolerates.
  for (const name of readdirSync(dir)) {
    if (/^cli-[0-9a-f]{16}\.cjs(?:\.map|\.v8)?$/.test(name) && !path.join(dir, name).startsWith(out))
      rmSync(path.join(dir, name), { force: true });
  }
  return out;
}

/** Every file under a folder, in a stable order. */
function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}
