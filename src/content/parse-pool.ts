// Reading many content files uses both cores: when the engine runs from its compiled CLI and there are many,
// a worker thread (the same compiled file, started in the "parse" role) and the main thread take files from
// one shared counter; each reads and hashes a file and, unless its bytes were parsed before, parses it and
// renders its markdown ahead. Run from source (the tests), everything happens on the main thread, through
// the same functions.
import { createHash } from "node:crypto";
import { closeSync, existsSync, fstatSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, parentPort } from "node:worker_threads";
import { HeirloomError } from "../errors.ts";
import { type ParsedSource, readSource } from "./front-matter.ts";
import { decodeContent } from "./decode.ts";
import { renderMarkdown } from "./markdown.ts";

export interface ReadJob {
  /** Absolute path. */
  absolute: string;
  /** As errors name it (relative to the project root). */
  file: string;
}

/** One file read: its hash and text and parsed front matter, its markdown rendered ahead, or its error. */
export interface ReadResult {
  hash?: string;
  text?: string;
  parsed?: ParsedSource;
  /** The body as HTML with the base path applied, when it rendered without a problem. */
  html?: string;
  error?: { code: HeirloomError["code"]; message: string; location?: HeirloomError["location"]; hint?: string };
}

/** A content file may be at most this large: far past any page's text, far below what strains a build. */
export const MAX_CONTENT_BYTES = 2 * 1024 * 1024;

/** Reads, hashes and decodes one content file; never throws for a problem of the file (it is returned). */
function readContentFile(job: ReadJob): ReadResult {
  try {
    const bytes = readLimited(job.file, job.absolute);
    return { hash: createHash("sha256").update(bytes).digest("hex"), text: decodeContent(job.file, bytes) };
  } catch (error) {
    return { error: serializable(error, job.file) };
  }
}

