// Validate stage: raw entries in, typed and ordered collections out, with every problem of every file.
import { z } from "zod";
import type {
  CompiledMdx,
  ContentItem,
  ValidationReuse,
  EntryValue,
  MdxCache,
  RawContent,
  SourceEntry,
  ValidatedContent,
} from "./types.ts";
import type { ResolvedCollection, ResolvedSite } from "../config/types.ts";
import { DuplicateItem, ImageNotFound, OffCalendarFileName, UnexpectedBody } from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";
import { datedFileName, offCalendarFileName } from "./dates.ts";
import { type ImageRef, findImageRefs, imageRef } from "./image-field.ts";
import { type Body, type BodyOptions, markdownBody, setBody } from "./body.ts";
import type { MarkdownRenderer } from "./markdown.ts";
import { compileMdxBody } from "./mdx-compile.ts";
import { type MdxComponents, setMdxBody } from "./mdx.ts";
import { issuesToErrors, schemaErrors } from "./schema-errors.ts";

// Content is validated once per build: compiling fast paths for each schema costs more than it saves.
z.config({ jitless: true });

const draftField = z.object({ draft: z.boolean().optional() });

/** Checks every entry; returns the valid ones and one located error per problem. */
export interface ValidateOptions extends BodyOptions {
  drafts: boolean;
  /** Each collection's markdown renderer. */
  renderers: Map<string, MarkdownRenderer>;
  /** Valid entries a previous validation made from the same unchanged sources (the dev server's). */
  reuse?: ValidationReuse;
  /** The components MDX bodies render with (filled once the templates are compiled). */
  mdx: MdxComponents;
  /** Compiled MDX bodies kept from earlier work. */
  mdxCache?: MdxCache;
}

export function validateContent(site: ResolvedSite, raw: RawContent, options: ValidateOptions) {
  const errors: HeirloomError[] = [];
  const items = new Map<string, ContentItem[]>([...site.collections.keys()].map((name) => [name, []]));
  const images: ImageRef[] = [];
  const bodyImages = new Map<string, ImageRef>();
  const languages = new Set<string>();
  for (const source of raw.entries) {
    const collection = site.collections.get(source.collection)!;
    const known = options.reuse?.item(source);
    const item = known ?? validateEntry(collection, source, options, errors);
    if (!item) continue;
    if (!known) options.reuse?.keep(source, item);
    for (const lang of item.languages ?? []) languages.add(lang);
    for (const { ref, path } of item.images) {
      if (raw.images.has(ref.src)) images.push(ref);
      else errors.push(missingImage(ref.src, source, path, raw.images));
    }
    // An image a body names by a relative path is made like an image field's (render/refs.ts writes its markup).
    for (const src of item.refs ?? []) {
      if (!raw.images.has(src) || bodyImages.has(src)) continue;
      const ref = imageRef(src);
      bodyImages.set(src, ref);
      images.push(ref);
    }
    items.get(collection.name)!.push(item);
  }
  for (const collection of site.collections.values()) {
    const list = items.get(collection.name)!;
    list.sort(compareBy(collection));
    for (const key of collection.unique) errors.push(...duplicates(collection, list, key).errors);
    if (!collection.datedFileNames) continue;
    // Jekyll's rule for dated names: two posts may share a slug, not a slug and a date. The second is left out, so
    // its page is not reported again as a clash with the first's.
    const twice = duplicates(collection, list, ["slug", "date"]);
    errors.push(...twice.errors);
    if (twice.items.size > 0)
      items.set(
        collection.name,
        list.filter((item) => !twice.items.has(item)),
      );
  }
  return { content: { items, images, bodyImages, languages } satisfies ValidatedContent, errors };
}

