// Load stage: walks content/ once and gives every file a place (an entry of a declared collection, an image,
// a passthrough file) or an error; nothing is ignored. Entries are read as strict UTF-8 and parsed.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { ResolvedSite } from "../config/site.ts";
import { HeirloomError } from "../errors/errors.ts";
import type { MarkdownCache } from "../incremental/build-state.ts";
import type { ContentItem } from "./validate.ts";
import { type ParsedSource, type RawEntry, toRawEntry } from "./front-matter.ts";
import { type ReadResult, errorOf, readAll } from "./read.ts";
export { MAX_CONTENT_BYTES } from "./read.ts";
import { IMAGE_EXTENSIONS, extensionOf } from "./image-field.ts";
import { listTree } from "./list-tree.ts";

/** A parsed content file and the collection it belongs to. */
export interface SourceEntry extends RawEntry {
  collection: string;
  /** Path under the collection folder without `.md`; a single entry's file name without `.md`. */
  slug: string;
  /** SHA-256 of the file's bytes: what every cache of its work is keyed by. */
  hash: string;
  /** Its valid entry, kept while the file is unchanged (dev), with the memo it was made under. */
  validated?: { memo: object; item: ContentItem };
}

export interface LoadOptions {
  /** Parsed files by the SHA-256 of their bytes: a hit skips parsing, a miss is added. */
  parsed?: Map<string, ParsedSource>;
  /** Markdown rendered ahead while reading, by `<file hash>:<base>` (used for collections with a body). */
  markdown?: MarkdownCache;
  /** The base path markdown links are rendered with; without one, markdown is not rendered ahead. */
  base?: string;
  /**
   * The previous load, and the files changed since (relative to content/, with forward slashes): any
   * other file that was read before is not read again, and content/ is not walked again unless a file was
   * added or removed. The dev server knows what changed from its watcher.
   */
  reuse?: { previous: RawContent; changed: Set<string> };
  /** Every file under content/ as listed just before (by `listTree`): content/ is not walked again. */
  listed?: string[];
}

/**
 * Where every file under content/ belongs, as one walk found it. The dev server hands it back with the
 * files saved since: when each of them is still a file the walk placed, content/ is not walked again.
 */
export interface Placement {
  files: Set<string>;
  toRead: Array<{ relative: string; file: string; collection: string; slug: string }>;
  images: Set<string>;
  passthrough: string[];
  errors: HeirloomError[];
}

export interface RawContent {
  entries: SourceEntry[];
  /** Image files, relative to content/ ("images/porch.svg"). */
  images: Set<string>;
  /** Files copied as they are, relative to content/. */
  passthrough: string[];
  /** Files that could not be read, parsed or placed; the rest is still validated. */
  errors: HeirloomError[];
  /** Entries that could not be read or parsed (absolute path, collection, slug): what they would be is unknown. */
  unread: Array<{ absolute: string; collection: string; slug: string }>;
  /** The walk this load used, and what was read for each of its entries (in its order), for the next load. */
  placement: Placement;
  read: Array<SourceEntry | undefined>;
}

const IMAGES = new Set<string>(IMAGE_EXTENSIONS);

/** Reads every file under content/ and sorts it into collections, images and passthrough files. */
export async function loadContent(
  site: ResolvedSite,
  root: string,
  contentDir: string,
  options: LoadOptions = {},
): Promise<RawContent> {
  if (!existsSync(contentDir)) {
    throw new HeirloomError("MissingContentError", `There is no content folder at ${contentDir}.`, {
      hint: "run heirloom in the project's root folder (the one with site.config.ts, content/ and templates/), or pass --root.",
    });
  }
  const placement = reusable(options.reuse, contentDir) ?? (await place(site, root, contentDir, options.listed));
  const { toRead, images, passthrough } = placement;
  const errors = [...placement.errors];
  const unread: RawContent["unread"] = [];
  // Files read before and unchanged since (the dev server's) are kept; the others are read, each file
  // synchronously (for small files faster than the thread pool).
  // With the same walk, the previous entries stand in the same order; after a new walk they are found by file.
  const previous = options.reuse?.previous;
  const aligned = previous?.placement === placement ? previous.read : undefined;
  const byFile = previous && !aligned ? new Map(previous.entries.map((e) => [e.file, e])) : undefined;
  const kept: Array<SourceEntry | undefined> = toRead.map(({ relative, file, collection }, i) => {
    if (options.reuse?.changed.has(relative)) return undefined;
    const before = aligned ? aligned[i] : byFile?.get(file);
    return before?.collection === collection ? before : undefined;
  });
  const jobs = toRead.flatMap((job, i) => (kept[i] ? [] : [{ ...job, absolute: path.join(contentDir, job.relative) }]));
  const results = readAll(jobs, options.base, options.parsed);
  const fresh = new Map(jobs.map((job, i) => [job.relative, toSourceEntry(job, results[i], options, errors, unread)]));
  const read = toRead.map(({ relative }, i) => kept[i] ?? fresh.get(relative));
  return { entries: read.filter((e) => e !== undefined), images, passthrough, errors, unread, placement, read };
}

/**
 * The previous walk, when every file saved since is still a file it placed (no file added or removed). A
 * path that is gone and was never placed, nor a folder of placed files (an editor's or sed's temporary
 * file, renamed over the saved one), changes nothing.
 */
