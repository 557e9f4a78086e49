// The page each old URL is written as, for hosts that do not read redirect rules: it sends the visitor on
// without a script (meta refresh), names the new address as canonical, offers a link, and is kept out of indexes.
import type { OutputFile } from "../../assets/bundle.ts";
import type { SiteConfig } from "../../config/options.ts";
import type { Redirect } from "../../routes/types.ts";
import { absoluteUrl, withBase } from "../../routes/urls.ts";
import { escapeXml } from "./hosting.ts";

/** One redirect page per old URL, at the file a static host serves for it. */
export function redirectFiles(config: Pick<SiteConfig, "base" | "siteUrl">, redirects: Redirect[]): OutputFile[] {
  return redirects.map((redirect) => ({
    path: redirect.outFile,
    contents: Buffer.from(redirectPage(config, redirect.to)),
  }));
}

/** The page: its target with the base path (a site path) or as given (an address); canonical absolute if it can. */
function redirectPage({ base, siteUrl }: Pick<SiteConfig, "base" | "siteUrl">, to: string): string {
  const target = escapeXml(withBase(base, to));
  const canonical = escapeXml((to.startsWith("/") && absoluteUrl(siteUrl, base, to)) || withBase(base, to));
  // The engine's own words are English, so the page says so; it has no style or script, as the CSP asks.
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    "<title>This page has moved</title>",
    `<link rel="canonical" href="${canonical}">`,
    `<meta http-equiv="refresh" content="0; url=${target}">`,
    "</head>",
    "<body>",
    `<p>This page has moved to <a href="${target}">${canonical}</a>.</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
