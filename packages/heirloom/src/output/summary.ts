// The summary of a build for the person who ran it: each page's gzipped size with the scripts and
// stylesheet it loads (the search box's script too), and what to know before publishing.
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { OutputFile } from "../assets/bundle.ts";
import { closure } from "../assets/islands.ts";
import type { SiteConfig } from "../config/options.ts";
import type { Assets } from "../render/contract.ts";
import { sitemapParts, sitemapUrls } from "../routes/clashes.ts";
import type { FeedSpec, Route } from "../routes/types.ts";
import { absoluteUrl } from "../routes/urls.ts";
import type { PageRecord } from "./write/index.ts";
import type { RouteReport } from "./report.ts";

/** What a build's pages load besides themselves. */
export interface LoadedFiles {
  routes: Route[];
  assets: Assets;
  config: { base: string };
  /** What each island module imports (a page that names one loads what it imports too), and their sizes. */
  islandBundle: { imports: Record<string, string[]>; gzipBytes: Record<string, number> };
}

const gzipped = promisify(gzip);

/**
 * The gzipped sizes of the client script and the stylesheets among `files`, by path, taken on the threadpool while
 * the pages are rendered (the islands' modules have theirs). Never fails: a size it cannot take is left out.
 */
export async function loadedSizes(site: Omit<LoadedFiles, "routes">, files: OutputFile[]) {
  const { script, stylesheet, codeStylesheet, search } = site.assets;
  const { base } = site.config;
  const sizes = new Map<string, number>();
  const wanted = [script, stylesheet, codeStylesheet, search].flatMap((url) =>
    url?.startsWith(base) ? files.filter((file) => file.path === url.slice(base.length)) : [],
  );
  await Promise.all(
    wanted.map((file) =>
      gzipped(file.contents, { level: 9 }).then(
        (zipped) => void sizes.set(file.path, zipped.length),
        () => {},
      ),
    ),
  );
  return sizes;
}

/**
 * Each page's gzipped HTML, and the stylesheet and scripts it loads: the client script, and for a page with
 * islands the loader and every module its islands' hydration loads. `measured`: sizes taken already (loadedSizes).
 */
export function reportRoutes(
  site: LoadedFiles,
  records: PageRecord[],
  files: OutputFile[],
  measured = new Map<string, number>(),
): RouteReport[] {
  const { script, stylesheet, codeStylesheet, search } = site.assets;
  const { base } = site.config;
  const sizes = new Map([...Object.entries(site.islandBundle.gzipBytes), ...measured]);
  const gzipped = (file: string) => {
    if (!sizes.has(file)) {
      const found = files.find((f) => f.path === file);
      sizes.set(file, found ? gzipLength(found.contents) : 0);
    }
    return sizes.get(file)!;
  };
  const local = (url: string) => (url.startsWith(base) ? url.slice(base.length) : url);
  const { imports } = site.islandBundle;
  const islands = Object.keys(imports).length > 0;
  return records.map((record, i) => {
    // A site without islands: no page loads a module of theirs.
    const modules = islands
      ? closure(
          record.links.map(local).filter((file) => Object.hasOwn(imports, file)),
          imports,
        )
      : [];
    // The search box's script, on a page that renders one (Pagefind is loaded only once the box is used).
    const own = [script, search].filter((url) => url && record.links.includes(url)).map((url) => local(url!));
    const scripts = [...own, ...modules];
    return {
      route: site.routes[i].path,
      file: record.outFile,
      htmlBytes: record.gzipBytes,
      jsBytes: scripts.reduce((sum, file) => sum + gzipped(file), 0),
      cssBytes: [stylesheet, codeStylesheet]
        .filter((url) => url && record.links.includes(url))
        .reduce((sum, url) => sum + gzipped(local(url!)), 0),
    };
  });
}

function gzipLength(contents: Uint8Array): number {
  return gzipSync(contents, { level: 9 }).length;
}

/** What the person building should know before publishing: forms without an endpoint, no site URL, a base path. */
export function warningsFor(config: SiteConfig, feeds: FeedSpec[], routes: Route[] = []): string[] {
  const warnings: string[] = [];
  for (const form of config.forms.filter((f) => !f.endpoint)) {
    warnings.push(
      `The form "${form.name}" has no endpoint, so it posts to ${form.action}, ` +
        "which only `heirloom preview` and `heirloom dev` answer. " +
        `Before publishing, set forms.${form.name}.endpoint in site.config.ts` +
        `${form.env ? ` or the ${form.env} environment variable` : ""}.`,
    );
  }
  if (!config.siteUrl) {
    const alternates = routes.some((r) => r.alternates?.length) ? ["hreflang alternates"] : [];
    const left = ["canonical links", ...alternates, "sitemap.xml", ...(feeds.length ? ["the feeds"] : [])];
    warnings.push(
      `No site URL is set, so ${left.join(", ")} and absolute URLs for shared links were left out. ` +
        "Before publishing, set siteUrl in site.config.ts, --site-url or the HEIRLOOM_SITE_URL environment variable.",
    );
  }
  if (config.base !== "/") {
    // A large site's sitemap is its index (hosting.ts).
    const file = sitemapParts(sitemapUrls(routes, feeds)).length > 0 ? "/sitemap-index.xml" : "/sitemap.xml";
    const sitemap = config.siteUrl ? ` with the line "Sitemap: ${absoluteUrl(config.siteUrl, config.base, file)}"` : "";
    warnings.push(
      "robots.txt was not written: crawlers read it only at the root of a host, " +
        `never under the base path ${config.base}. ` +
        `To have one, publish a robots.txt at the root of the host${sitemap} ` +
        "(on GitHub Pages, from the user or organization site).",
    );
  }
  return warnings;
}
