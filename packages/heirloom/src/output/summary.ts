// The summary of a build for the person who ran it: each page's gzipped size with the script and
// stylesheet it loads, and what to know before publishing.
import { gzipSync } from "node:zlib";
import type { OutputFile } from "../assets/bundle.ts";
import type { SiteConfig } from "../config/options.ts";
import type { Assets } from "../render/contract.ts";
import type { FeedSpec, Route } from "../routes/types.ts";
import { absoluteUrl } from "../routes/urls.ts";
import type { PageRecord } from "./page-writer.ts";
import type { RouteReport } from "./report.ts";

/** Each page's gzipped HTML, and the script and stylesheets it loads. */
export function reportRoutes(
  routes: Route[],
  assets: Assets,
  base: string,
  records: PageRecord[],
  files: OutputFile[],
): RouteReport[] {
  const { script, stylesheet, codeStylesheet } = assets;
  const gzipped = (url?: string) => {
    const file = url && files.find((f) => f.path === url.slice(base.length));
    return file ? gzipLength(file.contents) : 0;
  };
  const [jsBytes, cssBytes, codeBytes] = [gzipped(script), gzipped(stylesheet), gzipped(codeStylesheet)];
  const loads = (record: PageRecord, url: string | undefined) => url !== undefined && record.links.includes(url);
  return records.map((record, i) => ({
    route: routes[i].path,
    file: record.outFile,
    htmlBytes: record.gzipBytes,
    jsBytes: loads(record, script) ? jsBytes : 0,
    cssBytes: (loads(record, stylesheet) ? cssBytes : 0) + (loads(record, codeStylesheet) ? codeBytes : 0),
  }));
}

function gzipLength(contents: Uint8Array): number {
  return gzipSync(contents, { level: 9 }).length;
}

/** What the person building should know before publishing: forms without an endpoint, no site URL, a base path. */
export function warningsFor(config: SiteConfig, feeds: FeedSpec[]): string[] {
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
    const left = ["canonical links", "sitemap.xml", ...(feeds.length ? ["the feeds"] : [])];
    warnings.push(
      `No site URL is set, so ${left.join(", ")} and absolute URLs for shared links were left out. ` +
        "Before publishing, set siteUrl in site.config.ts, --site-url or the HEIRLOOM_SITE_URL environment variable.",
    );
  }
  if (config.base !== "/") {
    const sitemap = config.siteUrl
      ? ` with the line "Sitemap: ${absoluteUrl(config.siteUrl, config.base, "/sitemap.xml")}"`
      : "";
    warnings.push(
      "robots.txt was not written: crawlers read it only at the root of a host, " +
        `never under the base path ${config.base}. ` +
        `To have one, publish a robots.txt at the root of the host${sitemap} ` +
        "(on GitHub Pages, from the user or organization site).",
    );
  }
  return warnings;
}
