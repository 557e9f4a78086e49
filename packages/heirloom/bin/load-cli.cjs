// Loads the compiled CLI (a CommonJS module) with V8's code cache (`cli-<key>.cjs.v8`): functions an earlier
// build compiled are not compiled again. Used by bin/heirloom.js.
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
  const cacheFile = options.cacheFile ?? `${file}.v8`;
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, "utf8")}\n})`;
  const script = new vm.Script(source, { filename: file, cachedData });
  const module = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  if (options.makeCache && (cachedData === undefined || script.cachedDataRejected)) {
    process.once("exit", () => {
      try {
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        mkdirSync(path.dirname(cacheFile), { recursive: true });
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // Only a cache: the next run makes it.
      }
    });
  }
  return module.exports;
};
