// Reading many content files uses both cores: the main thread reads and hashes every file; of those not
// parsed before, when the engine runs from its compiled CLI and there are many, a worker thread (the same
// compiled file, started in the "parse" role) parses half and renders their markdown ahead while the main
// thread does the other half. Run from source (the tests), everything happens on the main thread, through
// the same functions.
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
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

/** Below this many files to parse, a worker costs more to start than it saves. */
const PARALLEL_FROM = 200;

/**
 * The compiled CLI that this code runs from, if it does (a worker can start only from it). Named exactly,
 * so a program that bundles the engine into a file of its own never has that file started as a worker.
 */
function compiledCli(): string | undefined {
  const file = fileURLToPath(import.meta.url);
  return /^cli-[0-9a-f]{16}\.cjs$/.test(path.basename(file)) ? file : undefined;
}

/**
 * Reads every job; a file parsed before (found by its hash in `parsed`) is not parsed again. When many
 * files need parsing and the compiled CLI is running, a worker parses half of them.
 */
export async function readAll(jobs: ReadJob[], base: string | undefined, parsed?: (hash: string) => ParsedSource | undefined): Promise<ReadResult[]> {
  const results = jobs.map(readContentFile);
  const misses: number[] = [];
  results.forEach((result, i) => {
    const known = result.hash ? parsed?.(result.hash) : undefined;
    if (known) result.parsed = known;
    else if (!result.error) misses.push(i);
  });
  const cli = compiledCli();
  const theirs = cli && misses.length >= PARALLEL_FROM ? misses.filter((_, n) => n % 2 === 1) : [];
  const worker = theirs.length > 0 ? new Worker(cli!, { workerData: { heirloom: "parse" } }) : undefined;
  const answer = worker && new Promise<Array<ReturnType<typeof parseContent>>>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  worker?.postMessage({ files: theirs.map((i) => ({ file: jobs[i].file, text: results[i].text })), base });
  const mine = new Set(theirs);
  for (const i of misses) if (!mine.has(i)) Object.assign(results[i], parseContent(jobs[i].file, results[i].text!, base));
  try {
    if (answer) (await answer).forEach((parsedFile, n) => Object.assign(results[theirs[n]], parsedFile));
  } finally {
    await worker?.terminate();
  }
  return results;
}

/** The worker's side: parses one request of files (started by the CLI when asked for the "parse" role). */
export function serveParseRequests(): void {
  parentPort!.once("message", ({ files, base }: { files: Array<{ file: string; text: string }>; base?: string }) => {
    parentPort!.postMessage(files.map(({ file, text }) => parseContent(file, text, base)));
  });
}

/** A result's problem as the error the build reports. */
export function errorOf(result: ReadResult): HeirloomError | undefined {
  const e = result.error;
  return e && new HeirloomError(e.code, e.message, { location: e.location, hint: e.hint });
}
