// What the shims in bin/ and the engine in src/ must agree on about their threads: the keys of workerData and of
// messages, the layout of a supervised thread's shared memory, the stall limits. The shims read this file as it is;
// the engine's sources import it, and their compile carries it.

/**
 * workerData's key for a supervised thread's shared memory (SharedArrayBuffer: its place and clocks), and the key
 * of the kind of a supervised build's messages (SUPERVISOR_MESSAGES).
 */
exports.SUPERVISOR_KEY = "heirloomSupervisor";

/**
 * The kinds of a supervised build's messages: `run` the compiled CLI (supervise.js to cli-thread.cjs); its `exit`
 * code; a folder, file or lock it `leaves` behind unless it ends well, and one `cleared` (src/compile/supervisor.ts).
 */
exports.SUPERVISOR_MESSAGES = Object.freeze({ run: "run", exit: "exit", leaves: "leaves", cleared: "cleared" });

/** workerData's key for what dev's site thread loads first (site-thread-boot.cjs): its file and code cache. */
exports.LOAD_KEY = "heirloomLoad";

/** The message that has dev's site thread keep the code its first build compiled (site-thread-boot.cjs). */
exports.KEEP_CODE = "keep code";

/** Symbol.for's name of the global where prestart-dev.js leaves the site thread it started, for dev to adopt. */
exports.WAITING_THREAD = "heirloom.devSiteThread";

/** The bytes of a supervised thread's shared memory: the place it tells (an Int32 length, then JSON), then clocks. */
exports.MEMORY_BYTES = 4096;

/** Where the memory's three Float64 clocks are: the thread's last beat, the site's timeout, when it told its place. */
exports.CLOCKS_AT = 4064;

/**
 * How long past the site's timeout the site code last told of may run before its thread is stopped: code under a
 * budget of its own is stopped by it first (src/compile/time-budget.ts), with its own error.
 */
exports.PAST_BUDGET_MS = 5_000;

/** The site's timeout until its thread tells one: src/config/timeout.ts's default. */
exports.DEFAULT_TIMEOUT_MS = 10_000;
