// The thread a build or check runs on (started by supervise.js): once told which compiled CLI to run, it loads it
// with V8's code cache, as bin/heirloom.js loads it, runs it with the process's arguments, and tells the
// supervisor its exit code.
const { parentPort, workerData } = require("node:worker_threads");
const { loadCli } = require("./load-cli.cjs");
const { SUPERVISOR_KEY, SUPERVISOR_MESSAGES } = require("./thread-keys.cjs");

const { argv, tty } = workerData;
// A thread's streams are not the terminal the process writes to: they say what the process's own say, so that
// progress and colours are shown as they would be.
process.stdout.isTTY = tty.stdout;
process.stderr.isTTY = tty.stderr;
parentPort.once("message", ({ cli, cache }) => {
  const { main } = loadCli(cli, cache);
  // What main() does not catch ends the thread with an error, which the supervisor prints.
  main(argv).then((code) => {
    process.exitCode = code;
    parentPort.postMessage({ [SUPERVISOR_KEY]: SUPERVISOR_MESSAGES.exit, code });
  });
});
