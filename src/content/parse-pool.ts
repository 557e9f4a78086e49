// Reading many content files uses both cores: when the engine runs from its compiled CLI, a worker thread
// (the same compiled file, started in the "parse" role) reads, hashes and parses half of the files, and
// renders their markdown ahead, while the main thread does the other half. Run from source (the tests),
// everything is read on the main thread by the same function.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
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

/** Reads one content file completely; never throws for a problem of the file (it is returned). */
export function readContentFile(job: ReadJob, base: string, parsed?: (hash: string) => ParsedSource | undefined): ReadResult {
  try {
    const bytes = readFileSync(job.absolute);
    const hash = createHash("sha256").update(bytes).digest("hex");
    const text = decodeContent(job.file, bytes);
    const known = parsed?.(hash);
    if (known) return { hash, text, parsed: known };
    const source = readSource(job.file, text);
    let html: string | undefined;
    try {
      // Rendered ahead whatever the collection says; used only for collections whose body is markdown.
      html = renderMarkdown(text.slice(source.bodyOffset), job.file, source.bodyLine, base);
    } catch {
      html = undefined;
    }
    return { hash, text, parsed: source, html };
  } catch (error) {
    if (!(error instanceof HeirloomError)) {
      const absent = (error as NodeJS.ErrnoException).code === "ENOENT";
      return {
        error: {
          code: "MissingContentError",
          message: absent ? `${job.file} is a link to a file that does not exist.` : `Could not read ${job.file}.`,
          location: { file: job.file },
          hint: absent ? "point the link at an existing file, or remove it." : "check the file's permissions.",
        },
      };
    }
    return { error: { code: error.code, message: error.message, location: error.location, hint: error.hint } };
  }
}

/** Below this many files to parse, a worker costs more to start than it saves. */
const PARALLEL_FROM = 200;

/** The compiled CLI that this code runs from, if it does (a worker can start only from it). */
function compiledCli(): string | undefined {
  const file = fileURLToPath(import.meta.url);
  return file.endsWith(".cjs") ? file : undefined;
}

/** Reads every job, half of them in a worker when there are enough and the compiled CLI is running. */
export async function readAll(jobs: ReadJob[], base: string, parsed?: (hash: string) => ParsedSource | undefined): Promise<ReadResult[]> {
  const cli = compiledCli();
  if (!cli || jobs.length < PARALLEL_FROM) return jobs.map((job) => readContentFile(job, base, parsed));
  const worker = new Worker(cli, { workerData: { heirloom: "parse" } });
  const theirs = jobs.filter((_, i) => i % 2 === 1);
  const answer = new Promise<ReadResult[]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  worker.postMessage({ jobs: theirs, base });
  const results: ReadResult[] = new Array(jobs.length);
  for (let i = 0; i < jobs.length; i += 2) results[i] = readContentFile(jobs[i], base, parsed);
  try {
    (await answer).forEach((result, i) => (results[2 * i + 1] = result));
  } finally {
    await worker.terminate();
  }
  return results;
}

/** The worker's side: answers one request of jobs (started by the CLI when asked for the "parse" role). */
export function serveParseRequests(): void {
  parentPort!.once("message", ({ jobs, base }: { jobs: ReadJob[]; base: string }) => {
    parentPort!.postMessage(jobs.map((job) => readContentFile(job, base)));
  });
}

/** A result's problem as the error the build reports. */
export function errorOf(result: ReadResult): HeirloomError | undefined {
  const e = result.error;
  return e && new HeirloomError(e.code, e.message, { location: e.location, hint: e.hint });
}
