// A site's own code (site.config.ts and templates/ as they load, pages as they render, MDX bodies) runs inside
// the engine's process. While it runs, process.exit and its kin throw instead of ending a build half-written, and
// every environment variable it reads is recorded: what it made depends on them, as it does on the content.
import { ProcessExitCalled } from "../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../errors/errors.ts";
import { type SiteCodePlace, siteCodeAt } from "./supervisor.ts";

/** What site code read of the environment: each variable's value, null for one that was not set. */
export type EnvReads = Record<string, string | null>;

/** The name under which a read of every variable's name (`Object.keys(process.env)`) is kept: no variable's. */
const ALL_NAMES = "=names";

/** What a site's code asked for to end the process, thrown where it asked. */
export class SiteExit extends Error {
  constructor(readonly call: string) {
    super(`${call} was called by the site's code.`);
    this.name = "SiteExit";
  }
}

/** What one run of site code saw and asked for. */
interface Watch {
  env: Map<string, string | null>;
  exits: SiteExit[];
}

/** How the runs active now are found by a nested one: through the environment put in place for the outermost. */
const WATCHES = Symbol.for("heirloom.siteCode");

type Process = NodeJS.Process & { reallyExit(code?: number): never };

/**
 * Runs `run` (synchronous site code) with process.exit, process.reallyExit, process.abort and process.kill of this
 * process throwing SiteExit, and returns what it read of the environment. A call the code caught is still thrown
 * once it returns: the build it asked to end is not finished. A nested run records into the runs around it too.
 * `place` is told to a supervising thread while it runs (see supervisor.ts).
 */
export function runSiteCode<T>(run: () => T, place?: SiteCodePlace): { result: T; env: EnvReads } {
  const watch: Watch = { env: new Map(), exits: [] };
  const outer = place && siteCodeAt(place);
  const active = (process.env as Record<PropertyKey, unknown>)[WATCHES] as Watch[] | undefined;
  // Back to the runs there were before this one: a nested run stopped past its time (time-budget.ts) never
  // reached its own restore.
  const depth = active?.length ?? 0;
  const restore = active ? (active.push(watch), () => void (active.length = depth)) : install([watch]);
  let result: T;
  try {
    result = run();
  } finally {
    restore();
    if (place) siteCodeAt(outer);
  }
  if (watch.exits.length > 0) throw watch.exits[0];
  const names = [...watch.env.keys()].sort();
  return { result, env: Object.fromEntries(names.map((name) => [name, watch.env.get(name)!])) };
}

/** Puts the stand-ins and the recording environment in place; returns what puts the process's own back. */
function install(watches: Watch[]): () => void {
  const own = process as Process;
  const saved = { env: own.env, exit: own.exit, reallyExit: own.reallyExit, abort: own.abort, kill: own.kill };
  // Called after the run (a module kept a stand-in), a stand-in does what the process's own does.
  const stop = (call: string) => {
    if (watches.length === 0) return false;
    const exit = new SiteExit(call);
    for (const watch of watches) watch.exits.push(exit);
    throw exit;
  };
  own.env = recordingEnv(saved.env, watches);
  own.exit = (code) => (stop(`process.exit(${code ?? ""})`), saved.exit.call(own, code));
  own.reallyExit = (code) => (stop(`process.reallyExit(${code ?? ""})`), saved.reallyExit.call(own, code));
  own.abort = () => (stop("process.abort()"), saved.abort.call(own));
  own.kill = (pid, signal) => {
    const self = (pid === own.pid || pid === 0) && signal !== 0 && signal !== "0";
    if (self) stop("process.kill of its own process");
    return saved.kill.call(own, pid, signal);
  };
  return () => {
    watches.length = 0;
    Object.assign(own, saved);
  };
}

/** The environment as site code sees it: the process's own, each read recorded in every active run. */
function recordingEnv(env: NodeJS.ProcessEnv, watches: Watch[]): NodeJS.ProcessEnv {
  const note = (name: string | symbol, value = typeof name === "string" ? (env[name] ?? null) : null) => {
    if (typeof name !== "string") return;
    for (const watch of watches) if (!watch.env.has(name)) watch.env.set(name, value);
  };
  return new Proxy(env, {
    get(target, name) {
      if (name === WATCHES) return watches;
      note(name);
      return Reflect.get(target, name);
    },
    has(target, name) {
      note(name);
      return Reflect.has(target, name);
    },
    getOwnPropertyDescriptor(target, name) {
      note(name);
      return Reflect.getOwnPropertyDescriptor(target, name);
    },
    ownKeys(target) {
      note(ALL_NAMES, namesOf(target));
      return Reflect.ownKeys(target);
    },
    set(target, name, value) {
      // Set on the environment itself, which turns the value into text as it always does.
      (target as Record<PropertyKey, unknown>)[name] = value;
      return true;
    },
  });
}

const namesOf = (env: NodeJS.ProcessEnv) => JSON.stringify(Object.keys(env).sort());

/** The value a recorded read has now. */
function valueNow(name: string, env: NodeJS.ProcessEnv): string | null {
  return name === ALL_NAMES ? namesOf(env) : (env[name] ?? null);
}

/** Whether every variable of `reads` has the value it had then (none recorded: true). */
export function sameEnv(reads: EnvReads | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  for (const name in reads) if (valueNow(name, env) !== reads[name]) return false;
  return true;
}

/**
 * Adds reads made earlier to the runs active now: what shows a value made then (an MDX body's HTML, rendered once
 * and kept) depends on them too.
 */
export function noteEnvReads(reads: EnvReads): void {
  const active = (process.env as Record<PropertyKey, unknown>)[WATCHES] as Watch[] | undefined;
  for (const watch of active ?? []) {
    for (const name in reads) if (!watch.env.has(name)) watch.env.set(name, reads[name]);
  }
}

/** The reads of several runs as one (the first value of a name kept). */
export function mergeEnvReads(all: Iterable<EnvReads | undefined>): EnvReads {
  const merged: EnvReads = {};
  for (const reads of all) for (const name in reads) if (!(name in merged)) merged[name] = reads[name];
  return merged;
}

/** The catalogue's error for a call of site code that tried to end the process, at its place. */
export function exitError(exit: SiteExit, location: SourceLocation, during: string): HeirloomError {
  return errorFrom(ProcessExitCalled, { file: location.file, call: exit.call, during }, { location, cause: exit });
}
