// Everything the output holds besides the pages: the script and stylesheet, the islands' modules, the images
// templates read, the feeds, the passthrough files, the old URLs' redirect pages and the hosting files
// (robots.txt, sitemap, headers, redirects). All made again by every build: none is kept from the last. Those
// the pages do not decide (all but the images and feeds) are ready before the pages are rendered.
import path from "node:path";
import type { OutputFile } from "../../assets/bundle.ts";
import { checkSvg } from "../../assets/svg-safety.ts";
import { readSiteFile } from "../../compile/site-folder.ts";
import type { SiteConfig, SitePaths } from "../../config/options.ts";
import type { RawContent } from "../../content/types.ts";
import { type HeirloomError, errorsOf, throwIfAny } from "../../errors/errors.ts";
import type { FeedSpec, Redirect, Route } from "../../routes/types.ts";
import { type FeedSelections, feedFiles } from "./feeds.ts";
import { hostingFiles } from "./hosting.ts";
import { withOwnHostFiles } from "./own-host-files.ts";
import { redirectFiles } from "./redirects.ts";
import { type RefTable, resolveRefs } from "../../render/refs.ts";
import type { LocalePages } from "../../render/render.ts";

/** How a feed resolves what its entries' links name: as on each entry's page. */
export function linkResolver(site: Pick<SiteParts, "refs" | "content" | "config" | "locales">) {
  const { refs, content, config, locales } = site;
  if (!refs || !content) return undefined;
  return (html: string, url: string) => {
    const page = `/${url.slice(config.base.length)}`;
    // With i18n, an entry of a locale's feed links as on its page: through that locale's table.
    const local = locales?.get(page.split("/")[1]);
    return resolveRefs(html, local?.refs ?? refs, page, local?.content ?? content);
  };
}

export interface SiteParts {
  config: SiteConfig;
  raw: Pick<RawContent, "passthrough">;
  routes: Route[];
  feeds: FeedSpec[];
  redirects: Redirect[];
  bundle: { files: OutputFile[] };
  codeStyles?: OutputFile;
  mathStyles?: OutputFile[];
  searchScript?: OutputFile;
  islandBundle: { files: OutputFile[] };
  images: { usedFiles(): OutputFile[] };
  /** What the links and images of bodies name, and the collections to read entries through. */
  refs?: RefTable;
  content?: Record<string, unknown>;
  /** With i18n: each other locale's collections and table of links. */
  locales?: Map<string, LocalePages>;
}

/** The files that rendering does not decide: the assets, passthrough files, redirect pages and hosting files. */
export interface FixedFiles {
  assets: OutputFile[];
  passthrough: OutputFile[];
  redirects: OutputFile[];
  hosting: OutputFile[];
}

/**
 * A passthrough file's bytes (`p` under content/): never read through a link out of the site's folder, and an SVG
 * only when it holds nothing that runs code.
 */
export function readPassthrough(paths: Pick<SitePaths, "root" | "contentDir">, p: string): Buffer {
  const file = path.join(paths.contentDir, p);
  const contents = readSiteFile(paths.root, file);
  if (p.toLowerCase().endsWith(".svg")) checkSvg(contents, path.relative(paths.root, file).split(path.sep).join("/"));
  return contents;
}

/** The files rendering does not decide, which may be written while the pages are rendered. */
export async function fixedFiles(site: SiteParts): Promise<FixedFiles> {
  const { config } = site;
  const problems: HeirloomError[] = [];
  const passthrough = site.raw.passthrough.flatMap((p) => {
    try {
      return [{ path: p, contents: readPassthrough(config, p) }];
    } catch (error) {
      if (errorsOf(error).length === 0) throw error;
      problems.push(...errorsOf(error));
      return [];
    }
  });
  throwIfAny(problems);
  const { passthrough: published, hosting } = withOwnHostFiles(
    passthrough,
    hostingFiles(config, site.routes, site.feeds, site.redirects),
  );
  const code = site.codeStyles ? [site.codeStyles] : [];
  const search = site.searchScript ? [site.searchScript] : [];
  const assets = [...site.bundle.files, ...site.islandBundle.files, ...code, ...search, ...(site.mathStyles ?? [])];
  return { assets, passthrough: published, redirects: redirectFiles(config, site.redirects), hosting };
}

/**
 * The files besides the pages, with the feeds in `toWrite` (`selections`: those made of them already; the `fixed`
 * files, if made already); call it after rendering, which decides the images used.
 */
export async function siteFiles(
  site: SiteParts,
  toWrite: FeedSpec[] = site.feeds,
  selections?: FeedSelections,
  fixed?: Promise<FixedFiles>,
): Promise<OutputFile[]> {
  const feeds = feedFiles(toWrite, site.config, linkResolver(site), selections);
  throwIfAny(feeds.errors);
  const { assets, passthrough, redirects, hosting } = await (fixed ?? fixedFiles(site));
  return [...assets, ...site.images.usedFiles(), ...feeds.files, ...passthrough, ...redirects, ...hosting];
}
