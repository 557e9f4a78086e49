// The first code of dev's site thread (src/serve/dev/site-thread/site-thread.ts, or bin/prestart-dev.js while the CLI
// loads): its compiled file loaded with V8's code cache (bin/load-cli.cjs), made (once the thread is told its first
// build is served, and a second later, after the first pages) when missing or refused. Without a cache file (--debug,
// whose stack traces need the source map's lines, as the CLI's do), loaded as a plain module.
const { parentPort, workerData } = require("node:worker_threads");
const { KEEP_CODE, LOAD_KEY } = require("./thread-keys.cjs");

const { file, cacheFile } = workerData[LOAD_KEY];
const loaded = cacheFile ? require("./load-cli.cjs").loadWithCache(file, cacheFile) : (require(file), {});
if (loaded.cacheNeeded) {
  const keep = (message) => message?.type === KEEP_CODE && setTimeout(loaded.keepCache, 1000).unref();
  parentPort.on("message", keep);
}
