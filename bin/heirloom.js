#!/usr/bin/env node
// Thin shim: checks the Node version, compiles src/ once into a cached CommonJS module when it changed, runs main().
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
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
  const cli = await compiledCli(fileURLToPath(new URL("..", import.meta.url)));
  const { main } = createRequire(import.meta.url)(cli);
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
 * Returns the compiled CLI, rebuilding it with esbuild only when a file in src/ or the installed packages
 * changed. Pure-JavaScript dependencies are bundled in: one file loads far faster than hundreds of modules.
 * React stays external (the compiled templates must share its copy), and so do packages with native code.
 */
async function compiledCli(root) {
  const out = path.join(root, "node_modules", ".cache", "heirloom", "cli.cjs");
  const sources = readdirSync(path.join(root, "src")).map((f) => path.join(root, "src", f));
  const lock = path.join(root, "node_modules", ".package-lock.json");
  const newest = Math.max(
    ...[...sources, fileURLToPath(import.meta.url), lock].map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0),
  );
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
    // CommonJS: required, it skips the ES module loader's work (the sources' import.meta.url is mapped below).
    format: "cjs",
    target: "node20",
    // serve-handler (with its MIME database) is only needed by preview and dev: loaded from node_modules then.
    external: ["esbuild", "react", "react-dom", "sharp", "serve-handler"],
    plugins: [zodEnglishOnly()],
    minify: true,
    keepNames: true,
    banner: { js: 'const __heirloomModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    define: { __HEIRLOOM_VERSION__: JSON.stringify(version), "import.meta.url": "__heirloomModuleUrl" },
    logLevel: "warning",
  });
  renameSync(temporary, out);
  return out;
}
