// How the engine's CLI (src/cli/main.ts) and its workers (src/check/worker.ts, WORKERS) are compiled into
// single CommonJS files: by the shim from a source checkout (into a cache, when the sources change) and by
// scripts/build-package.js for the published package (into dist/). One set of options for both.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * What every file compiled here is: one CommonJS file for Node 20, handed back to be written. CommonJS is
 * required: it skips the ES module loader's work (the sources' import.meta.url is mapped below).
 */
const NODE_FILE = { write: false, bundle: true, platform: "node", format: "cjs", target: "node20" };

/**
 * Packages bundled each into one CommonJS file beside the compiled CLI and required only when a build needs them:
 * one file loads far faster than a package's many modules, and the CLI, which every command loads, stays without
 * them. `packageFile`: its name in the package's dist/ (a source checkout's cache names it `<name>-<key>.cjs`).
 * - mdx: @mdx-js/mdx and the unified packages it imports (about 200 modules), with GitHub's extensions, for an
 *   .mdx body: one file spares the resolving and loading of each module on every command that compiles MDX.
 * - shiki: Shiki's core, its Oniguruma engine and its transformers, for a code block, likewise. Its grammars and
 *   themes stay modules of their own, imported one by one (shiki/langs, shiki/themes), so a site loads only those
 *   it uses.
 */
export const SIDE_BUNDLES = {
  mdx: {
    source:
      'export * from "@mdx-js/mdx";\n' +
      'export { gfm } from "micromark-extension-gfm";\n' +
      'export { gfmFromMarkdown } from "mdast-util-gfm";',
    packageFile: "mdx-compiler.cjs",
  },
  shiki: {
    source:
      'export { createHighlighterCore, hastToHtml } from "shiki/core";\n' +
      'export { createOnigurumaEngine } from "shiki/engine/oniguruma";\n' +
      'export * as transformers from "@shikijs/transformers";',
    packageFile: "shiki-core.cjs",
  },
};

/**
 * Worker threads' modules compiled like the CLI, each into a file of its own beside it (`packageFile` in the
 * package's dist/, `<name>-<key>.cjs` in a source checkout's cache), found by the engine as its side bundles are
 * (bundledFile in src/version.ts): the highlight pool's, the page writer's, the one that lists a seed and dev's
 * site thread.
 */
export const WORKERS = {
  highlight: { entry: "src/content/highlight/highlight-worker.ts", packageFile: "highlight-worker.cjs" },
  pages: { entry: "src/output/write/page-writer-worker.ts", packageFile: "page-writer-worker.cjs" },
  listing: { entry: "src/output/write/seed-listing-worker.ts", packageFile: "seed-listing-worker.cjs" },
  site: { entry: "src/serve/dev/site-thread/dev-site-worker.ts", packageFile: "dev-site-worker.cjs" },
};

/**
 * esbuild options for one entry of the engine. `engineRoot` is a line of JavaScript that sets
 * `__heirloomEngineRoot` (the package's folder) when the file runs; `bundles`, the file name of each side bundle
 * beside the compiled file (see SIDE_BUNDLES); `key` names this engine exactly.
 */
export function engineBuildOptions({ entry, outfile, version, key, engineRoot, bundles, sourcesContent }) {
  return {
    ...NODE_FILE,
    entryPoints: [entry],
    outfile,
    // import() of a package becomes require(): the CLI then loads as a plain script with its code cache.
    supported: { "dynamic-import": false },
    // Loaded from node_modules when needed: packages with native code, React (the compiled templates must share
    // its copy), serve-handler (with its MIME database, only for preview), TypeScript (only for the check) and
    // Shiki (only for a code block) and MDX (only for an .mdx body), each from a file of its own (SIDE_BUNDLES);
    // KaTeX and its markdown-it plugin only for a site with `markdown.math`.
    external: [
      ...["esbuild", "react", "react-dom", "sharp", "serve-handler", "typescript", "shiki", "@mdx-js/mdx"],
      ...["katex", "@vscode/markdown-it-katex"],
      // GitHub's extensions for MDX come in the compiler's bundle.
      ...["micromark-extension-gfm", "mdast-util-gfm"],
    ],
    plugins: [zodEnglishOnly(), markdownItPlainFields(), grayMatterNoEngines()],
    minify: true,
    // Names are not kept: keepNames wraps every named function and class in a `__name()` call that defines
    // its name each time one is made (every closure of markdown-it, zod and the engine), work on the main thread
    // that grows with the site. Nothing here reads a function's name; errors carry their own (HeirloomError's name).
    keepNames: false,
    // Lines and columns; with the sources inside for a package that ships without src/.
    sourcemap: "linked",
    sourcesContent,
    banner: {
      js:
        `const __heirloomModuleUrl = require("node:url").pathToFileURL(__filename).href;\n${engineRoot}\n` +
        `const __heirloomBundles = {${Object.entries(bundles)
          .map(([name, file]) => `${name}: require("node:path").join(__dirname, ${JSON.stringify(file)})`)
          .join(", ")}};`,
    },
    // The key names this engine exactly: caches written by another engine (or other dependencies) are ignored.
    define: {
      __HEIRLOOM_VERSION__: JSON.stringify(version),
      __HEIRLOOM_BUILD_KEY__: JSON.stringify(key),
      __HEIRLOOM_ENGINE_ROOT__: "__heirloomEngineRoot",
      __HEIRLOOM_BUNDLES__: "__heirloomBundles",
      "import.meta.url": "__heirloomModuleUrl",
    },
    logLevel: "warning",
  };
}

/** esbuild options for the side bundle `name` (see SIDE_BUNDLES) as one CommonJS file at `outfile`. */
export function sideBundleOptions(name, { outfile, engineRoot }) {
  return {
    ...NODE_FILE,
    stdin: { contents: SIDE_BUNDLES[name].source, resolveDir: engineRoot, sourcefile: `${name}-bundle.js` },
    outfile,
    minify: true,
    logLevel: "warning",
  };
}

/**
 * A SHA-256 (16 hex digits) of everything that shapes a compile of the engine: every file of src/, the files of
 * bin/, package.json and the lock of the installed packages, and `place` (what else is written into the
 * compile). Never modification times, so copies that keep old times cannot run stale code.
 */
export function engineKey(engineRoot, lockFile, place = "") {
  const hash = createHash("sha256").update(`${place}\0`);
  const inputs = [
    ...filesUnder(path.join(engineRoot, "src")),
    ...filesUnder(path.join(engineRoot, "bin")),
    path.join(engineRoot, "package.json"),
    lockFile,
  ];
  for (const file of inputs) {
    const contents = file && existsSync(file) ? readFileSync(file) : "";
    hash
      .update(`${path.relative(engineRoot, file ?? "")}\0`)
      .update(contents)
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** Every file under a folder, in a stable order. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
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
 * gray-matter's own engines (js-yaml 3 for YAML, `eval` for JavaScript front matter) are never called: the
 * engine has gray-matter only split the front matter off, reads YAML and TOML itself and refuses every other
 * language. Left out of the bundle, they add nothing to every command's start, and the command holds no code
 * that could run front matter.
 */
function grayMatterNoEngines() {
  return {
    name: "gray-matter-no-engines",
    setup(build) {
      build.onLoad({ filter: /[\\/]gray-matter[\\/]lib[\\/]engines\.js$/ }, () => ({
        contents: "module.exports = {};",
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
