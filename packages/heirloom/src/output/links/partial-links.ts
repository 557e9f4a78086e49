// The link check of a site whose content has mistakes, so that one run reports every problem: the pages
// that still render are checked, and a link to where a file that failed would be published is not called
// broken (once the file is fixed, it may well lead somewhere). Images are not made for this check: an image
// field that dev kept filled from an earlier build names files that exist, and a fresh field names none.
import { readFileSync, statSync } from "node:fs";
import type { SiteConfig } from "../../config/options.ts";
import type { ResolvedSite } from "../../config/types.ts";
import { guessFields } from "../../content/frontmatter/index.ts";
import { MAX_CONTENT_BYTES } from "../../content/load.ts";
import type { RawContent } from "../../content/types.ts";
import type { ValidatedContent } from "../../content/types.ts";
import type { ImageRef } from "../../content/fields/index.ts";
import type { HeirloomError } from "../../errors/errors.ts";
import type { Route } from "../../routes/types.ts";
import { NOT_FOUND, isPlainPath, normalizePath, outFileFor } from "../../routes/urls.ts";
import { withoutNumberPrefixes } from "../../content/files/index.ts";
import { checkLinks } from "./links.ts";
import { pageLinks } from "./page-links.ts";
import { everyItem } from "../../content/locales.ts";
import { leftOutFiles } from "../../content/publication.ts";
import { templateLinkFinder } from "./template-links.ts";

export interface PartialSite {
  config: SiteConfig;
  site: ResolvedSite;
  raw: RawContent;
  validated: ValidatedContent;
  /** The routes of the valid entries. */
  routes: Route[];
  /** Every other file the output would hold (output-relative paths). */
  files: string[];
  /** Renders one page; it may throw, its data being incomplete. */
  render(route: Route): string;
  /** What a destination written in a content file publishes as on a page (see LinkCheckInput). */
  published?(file: string, url: string, page: string): string | undefined;
}

/** Broken links of the pages that render; none when a failed page's path cannot be made out. */
export function linksDespiteMistakes(partial: PartialSite): HeirloomError[] {
  const guessed = outFilesOfFailed(partial);
  if (!guessed) return [];
  const ids = new Map<string, Set<string>>();
  const pages = partial.routes.flatMap((route) => {
    try {
      const found = pageLinks(partial.render(route));
      ids.set(route.outFile, new Set(found.ids ?? []));
      return [{ route: route.path, ...found, outFile: route.outFile, file: route.entry.file }];
    } catch {
      return []; // a page that needs what failed: its mistake is reported already
    }
  });
  return checkLinks({
    pages,
    files: new Set([
      ...partial.routes.map((r) => r.outFile),
      ...partial.files,
      ...guessed,
      ...filesOfFilledImages(partial.validated.images, partial.config.base),
    ]),
    base: partial.config.base,
    unregistered: partial.site.unregistered,
    entries: partial.raw.entries,
    drafts: partial.config.drafts,
    leftOut: leftOutFiles(partial.validated.publication),
    templateLink: templateLinkFinder(partial.config.templatesDir, partial.config.root),
    published: partial.published,
    contentFiles: partial.raw.images,
    // A page that did not render (or would be a failed file's) is not known: links to it are not checked.
    idsOf: (file) => ids.get(file),
  });
}

/** Where each entry that failed would be published, or undefined when one of them cannot be told. */
function outFilesOfFailed({ config, site, raw, validated }: PartialSite): string[] | undefined {
  const valid = new Set(everyItem(validated).map((item) => item.source.file));
  const leftOut = leftOutFiles(validated.publication);
  const failed = [
    ...raw.entries
      .filter((e) => !valid.has(e.file) && !(e.data.draft === true && !config.drafts) && !leftOut.has(e.file))
      .map((e) => ({ ...e, fields: e.data })),
    ...raw.unread.map((u) => ({ ...u, fields: guessFieldsOf(u.absolute) })),
  ];
  const outFiles: string[] = [];
  for (const entry of failed) {
    const paths: unknown[] = entry.collection === site.pages ? [entry.fields?.path] : [];
    for (const route of site.entryRoutes.filter((r) => r.collection === entry.collection)) {
      // A function's path needs the valid entry, which a failed one is not.
      if (typeof route.path !== "string") return undefined;
      const slug = route.stripNumberPrefixes ? withoutNumberPrefixes(entry.slug) : entry.slug;
      const values = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) =>
        name === "slug" ? slug : entry.fields?.[name],
      );
      paths.push(
        values.every((v) => typeof v === "string" || typeof v === "number")
          ? route.path.replace(/:(\w+)/g, () => String(values.shift()))
          : undefined,
      );
    }
    for (const value of paths) {
      const path = typeof value === "string" ? value.trim() : "";
      if (path !== NOT_FOUND && !isPlainPath(path)) return undefined;
      outFiles.push(outFileFor(normalizePath(path, site.urlFormat), site.urlFormat));
    }
  }
  return outFiles;
}

/**
 * The output files an image field names when an earlier build filled it in (dev keeps unchanged content's
 * fields between saves; its files are made again from the same bytes, the hash in their names).
 */
function filesOfFilledImages(refs: ImageRef[], base: string): string[] {
  const urls = refs.flatMap((ref) => {
    if (typeof ref.url !== "string") return [];
    const sets = [ref.srcset, ...(ref.sources ?? []).map((s) => s.srcset)];
    const fromSets = sets.flatMap((set) => (set ?? "").split(",").map((c) => c.trim().split(/\s+/)[0]));
    return [ref.url, ...fromSets, ...Object.values(ref.renditions ?? {}).map((r) => r.url)];
  });
  return urls.filter((url) => url?.startsWith(base)).map((url) => decodeURI(url.slice(base.length)));
}

function guessFieldsOf(file: string): Record<string, unknown> | undefined {
  try {
    return statSync(file).size > MAX_CONTENT_BYTES ? undefined : guessFields(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
