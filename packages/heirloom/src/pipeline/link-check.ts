// The link check of a build (and of `heirloom check`), a phase of its own once the pages are rendered: every
// internal link and #fragment of every page, and every redirect's target, checked against what the output holds.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type HeirloomError, throwIfAny } from "../errors/errors.ts";
import { checkLinks, checkRedirectTargets } from "../output/links/index.ts";
import { pageLinks } from "../output/links/index.ts";
import { templateLinkFinder } from "../output/links/index.ts";
import type { Staging } from "../output/write/index.ts";
import { publishedOnSite } from "../render/render.ts";
import { leftOutFiles } from "../content/publication.ts";
import type { PreparedSite } from "./prepare.ts";
import type { RenderedSite } from "./render-pages.ts";

/**
 * Checks every internal link of the rendered site (the pages' ids read from the staging folder where the writer
 * did not keep them); throws the broken ones, or, on a site with `brokenLinks: "warn"`, returns them as warnings.
 */
export async function checkPageLinks(
  site: PreparedSite,
  rendered: Pick<RenderedSite, "records" | "files" | "keptFeeds">,
  staging?: Staging,
): Promise<string[]> {
  const { records, files, keptFeeds } = rendered;
  // A kept page's ids are read from its file in the staging folder: its copy there must have landed (the copies
  // run on the threadpool; read early, a file still being copied gave no ids, and its broken #fragment went untold).
  await staging?.writes.landed();
  const ids = new Map(records.map((r) => [r.outFile, { text: r.ids, set: undefined as Set<string> | undefined }]));
  const published = new Set([...records.map((r) => r.outFile), ...files.map((f) => f.path), ...keptFeeds]);
  const { base } = site.config;
  const { unregistered } = site.site;
  const problems = checkLinks({
    pages: records.map((record, i) => {
      const route = site.routes[i];
      const { links, fragments, outFile } = record;
      return { route: route.path, links, fragments, outFile, file: route.entry.file };
    }),
    files: published,
    base,
    unregistered,
    entries: site.raw.entries,
    drafts: site.config.drafts,
    leftOut: leftOutFiles(site.publication),
    templateLink: templateLinkFinder(site.config.templatesDir, site.config.root),
    published: publishedOnSite(site),
    contentFiles: site.raw.images,
    // Made into a set only for the pages a fragment names, read from the page's file if the writer did not.
    idsOf: (file) => {
      const known = ids.get(file);
      if (!known) return undefined;
      known.text ??= staging && idsInFile(path.join(staging.dir, file));
      return known.text === undefined ? undefined : (known.set ??= new Set(known.text ? known.text.split("\n") : []));
    },
  });
  problems.push(...checkRedirectTargets(site.redirects, { files: published, base, unregistered }));
  // A ported site may publish with the broken links its old posts hold: each is told, at its place.
  if (site.site.brokenLinks === "warn") return problems.map(warningOf);
  throwIfAny(problems);
  return [];
}

/** A problem told as a warning: its message and where it is written. */
function warningOf(problem: HeirloomError): string {
  const { file, line, column } = problem.location ?? {};
  const place = file ? ` (${[file, line, column].filter((part) => part !== undefined).join(":")})` : "";
  return `${problem.message}${place}`;
}

/** The ids of a written page's elements, one a line; undefined when the file cannot be read. */
function idsInFile(file: string): string | undefined {
  try {
    return (pageLinks(readFileSync(file, "utf8")).ids ?? []).join("\n");
  } catch {
    return undefined;
  }
}