function validateEntry(
  collection: ResolvedCollection,
  source: SourceEntry,
  options: ValidateOptions,
  errors: HeirloomError[],
): ContentItem | undefined {
  const { draft: _draft, ...data } = source.data;
  // "2024-01-15-hello.md" dates an entry whose front matter does not: before the schema reads it.
  const named = collection.datedFileNames ? datedFileName(source.file) : undefined;
  if (named && data.date === undefined) data.date = named.date;
  // "2026-02-31-hello.md": told as such, not also as a post without a date.
  const off = collection.datedFileNames && !named ? offCalendarFileName(source.file) : undefined;
  const draftCheck = draftField.safeParse(source.data);
  if (!draftCheck.success) {
    errors.push(...issuesToErrors(draftCheck.error.issues, source, draftField));
    return undefined;
  }
  // A draft is left out of a build without --drafts, problems and all: it is work in progress.
  if (draftCheck.data.draft && !options.drafts) return undefined;
  const result = collection.schema.safeParse(data);
  const before = errors.length;
  if (off) errors.push(errorFrom(OffCalendarFileName, { file: source.file, off }, { location: { file: source.file } }));
  if (!result.success) {
    const dateless = (issue: z.core.$ZodIssue) => off && data.date === undefined && issue.path.join(".") === "date";
    const issues = result.error.issues.filter((issue) => !dateless(issue));
    errors.push(...schemaErrors(issues, source, collection.schema, collection.name));
  }
  let body: Body | undefined;
  const kind =
    typeof collection.body === "function"
      ? result.success
        ? collection.body(result.data as Record<string, unknown>)
        : "markdown"
      : collection.body;
  let mdx: CompiledMdx | undefined;
  if (source.file.endsWith(".mdx")) {
    const compiled = compileMdxBody(source, options.base, options.renderers.get(collection.name)!, options.mdxCache);
    if (compiled instanceof HeirloomError) errors.push(compiled);
    else mdx = compiled;
  } else if (kind === "markdown" || kind === "mdx") {
    body = markdownBody(source, options.renderers.get(collection.name)!, options, errors);
  } else if (source.body.trim() !== "" && (result.success || source.format !== "none")) {
    // A file without front matter whose schema fails was told so: its text is not "below its front matter".
    errors.push(unexpectedBody(collection, source));
  }
  if (!result.success || errors.length > before) return undefined;
  // The body's fields are in the literal, set below: an object given fields afterwards is slower to make and read.
  const value = {
    ...(result.data as Record<string, unknown>),
    slug: source.slug,
    file: source.file,
    html: "",
    headings: UNSET,
  } as EntryValue;
  if (mdx) setMdxBody(value, mdx, options.mdx, source);
  else setBody(value, body);
  // What its file's name gives the entry (a slug, a date) is part of what a page showing it is made from.
  Object.defineProperty(value, SOURCE_HASH, { value: named ? `${source.hash}:${source.file}` : source.hash });
  // Searched in the parsed data (the same objects as in the value), never through the lazy html.
  const images = findImageRefs(result.data);
  // An MDX body's blocks are highlighted once it is compiled (highlightMdx), never when it renders.
  const languages = body?.languages;
  const refs = mdx ? mdx.refs : body?.refs;
  return { value, source, images, order: undefined, code: body?.code ?? false, languages, mdx, refs };
}

const UNSET: never[] = [];

/** Each entry's source file hash, on the entry itself (not enumerable): what a page that shows it depends on. */
const SOURCE_HASH = Symbol("heirloom.sourceHash");

/** The SHA-256 of the file an entry was made from ("" for anything that is not an entry). */
export function entryHashOf(entry: unknown): string {
  return (entry && typeof entry === "object" ? (entry as { [SOURCE_HASH]?: string })[SOURCE_HASH] : undefined) ?? "";
}

function unexpectedBody(collection: ResolvedCollection, source: SourceEntry): HeirloomError {
  const firstLine = source.body.split("\n").findIndex((line) => line.trim() !== "");
  const location = { file: source.file, line: source.bodyLine + Math.max(0, firstLine) };
  return errorFrom(UnexpectedBody, { file: source.file, collection: collection.name }, { location });
}

function missingImage(src: string, source: SourceEntry, path: PropertyKey[], known: Set<string>): HeirloomError {
  const location = { file: source.file, ...source.locate(path) };
  return errorFrom(ImageNotFound, { src, file: source.file, known: [...known].sort() }, { location });
}

/** The collection's declared order; ties (and collections without one) keep file-path order. */
function compareBy(collection: ResolvedCollection): (a: ContentItem, b: ContentItem) => number {
  const byFile = (a: ContentItem, b: ContentItem) =>
    a.source.file < b.source.file ? -1 : a.source.file > b.source.file ? 1 : 0;
  const { sort } = collection;
  if (sort === undefined) return byFile;
  if (typeof sort === "function") return (a, b) => sort(a.value, b.value) || byFile(a, b);
  const descending = sort.startsWith("-");
  const field = descending ? sort.slice(1) : sort;
  // Each value's sort key is made once, not at each of the n log n comparisons (nor at each of dev's builds).
  const keyOf = (item: ContentItem) => (item.order ??= sortKey(item.value[field]));
  return (a, b) => {
    const order = compareKeys(keyOf(a), keyOf(b));
    return (descending ? -order : order) || byFile(a, b);
  };
}

/** Numbers by value, everything else by code points: the same order on every machine and locale. */
function sortKey(value: unknown): number | string {
  return typeof value === "number" ? value : value instanceof Date ? value.toISOString() : String(value ?? "");
}

function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Each entry whose values of `key` an earlier one has, and its error. */
function duplicates(collection: ResolvedCollection, list: ContentItem[], key: string[]) {
  const seen = new Map<string, ContentItem>();
  const errors: HeirloomError[] = [];
  const items = new Set<ContentItem>();
  for (const item of list) {
    const values = key.map((field) => item.value[field]);
    if (values.some((v) => v === undefined)) continue;
    const id = JSON.stringify(values);
    const first = seen.get(id);
    if (!first) {
      seen.set(id, item);
      continue;
    }
    const [fields, shown] = [key.join(" and "), values.map((v) => String(v)).join(", ")];
    const [file, many] = [item.source.file, key.length > 1];
    const args = { fields, values: shown, file, first: first.source.file, many, collection: collection.name };
    errors.push(errorFrom(DuplicateItem, args, { location: { file, ...item.source.locate([key[key.length - 1]]) } }));
    items.add(item);
  }
  return { errors, items };
}

/** The collections as templates receive them: a list per folder collection, the entry of a single file. */
export function collectionsOf(site: ResolvedSite, validated: ValidatedContent): Record<string, unknown> {
  return Object.fromEntries(
    [...site.collections.values()].map((c) => {
      const values = validated.items.get(c.name)!.map((item) => item.value);
      return [c.name, c.single ? values[0] : values];
    }),
  );
}
