// Loads the compiled CLI (a CommonJS module) with V8's code cache (`cli-<key>.cjs.v8`): functions an earlier
// build compiled are not compiled again. Used by bin/heirloom.js, and for dev's site thread (loadWithCache).
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

/**
 * Runs `file` as a CommonJS module and returns its exports. With `makeCache`, a missing cache, or one V8
 * refuses (another Node, other flags, damaged), is made when the process exits, holding what the run
 * compiled; it is written whole or not at all.
 * @param {string} file
 * @param {{ makeCache?: boolean, cacheFile?: string }} [options] where the cache is kept (default: beside `file`)
 */
exports.loadCli = function loadCli(file, options = {}) {
  const loaded = loadWithCache(file, options.cacheFile ?? `${file}.v8`);
  if (options.makeCache && loaded.cacheNeeded) process.once("exit", loaded.keepCache);
  return loaded.exports;
};

/**
 * Runs `file` as a CommonJS module with the code cache in `cacheFile`: its exports, whether the cache was
 * missing or refused, and `keepCache()`, which writes what has been compiled so far (never failing: only a cache).
 * @param {string} file
 * @param {string} cacheFile
 */
function loadWithCache(file, cacheFile) {
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, "utf8")}\n})`;
  const script = new vm.Script(source, { filename: file, cachedData });
  const module = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  const keepCache = () => {
    try {
      const temporary = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      mkdirSync(path.dirname(cacheFile), { recursive: true });
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      // Only a cache: the next run makes it.
    }
  };
  return { exports: module.exports, cacheNeeded: cachedData === undefined || script.cachedDataRejected, keepCache };
}
exports.loadWithCache = loadWithCache;
