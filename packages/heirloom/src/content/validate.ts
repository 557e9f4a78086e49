// Validate stage: raw entries in, typed and ordered collections out, with every problem of every file.
import { z } from "zod";
import type {
  CompiledMdx,
  ContentItem,
  EntryValue,
  KeptItems,
  MarkdownCache,
  MdxCache,
  RawContent,
  SourceEntry,
  ValidatedContent,
  WaitingBodies,
} from "./types.ts";
import type { Translation } from "../config/define.ts";
import type { ResolvedCollection, ResolvedSite } from "../config/types.ts";
import { ImageNotFound, OffCalendarFileName, UnexpectedBody } from "../errors/catalogue.ts";
import { orderCollections } from "./order.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";
import { type ImageRef, findImageRefs, imageRef, noteImageUse } from "./fields/index.ts";
import { type Body, type BodyOptions, markdownBody, setBody } from "./body.ts";
import type { MarkdownRenderer } from "./markdown/index.ts";
import { compileMdxBody } from "./mdx/index.ts";
import { type MdxComponents, setMdxBody } from "./mdx/index.ts";
import { issuesToErrors, schemaErrors } from "./fields/index.ts";
import { setSummary } from "./summary.ts";
import { type SchemaCheck, checkSchemas } from "./schema-checks.ts";
import { DERIVED_HASH } from "./derived.ts";
import { listValue, objectValue, slugOf } from "./entry-value.ts";
import { type PublishOptions, markScheduled, sortOut } from "./publication.ts";

// Content is validated once per build: compiling fast paths for each schema costs more than it saves.
z.config({ jitless: true });

const draftField = z.object({ draft: z.boolean().optional() });
const LIST_CHECK = { success: true, data: { draft: undefined } } as const;

/**
 * How entries are checked: drafts and scheduled entries shown or not, the clock, the base path, where a body's
 * warnings are told; `checkHeld`: entries left out are checked all the same (heirloom check), and still left out.
 */
export type ValidateOptions = Pick<BodyOptions, "base" | "onWarning"> & PublishOptions & { checkHeld?: boolean };

/** What validation may reuse and renders bodies with: one object, made by the incremental object. */
export interface ValidationReuse {
  /** Each collection's markdown renderer. */
  renderers: Map<string, MarkdownRenderer>;
  markdown?: MarkdownCache;
  /** Render every body when a page reads it (the dev server). */
  lazyMarkdown?: boolean;
  /** The bodies read this build that wait for highlighting (content/load.ts fills it); emptied once validated. */
  waiting?: WaitingBodies;
  /** The components MDX bodies render with (filled once the templates are compiled). */
  mdx: MdxComponents;
  /** Compiled MDX bodies kept from earlier work. */
  mdxCache?: MdxCache;
  /** Valid entries a previous validation made from the same unchanged sources (the dev server's). */
  kept?: KeptItems;
}

type EntryOptions = ValidateOptions & ValidationReuse;

/** Checks every entry; returns the valid ones and one located error per problem. */
export function validateContent(site: ResolvedSite, raw: RawContent, given: ValidateOptions, reuse: ValidationReuse) {
  const options: EntryOptions = { ...given, ...reuse };
  const errors: HeirloomError[] = [];
  const items = emptyCollections(site);
  // With i18n, each other locale's own entries are kept apart (content/locales.ts adds what each lacks).
  const others = site.i18n?.locales.filter((locale) => locale !== site.i18n!.defaultLocale);
  const translated = others && new Map(others.map((locale) => [locale, emptyCollections(site)]));
  const images: ImageRef[] = [];
  const bodyImages = new Map<string, ImageRef>();
  const languages = new Set<string>();
  // Drafts, scheduled and expired entries left out (or shown, and marked), problems and all unless checked.
  const { out, scheduled, publication } = sortOut(site, raw.entries, options);
  const skipped = (i: number) => out[i] && !options.checkHeld;
  // The schemas (the site's code) first, within its time; then the engine's work on each entry.
  const kept = raw.entries.map((source, i) => (skipped(i) ? undefined : reuse.kept?.item(source)));
  const checks = checkSchemas(
    site,
    raw.entries.filter((_, i) => !kept[i] && !skipped(i)),
  );
  for (const [i, source] of raw.entries.entries()) {
    if (skipped(i)) continue;
    const collection = site.collections.get(source.collection)!;
    const known = kept[i];
    const item = known ?? validateEntry(collection, source, checks.get(source), options, errors);
    if (!item) continue;
    if (!known) reuse.kept?.keep(source, item);
    if (out[i]) continue;
    markScheduled(item, scheduled[i]);
    for (const lang of item.languages ?? []) languages.add(lang);
    for (const { ref, path } of item.images) {
      noteImageUse(ref, source.file);
      if (raw.images.has(ref.src)) images.push(ref);
      else errors.push(missingImage(ref.src, source, path, raw.images));
    }
    // An image a body names by a relative path is made like an image field's (render/refs.ts writes its markup).
    // With i18n, a translation's picture that its locale's folder lacks is the default locale's at the same path.
    for (const src of item.refs ?? []) {
      const own = raw.images.has(src) ? src : defaultImage(src, source.locale, raw.images);
      if (own === undefined) continue;
      if (bodyImages.has(src)) {
        noteImageUse(bodyImages.get(src)!, source.file);
        continue;
      }
      const ref = bodyImages.get(own) ?? imageRef(own);
      noteImageUse(ref, source.file);
      if (!bodyImages.has(own)) images.push(ref);
      bodyImages.set(own, ref).set(src, ref);
    }
    if (site.i18n && item.value.locale === undefined) item.value.locale = source.locale ?? site.i18n.defaultLocale;
    (source.locale ? translated!.get(source.locale)! : items).get(collection.name)!.push(item);
  }
  for (const lists of [items, ...(translated?.values() ?? [])]) orderCollections(site, lists, errors);
  const content: ValidatedContent = { items, images, bodyImages, languages, publication };
  if (translated) content.translated = translated;
  // What still waits is of an entry left out (a draft, a mistake): nothing reads it.
  reuse.waiting?.clear();
  return { content, errors };
}