/** The file's bytes, refused without reading them when it is over the limit. */
function readLimited(file: string, absolute: string): Buffer {
  const fd = openSync(absolute, "r");
  try {
    const { size } = fstatSync(fd);
    if (size > MAX_CONTENT_BYTES) {
      throw new HeirloomError("FileTooLargeError", `${file} is ${(size / 1024 / 1024).toFixed(1)} MB; a content file may be at most ${MAX_CONTENT_BYTES / 1024 / 1024} MB.`, {
        location: { file },
        hint: "split it into several entries; large downloads belong under a `passthrough` folder, pictures under content/images/.",
      });
    }
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Parses a read file's front matter and, with a base path, renders its markdown ahead (used only for
 * collections with a body).
 */
function parseContent(file: string, text: string, base: string | undefined): Pick<ReadResult, "parsed" | "html" | "error"> {
  try {
    const parsed = readSource(file, text);
    let html: string | undefined;
    try {
      html = base === undefined ? undefined : renderMarkdown(text.slice(parsed.bodyOffset), file, parsed.bodyLine, base);
    } catch {
      html = undefined;
    }
    return { parsed, html };
  } catch (error) {
    return { error: serializable(error, file) };
  }
}

function serializable(error: unknown, file: string): NonNullable<ReadResult["error"]> {
  if (error instanceof HeirloomError) return { code: error.code, message: error.message, location: error.location, hint: error.hint };
  const absent = (error as NodeJS.ErrnoException).code === "ENOENT";
  return {
    code: "MissingContentError",
    message: absent ? `${file} is a link to a file that does not exist.` : `Could not read ${file}.`,
    location: { file },
    hint: absent ? "point the link at an existing file, or remove it." : "check the file's permissions.",
  };
}

/**
 * Below this many files left to parse, a worker costs more than it saves: starting it, loading the engine in
 * it and warming its markdown and YAML parsers up take as long as the files it would parse. Measured on two
 * cores, a whole build with the worker took, against one without: 1.09 of the time at 1,000 posts, 1.02 at
 * 2,000, 1.01 at 4,000, 0.95 at 10,000.
 */
const PARALLEL_FROM = 4000;
/** Files the main thread reads before it decides: a worker starts only if most of them needed parsing. */
const SAMPLE = 32;
/** Files from which a parse worker may pay (a build starts one ahead when few were parsed before). */
export const PARSE_WORKER_FROM = PARALLEL_FROM + SAMPLE;

/**
 * The compiled CLI that this code runs from, if it does (a worker can start only from it). Named exactly,
 * so a program that bundles the engine into a file of its own never has that file started as a worker.
 */
function compiledCli(): string | undefined {
  const file = fileURLToPath(import.meta.url);
  return /^cli-[0-9a-f]{16}\.cjs$/.test(path.basename(file)) ? file : undefined;
}

/** Reads one file and, unless a file with its bytes was parsed before, parses it. */
function readOne(job: ReadJob, base: string | undefined, known: (hash: string) => boolean): ReadResult {
  const result = readContentFile(job);
  return result.error || known(result.hash!) ? result : Object.assign(result, parseContent(job.file, result.text!, base));
}

/** What a worker is sent: the jobs, and the counter both threads take the next job from. */
interface ParseWork {
  jobs: ReadJob[];
  base?: string;
  known: string[];
  next: Int32Array;
}

/**
 * Starts a parse worker before its jobs are known, so that it loads the engine while this thread compiles
 * the definition and templates; undefined when not running from the compiled CLI. Hand it to `readAll`,
 * which sends it the jobs or, when there are few, stops it.
 */
export function startParseWorker(): Worker | undefined {
  const cli = compiledCli();
  if (!cli) return undefined;
  const workerData = { heirloom: "parse" };
  // Through the CLI's loader (bin/load-cli.cjs, from node_modules/.cache/heirloom/): with the code cache, it
  // starts parsing sooner.
  const loader = path.resolve(path.dirname(cli), "..", "..", "..", "bin", "load-cli.cjs");
  const worker = existsSync(loader)
    ? new Worker(`require(${JSON.stringify(loader)}).loadCli(${JSON.stringify(cli)})`, { eval: true, workerData })
    : new Worker(cli, { workerData });
  // Never what keeps the process alive: a build that fails before reading content just ends.
  worker.unref();
  return worker;
}

/** Takes jobs from the shared counter until none is left; [index, result] for each one taken. */
function takeJobs({ jobs, base, next }: Pick<ParseWork, "jobs" | "base" | "next">, known: (hash: string) => boolean): Array<[number, ReadResult]> {
  const done: Array<[number, ReadResult]> = [];
  for (let i = Atomics.add(next, 0, 1); i < jobs.length; i = Atomics.add(next, 0, 1)) done.push([i, readOne(jobs[i], base, known)]);
  return done;
}

/**
 * Reads every job; a file parsed before (found by its hash in `parsed`) is not parsed again. When many are
 * left and most of the first ones needed parsing, and the compiled CLI is running, a worker thread takes
 * jobs from the same counter as this thread, so the work splits by how fast each goes (the worker starts
 * later, unless `started` ahead); should it fail, this thread does its share. Files only read and hashed
 * are not worth a worker.
 */
export async function readAll(jobs: ReadJob[], base: string | undefined, parsed?: ReadonlyMap<string, ParsedSource>, started?: Worker): Promise<ReadResult[]> {
  const results: Array<ReadResult | undefined> = new Array(jobs.length);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const known = (hash: string) => parsed?.has(hash) ?? false;
  const sample = takeJobs({ jobs: jobs.slice(0, Math.min(SAMPLE, jobs.length)), base, next }, known);
  for (const [i, result] of sample) results[i] = result;
  // The sample's last claim went past its end: the next job is the first after it.
  Atomics.store(next, 0, sample.length);
  const parsedNow = sample.filter(([, result]) => result.parsed || result.error).length;
  const many = jobs.length - sample.length >= PARALLEL_FROM && parsedNow * 2 >= sample.length;
  const worker = many ? (started ?? startParseWorker()) : undefined;
  if (started && started !== worker) void started.terminate();
  // Waited for now: it keeps the process alive until it answers.
  worker?.ref();
  const theirs = worker && new Promise<Array<[number, ReadResult]>>((resolve) => {
    worker.once("message", resolve);
    worker.once("error", () => resolve([]));
    worker.once("exit", () => resolve([]));
  });
  const work: ParseWork = { jobs, base, known: worker && parsed ? [...parsed.keys()] : [], next };
  worker?.postMessage(work);
  for (const [i, result] of takeJobs(work, known)) results[i] = result;
  if (theirs) {
    for (const [i, result] of await theirs) results[i] = result;
    await worker.terminate();
  }
  return results.map((result, i) => {
    const done = result ?? readOne(jobs[i], base, known);
    if (!done.error && !done.parsed) done.parsed = parsed?.get(done.hash!);
    return done;
  });
}

/** The worker's side: takes jobs until none is left, once they are sent (started by the CLI in the "parse" role). */
export function serveParseRequests(): void {
  parentPort!.once("message", (work: ParseWork) => {
    const known = new Set(work.known);
    parentPort!.postMessage(takeJobs(work, (hash) => known.has(hash)));
  });
}

/** A result's problem as the error the build reports. */
export function errorOf(result: ReadResult): HeirloomError | undefined {
  const e = result.error;
  return e && new HeirloomError(e.code, e.message, { location: e.location, hint: e.hint });
}
