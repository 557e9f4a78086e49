// Reads content files: each is read, hashed and decoded; unless a file with the same bytes was parsed
// before, its front matter is parsed and its markdown rendered as it is read. A problem of a file is returned with
// it, never thrown, so every file's problem is reported together.
import { hash } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { LinkToNothing, TooLarge, Unreadable } from "../../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../../errors/errors.ts";
import { type ParsedSource, dataLanguage, readDataFile, readSource } from "../frontmatter/index.ts";
import { decodeContent } from "./decode.ts";
import type { MarkdownRenderer, RenderedMarkdown, WaitingMarkdown } from "../markdown/index.ts";
import { entrySeparator } from "../markdown/index.ts";

export interface ReadJob {
  /** Absolute path. */
  absolute: string;
  /** As errors name it (relative to the project root). */
  file: string;
  collection: string;
}

/** One file read: its hash and text and parsed front matter, its markdown rendered, or its error. */
export interface ReadResult {
  hash?: string;
  text?: string;
  parsed?: ParsedSource;
  /** The body rendered with the base path applied, when it rendered without a problem or a wait for Shiki. */
  rendered?: RenderedMarkdown;
  /** The body parsed, waiting for its code blocks' highlighting (rendered from that parse when a page needs it). */
  waiting?: WaitingMarkdown;
  error?: HeirloomError;
}

/** How markdown is rendered while it is read: with this base path, by each collection's renderer. */
export interface ReadRendering {
  base: string;
  renderers: Map<string, MarkdownRenderer>;
}

/** A content file may be at most this large: far past any page's text, far below what strains a build. */
export const MAX_CONTENT_BYTES = 2 * 1024 * 1024;

/** Reads, hashes and decodes one content file; never throws for a problem of the file (it is returned). */
function readContentFile(job: ReadJob): ReadResult {
  try {
    const bytes = readLimited(job.file, job.absolute);
    return { hash: hash("sha256", bytes), text: decodeContent(job.file, bytes) };
  } catch (error) {
    return { error: problemOf(error, job.file) };
  }
}

/** The file's bytes, refused without reading them when it is over the limit. */
function readLimited(file: string, absolute: string): Buffer {
  const fd = openSync(absolute, "r");
  try {
    const { size } = fstatSync(fd);
    if (size > MAX_CONTENT_BYTES) {
      const [mb, limitMb] = [(size / 1024 / 1024).toFixed(1), MAX_CONTENT_BYTES / 1024 / 1024];
      throw errorFrom(TooLarge, { file, mb, limitMb }, { location: { file } });
    }
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Parses a read file's front matter and, when `rendering` says how, renders its markdown (used only for collections
 * with a body; a problem is found again, and reported, when the entry is validated).
 */
function parseContent(
  job: ReadJob,
  text: string,
  rendering: ReadRendering | undefined,
): Pick<ReadResult, "parsed" | "rendered" | "waiting" | "error"> {
  const { file } = job;
  try {
    // A data file is its fields, whole: no body to render.
    if (dataLanguage(file)) return { parsed: readDataFile(file, text) };
    const parsed = readSource(file, text);
    // An MDX body is compiled when it is validated, never rendered as markdown.
    const renderer = file.endsWith(".mdx") ? undefined : rendering?.renderers.get(job.collection);
    try {
      const body = text.slice(parsed.bodyOffset);
      const separator = entrySeparator(parsed.data);
      const result = renderer?.render(body, file, parsed.bodyLine, rendering!.base, false, separator);
      if (!result) return { parsed };
      return "html" in result ? { parsed, rendered: result } : { parsed, waiting: result };
    } catch {
      return { parsed };
    }
  } catch (error) {
    return { error: problemOf(error, file) };
  }
}

/** What went wrong with a file, as the error the build reports: its own, or that it cannot be read. */
function problemOf(error: unknown, file: string): HeirloomError {
  if (error instanceof HeirloomError) return error;
  const absent = (error as NodeJS.ErrnoException).code === "ENOENT";
  return errorFrom(absent ? LinkToNothing : Unreadable, { file }, { location: { file }, cause: error });
}

/** Reads one file and, unless a file with its bytes was parsed before, parses it. */
function readOne(
  job: ReadJob,
  rendering: ReadRendering | undefined,
  parsed?: ReadonlyMap<string, ParsedSource>,
): ReadResult {
  const result = readContentFile(job);
  if (result.error) return result;
  // A data file and a markdown file of the same bytes are read apart.
  const found = parsed?.get(result.hash!);
  const known = found && Boolean(found.dataFile) === Boolean(dataLanguage(job.file)) ? found : undefined;
  return known
    ? Object.assign(result, { parsed: known })
    : Object.assign(result, parseContent(job, result.text!, rendering));
}

/** Reads every job, in order; a file parsed before (found by its hash in `parsed`) is not parsed again. */
export function readAll(
  jobs: ReadJob[],
  rendering: ReadRendering | undefined,
  parsed?: ReadonlyMap<string, ParsedSource>,
): ReadResult[] {
  return jobs.map((job) => readOne(job, rendering, parsed));
}