/** "de/posts/a.png" of the locale "de", when content/de/ lacks it, as the default locale's "posts/a.png". */
function defaultImage(src: string, locale: string | undefined, images: Set<string>): string | undefined {
  const path = locale && src.startsWith(`${locale}/`) ? src.slice(locale.length + 1) : undefined;
  return path !== undefined && images.has(path) ? path : undefined;
}

function emptyCollections(site: ResolvedSite): Map<string, ContentItem[]> {
  return new Map([...site.collections.keys()].map((name) => [name, []]));
}

function validateEntry(
  collection: ResolvedCollection,
  source: SourceEntry,
  check: SchemaCheck | undefined,
  options: EntryOptions,
  errors: HeirloomError[],
): ContentItem | undefined {
  // A data file's list has no draft field: the whole file is its items.
  const draftCheck = Array.isArray(source.data) ? LIST_CHECK : draftField.safeParse(source.data);
  if (!draftCheck.success) {
    errors.push(...issuesToErrors(draftCheck.error.issues, source, draftField));
    return undefined;
  }
  const { data, named, off, result, kind } = check!;
  const before = errors.length;
  if (off) errors.push(errorFrom(OffCalendarFileName, { file: source.file, off }, { location: { file: source.file } }));
  if (!result.success) {
    const dateless = (issue: z.core.$ZodIssue) => off && data.date === undefined && issue.path.join(".") === "date";
    const issues = result.error.issues.filter((issue) => !dateless(issue));
    errors.push(...schemaErrors(issues, source, collection.schema, collection.name));
  }
  let body: Body | undefined;
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
  const slug = result.success ? slugOf(source, result.data, errors) : undefined;
  if (!result.success || slug === undefined || errors.length > before) return undefined;
  // The body's fields are made with the others, set below: an object given fields afterwards is slower to read.
  const value = Array.isArray(result.data)
    ? listValue(result.data, slug, source.file)
    : objectValue(result.data as Record<string, unknown>, slug, source.file, UNSET);
  if (mdx) setSummary(value, setMdxBody(value, mdx, options.mdx, source), collection.summary);
  else setBody(value, body, collection.summary);
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

/** With i18n: what an entry shows of its translations (their URLs and titles) and whether it is a fallback. */
const LOCALE_HASH = Symbol("heirloom.localeHash");

/**
 * The SHA-256 of the file an entry was made from ("" for anything that is not an entry), with i18n followed by
 * what it carries of its translations.
 */
export function entryHashOf(entry: unknown): string {
  if (!entry || typeof entry !== "object") return "";
  const held = entry as { [SOURCE_HASH]?: string; [LOCALE_HASH]?: string; [DERIVED_HASH]?: string };
  // Shown before its date (--future, dev), it is marked: the pages that show it are made again once it is due.
  const own = (held[SOURCE_HASH] ?? "") + ((entry as EntryValue).scheduled === true ? ":scheduled" : "");
  const withLocale = held[LOCALE_HASH] === undefined ? own : `${own}|${held[LOCALE_HASH]}`;
  return held[DERIVED_HASH] === undefined ? withLocale : `${withLocale}|${held[DERIVED_HASH]}`;
}

/** Gives an entry its translations (and a fallback its mark), in its hash: a page showing them depends on them. */
export function setTranslations(value: EntryValue, translations: Translation[]): void {
  value.translations = translations;
  const summary = JSON.stringify([value.locale, value.fallback ?? false, translations]);
  Object.defineProperty(value, LOCALE_HASH, { value: summary, configurable: true, writable: true });
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

/**
 * The collections as templates receive them: a list per folder collection, the entry of a single file; the default
 * locale's, or with `locale` that locale's (content/locales.ts).
 */
export function collectionsOf(
  site: ResolvedSite,
  validated: ValidatedContent,
  locale?: string,
): Record<string, unknown> {
  const items = (locale && validated.locales?.get(locale)?.items) || validated.items;
  return Object.fromEntries(
    [...site.collections.values()].map((c) => {
      const values = (items.get(c.name) ?? []).map((item) => item.value);
      return [c.name, c.single ? values[0] : values];
    }),
  );
}