function reusable(reuse: LoadOptions["reuse"], contentDir: string): Placement | undefined {
  if (!reuse) return undefined;
  const { placement } = reuse.previous;
  for (const relative of reuse.changed) {
    if (relative.startsWith("../")) continue;
    const stat = statOrNothing(path.join(contentDir, relative));
    const placed = placement.files.has(relative);
    if (!placed && !stat && !holdsPlaced(placement, relative)) continue;
    if (!placed || !stat?.isFile()) return undefined;
  }
  return placement;
}

/** Whether the walk placed files under this path (a folder removed or moved away since). */
function holdsPlaced(placement: Placement, relative: string): boolean {
  const prefix = relative === "" ? "" : `${relative}/`;
  for (const file of placement.files) if (file.startsWith(prefix)) return true;
  return false;
}

/** The file's stat, or undefined when nothing is there (ENOTDIR too: the watcher may name a child of a file). */
function statOrNothing(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** Walks content/ and gives every file a place, or an error. */
async function place(site: ResolvedSite, root: string, contentDir: string, walked?: string[]): Promise<Placement> {
  const files = walked ?? (await listTree(contentDir));
  const errors: HeirloomError[] = [];
  const images = new Set<string>();
  const passthrough: string[] = [];
  const toRead: Placement["toRead"] = [];
  for (const relative of files) {
    const place = placeOf(site, relative);
    if (place.kind === "entry")
      toRead.push({
        relative,
        file: display(root, contentDir, relative),
        collection: place.collection,
        slug: place.slug,
      });
    else if (place.kind === "image") images.add(relative);
    else if (place.kind === "passthrough") passthrough.push(relative);
    else if (place.kind === "unexpected")
      errors.push(unexpected(site, display(root, contentDir, relative), place.reason));
  }
  const listed = new Set(files);
  for (const [name, collection] of site.collections) {
    if (collection.single && !listed.has(collection.source)) {
      const file = display(root, contentDir, collection.source);
      errors.push(
        new HeirloomError("MissingContentError", `${file} does not exist.`, {
          location: { file },
          hint: `create ${file}; site.config.ts declares it as the collection "${name}".`,
        }),
      );
    }
  }
  return { files: listed, toRead, images, passthrough, errors };
}

type Place =
  | { kind: "entry"; collection: string; slug: string }
  | { kind: "image" | "passthrough" }
  | { kind: "unexpected"; reason: "markdown" | "other" };

/** Where a file under content/ belongs: the deepest declared folder wins. */
function placeOf(site: ResolvedSite, relative: string): Place {
  const extension = extensionOf(relative);
  let best: { name: string; source: string } | undefined;
  for (const [name, collection] of site.collections) {
    if (collection.single) {
      if (collection.source === relative)
        return { kind: "entry", collection: name, slug: relative.replace(/\.md$/, "") };
    } else if (
      relative.startsWith(`${collection.source}/`) &&
      (!best || collection.source.length > best.source.length)
    ) {
      best = { name, source: collection.source };
    }
  }
  if (best && extension === "md")
    return { kind: "entry", collection: best.name, slug: relative.slice(best.source.length + 1, -3) };
  if (IMAGES.has(extension)) return { kind: "image" };
  if (site.passthrough.some((p) => relative === p || relative.startsWith(`${p}/`))) return { kind: "passthrough" };
  return { kind: "unexpected", reason: extension === "md" ? "markdown" : "other" };
}

function unexpected(site: ResolvedSite, file: string, reason: "markdown" | "other"): HeirloomError {
  const folders = [...site.collections.values()].filter((c) => !c.single).map((c) => `content/${c.source}/`);
  const hint =
    reason === "markdown"
      ? `move it into a collection's folder (${folders.join(", ") || "none is declared"}), or declare a collection for it in site.config.ts.`
      : `content/ holds markdown entries and images only: move the file out of content/, or list it under \`passthrough\` in site.config.ts to publish it as it is.`;
  const what = reason === "markdown" ? "belongs to no collection" : "is neither a markdown entry nor an image";
  return new HeirloomError("UnexpectedFileError", `${file} ${what}.`, { location: { file }, hint });
}

/** A read file as an entry (its parse and rendered markdown kept in the caches), or its error recorded and the file listed as unread. */
function toSourceEntry(
  job: { absolute: string; file: string; collection: string; slug: string },
  result: ReadResult,
  options: LoadOptions,
  errors: HeirloomError[],
  unread: RawContent["unread"],
): SourceEntry | undefined {
  const problem = errorOf(result);
  if (problem || !result.parsed || !result.hash || result.text === undefined) {
    if (problem) errors.push(problem);
    unread.push({ absolute: job.absolute, collection: job.collection, slug: job.slug });
    return undefined;
  }
  options.parsed?.set(result.hash, result.parsed);
  if (result.html !== undefined) options.markdown?.set(`${result.hash}:${options.base}`, result.html);
  return {
    ...toRawEntry(job.file, result.parsed, result.text),
    collection: job.collection,
    slug: job.slug,
    hash: result.hash,
    validated: undefined,
  };
}

/** A content file's path relative to the project root, with forward slashes (the prefix is worked out once). */
const prefixes = new Map<string, string>();
function display(root: string, contentDir: string, relative: string): string {
  const key = `${root}\0${contentDir}`;
  let prefix = prefixes.get(key);
  if (prefix === undefined) {
    prefix = path.relative(root, contentDir).split(path.sep).join("/");
    prefixes.set(key, prefix);
  }
  return prefix ? `${prefix}/${relative}` : relative;
}

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
