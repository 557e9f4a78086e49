// Load stage: walks content/ once and gives every file a place (an entry of a declared collection, an image,
// a passthrough file) or an error; nothing is ignored. Entries are read as strict UTF-8 and parsed.
import { existsSync } from "node:fs";
import path from "node:path";
import type { ResolvedSite } from "../config/types.ts";
import {
  InNoCollection,
  NeitherEntryNorImage,
  NoContentFolder,
  NotAFile,
  SingleFileMissing,
  MdxOutsideMdxCollection,
  DefaultLocaleFolder,
  UnknownLocaleFolder,
} from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import type { MarkdownCache, Placement, PreviousLoad, RawContent, SourceEntry, WaitingBodies } from "./types.ts";
import { type ParsedSource, dataLanguage, toRawEntry } from "./frontmatter/index.ts";
import { dataOutsideError, entrySlug, isSectionPage, sectionPageWarning, withoutExtension } from "./files/index.ts";
import { markdownKey } from "./markdown/index.ts";
import { type ReadResult, type ReadRendering, readAll } from "./files/index.ts";
export { MAX_CONTENT_BYTES } from "./files/index.ts";
import { IMAGE_EXTENSIONS, extensionOf } from "./fields/index.ts";
import { type Listing, listTree } from "./files/index.ts";
import { linkOutError } from "../compile/site-folder.ts";
import { loadedSources } from "./loaded.ts";

/** What a load may reuse of earlier work, and where it leaves what it makes: made by the incremental object. */
export interface LoadReuse {
  /** Parsed files by the SHA-256 of their bytes: a hit skips parsing, a miss is added. */
  parsed?: Map<string, ParsedSource>;
  /** Markdown rendered while reading, by `markdownKey` (used for collections with a body). */
  markdown?: MarkdownCache;
  /** The base path and renderers markdown is rendered with while reading; without them, it is not. */
  renderWhileReading?: ReadRendering;
  /** Filled with the bodies read that wait for their code blocks' highlighting. */
  waiting?: WaitingBodies;
  /** Every file under content/ as listed just before (by `listTree`): content/ is not walked again. */
  listed?: Listing;
  /** What the previous load of the same folder left: its walk, and the entries of files unchanged since (dev). */
  previous?: PreviousLoad;
}

const IMAGES = new Set<string>(IMAGE_EXTENSIONS);

/**
 * Reads every file under content/ and sorts it into collections, images and passthrough files; the entries of
 * collections with a load function follow the files'.
 */
export async function loadContent(
  site: ResolvedSite,
  root: string,
  contentDir: string,
  reuse: LoadReuse = {},
): Promise<RawContent> {
  if (!existsSync(contentDir)) {
    throw errorFrom(NoContentFolder, { contentDir });
  }
  const placement = reuse.previous?.placement ?? (await place(site, root, contentDir, reuse.listed));
  const { toRead, images, passthrough } = placement;
  const errors = [...placement.errors];
  const unread: RawContent["unread"] = [];
  // Entries read before from files unchanged since (the dev server's) are kept; the others are read, each
  // file synchronously (for small files faster than the thread pool).
  const kept = reuse.previous?.unchanged(placement) ?? [];
  const jobs = toRead.flatMap((job, i) => (kept[i] ? [] : [{ ...job, absolute: path.join(contentDir, job.relative) }]));
  const results = readAll(jobs, reuse.renderWhileReading, reuse.parsed);
  const fresh = new Map(jobs.map((job, i) => [job.relative, toSourceEntry(job, results[i], reuse, errors, unread)]));
  const read = toRead.map(({ relative }, i) => kept[i] ?? fresh.get(relative));
  const entries = read.filter((e) => e !== undefined);
  entries.push(...loadedSources(site));
  return { entries, images, passthrough, errors, unread, placement, read };
}

/** Walks content/ and gives every file a place, or an error. */
async function place(site: ResolvedSite, root: string, contentDir: string, walked?: Listing): Promise<Placement> {
  const { files, others, outside } = walked ?? (await listTree(contentDir, undefined, root));
  const display = displayIn(root, contentDir);
  const errors: HeirloomError[] = others.map(({ file: relative, kind }) => {
    const file = display(relative);
    return errorFrom(NotAFile, { file, kind }, { location: { file } });
  });
  for (const { file, target } of outside)
    errors.push(linkOutError(root, { link: path.join(contentDir, file), target }));
  const images = new Set<string>();
  const passthrough: string[] = [];
  const toRead: Placement["toRead"] = [];
  const warnings: HeirloomError[] = [];
  const localized = site.i18n && localePlacer(site, display, errors);
  for (const relative of files) {
    const local = localized ? localized(relative) : undefined;
    if (local === null) continue;
    const place = local ?? placeOf(site, relative);
    if (place.kind === "entry")
      toRead.push({
        relative,
        file: display(relative),
        collection: place.collection,
        slug: place.slug,
        ...(site.i18n ? { locale: place.locale, key: place.key ?? withoutExtension(relative) } : {}),
      });
    else if (place.kind === "image") images.add(relative);
    else if (place.kind === "passthrough") passthrough.push(relative);
    else if (place.kind === "unexpected") errors.push(unexpected(site, display(relative), place.reason));
    else if (place.kind === "section page") warnings.push(sectionPageWarning(display(relative), relative));
    else if (place.kind === "data outside") errors.push(dataOutsideError(display(relative), relative));
    else if (place.kind === "mdx outside") {
      const file = display(relative);
      errors.push(errorFrom(MdxOutsideMdxCollection, { file, collection: place.collection }, { location: { file } }));
    }
  }
  const listed = new Set(files);
  for (const [name, collection] of site.collections) {
    if (collection.single && !listed.has(collection.source)) {
      const file = display(collection.source);
      errors.push(errorFrom(SingleFileMissing, { file, collection: name }, { location: { file } }));
    }
  }
  return { files: listed, toRead, images, passthrough, errors, warnings };
}

