// Hugo's and Jekyll's content layouts as the walk of content/ meets them: a page bundle's index.md is the entry of
// its folder, a Hugo section's _index.md is told (not published), data files belong to collections that read them.
import { DataFileOutsideData, HugoSectionPage } from "../../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../../errors/errors.ts";
import type { ResolvedCollection } from "../../config/types.ts";
import { dataLanguage, datedFileName } from "../frontmatter/index.ts";

/** A markdown or MDX file's extension: .md, Jekyll's default .markdown, or .mdx. */
const BODY_EXTENSION = /\.(?:mdx?|markdown)$/;

/** A file's path without its extension: .md, .markdown, .mdx, or a data file's (.yaml, .yml, .json, .toml). */
export function withoutExtension(relative: string): string {
  return dataLanguage(relative) ? relative.replace(/\.[^./]+$/, "") : relative.replace(BODY_EXTENSION, "");
}

/**
 * The slug of a path under a collection's folder (without its extension): a page bundle's "hello/index" is the
 * folder's "hello", as Hugo, Eleventy and Astro publish it; an index.md at the folder's top stays "index".
 */
export function bundleSlug(path: string): string {
  return path.endsWith("/index") ? path.slice(0, -"/index".length) : path;
}

/**
 * The slug of an entry's file (`relative` under content/) in the collection of folder `source`: its path there without
 * its extension (a bundle's index.md its folder's), or a dated name's part after its date, if read so.
 */
export function entrySlug(relative: string, source: string, collection?: ResolvedCollection): string {
  const dated = collection?.datedFileNames ? datedFileName(relative) : undefined;
  return dated?.slug ?? bundleSlug(withoutExtension(relative.slice(source.length + 1)));
}

/** Hugo's list page of a section (or of the home page): an `_index.md` in any folder. */
export function isSectionPage(relative: string): boolean {
  return /(?:^|\/)_index\.(?:mdx?|markdown)$/.test(relative);
}

/** The warning for a Hugo section page no collection declares: it is left out, with what to do instead. */
export function sectionPageWarning(file: string, relative: string): HeirloomError {
  const declared = `defineCollection({ file: "${relative}", schema, body: "markdown" })`;
  return errorFrom(HugoSectionPage, { file, declared }, { location: { file, line: 1 } });
}

/** The error of a data file that no collection reads (a collection's folder without `data: true`, or none). */
export function dataOutsideError(file: string, relative: string): HeirloomError {
  const slash = relative.lastIndexOf("/");
  const folder = slash < 0 ? "data" : relative.slice(0, slash);
  return errorFrom(DataFileOutsideData, { file, folder }, { location: { file } });
}

/** A warning as the build lists it: where, what happened, and what to do. */
export function warningText(warning: HeirloomError): string {
  const { file, line } = warning.location ?? {};
  const place = file ? `${file}${line ? `:${line}` : ""}: ` : "";
  return `${place}${warning.message}${warning.hint ? ` Hint: ${warning.hint}` : ""}`;
}