type Place =
  | { kind: "entry"; collection: string; slug: string; locale?: string; key?: string }
  | { kind: "image" | "passthrough" | "section page" | "data outside" }
  | { kind: "unexpected"; reason: "markdown" | "other" }
  | { kind: "mdx outside"; collection: string };

/** Where a file under content/ belongs: the deepest declared folder wins. */
function placeOf(site: ResolvedSite, relative: string): Place {
  const extension = extensionOf(relative);
  let best: { name: string; source: string } | undefined;
  for (const [name, collection] of site.collections) {
    if (collection.single) {
      if (collection.source === relative) return { kind: "entry", collection: name, slug: withoutExtension(relative) };
    } else if (
      relative.startsWith(`${collection.source}/`) &&
      (!best || collection.source.length > best.source.length)
    ) {
      best = { name, source: collection.source };
    }
  }
  const collection = best && site.collections.get(best.name);
  if (isSectionPage(relative)) return { kind: "section page" };
  if (best && collection?.data && dataLanguage(relative))
    return { kind: "entry", collection: best.name, slug: entrySlug(relative, best.source, collection) };
  // .markdown is Jekyll's default for posts (`jekyll new` writes one): markdown as .md is.
  if (best && (extension === "md" || extension === "markdown"))
    return { kind: "entry", collection: best.name, slug: entrySlug(relative, best.source, collection) };
  if (best && extension === "mdx") {
    if (collection?.body !== "mdx") return { kind: "mdx outside", collection: best.name };
    return { kind: "entry", collection: best.name, slug: entrySlug(relative, best.source, collection) };
  }
  // Listed for passthrough, a file is published as it is, a picture too (an image is published when read).
  if (site.passthrough.some((p) => relative === p || relative.startsWith(`${p}/`))) return { kind: "passthrough" };
  if (IMAGES.has(extension)) return { kind: "image" };
  if (dataLanguage(relative)) return { kind: "data outside" };
  return { kind: "unexpected", reason: extension === "md" || extension === "markdown" ? "markdown" : "other" };
}

/**
 * With i18n, where a file in a locale's folder belongs: content/de/<path> is the entry <path> would be, in "de";
 * undefined for any other file (placed as without i18n). A file that only a locale's folder would make an entry
 * (content/fr/… of an undeclared "fr", content/en/… of the default "en") is an error, told once per folder: null.
 */
function localePlacer(site: ResolvedSite, display: (relative: string) => string, errors: HeirloomError[]) {
  const { locales, defaultLocale } = site.i18n!;
  const told = new Set<string>();
  return (relative: string): Place | null | undefined => {
    const slash = relative.indexOf("/");
    if (slash < 0) return undefined;
    const [folder, rest] = [relative.slice(0, slash), relative.slice(slash + 1)];
    const inner = placeOf(site, rest);
    if (inner.kind !== "entry" && inner.kind !== "mdx outside") return undefined;
    if (folder !== defaultLocale && locales.includes(folder)) {
      if (inner.kind !== "entry") return inner;
      return { ...inner, locale: folder, key: withoutExtension(rest) };
    }
    const own = placeOf(site, relative).kind;
    if (own === "entry" || own === "passthrough" || own === "image") return undefined;
    if (!told.has(folder)) {
      told.add(folder);
      const shown = `${display(folder)}/`;
      const entry = folder === defaultLocale ? DefaultLocaleFolder : UnknownLocaleFolder;
      errors.push(errorFrom(entry, { folder: shown, locale: folder, locales }, { location: { file: shown } }));
    }
    return null;
  };
}

function unexpected(site: ResolvedSite, file: string, reason: "markdown" | "other"): HeirloomError {
  if (reason === "other") return errorFrom(NeitherEntryNorImage, { file }, { location: { file } });
  const folders = [...site.collections.values()].filter((c) => !c.single).map((c) => `content/${c.source}/`);
  return errorFrom(InNoCollection, { file, folders }, { location: { file } });
}

/**
 * A read file as an entry (its parse and rendered markdown kept in the caches), or its error recorded and the
 * file listed as unread.
 */
function toSourceEntry(
  job: { absolute: string; file: string; collection: string; slug: string; locale?: string; key?: string },
  result: ReadResult,
  reuse: LoadReuse,
  errors: HeirloomError[],
  unread: RawContent["unread"],
): SourceEntry | undefined {
  const problem = result.error;
  if (problem || !result.parsed || !result.hash || result.text === undefined) {
    if (problem) errors.push(problem);
    unread.push({ absolute: job.absolute, collection: job.collection, slug: job.slug });
    return undefined;
  }
  reuse.parsed?.set(result.hash, result.parsed);
  const rendering = reuse.renderWhileReading;
  if ((result.rendered || result.waiting) && rendering) {
    const key = markdownKey(result.hash, rendering.base, rendering.renderers.get(job.collection)!);
    if (result.rendered) reuse.markdown?.set(key, result.rendered);
    if (result.waiting) reuse.waiting?.set(key, result.waiting);
  }
  const entry: SourceEntry = {
    ...toRawEntry(job.file, result.parsed, result.text),
    collection: job.collection,
    slug: job.slug,
    hash: result.hash,
  };
  if (job.key !== undefined) Object.assign(entry, { locale: job.locale, key: job.key });
  return entry;
}

/** A content file's path relative to the project root, with forward slashes (the prefix worked out once). */
function displayIn(root: string, contentDir: string): (relative: string) => string {
  const prefix = path.relative(root, contentDir).split(path.sep).join("/");
  return (relative) => (prefix ? `${prefix}/${relative}` : relative);
}

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
