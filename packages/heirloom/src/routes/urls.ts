// URL form: each page has exactly one URL, the one its output file is served at without a redirect.
// "directory": /pricing/ from pricing/index.html. "file": /pricing from pricing.html. 404 is always 404.html.

export type UrlFormat = "file" | "directory";

/** The not-found page's path; it is written to 404.html and has no URL of its own. */
export const NOT_FOUND = "404";

/** A plain site path: slashes, letters, digits and - . _ ~ only. */
const PLAIN_PATH = /^\/([\w\-.~]+\/?)*$/;

export function isPlainPath(path: string): boolean {
  return PLAIN_PATH.test(path) && !path.split("/").some((segment) => segment === "." || segment === "..");
}

/** "/legal/privacy" in the site's form: "/legal/privacy/" (directory) or "/legal/privacy" (file). */
export function normalizePath(path: string, format: UrlFormat): string {
  if (path === NOT_FOUND || path === `/${NOT_FOUND}`) return NOT_FOUND;
  const trimmed = `/${path.replace(/^\/+|\/+$/g, "").replace(/\/{2,}/g, "/")}`;
  if (trimmed === "/") return "/";
  return format === "directory" ? `${trimmed}/` : trimmed;
}

/**
 * The not-found pages that may answer for a missing file at `local` (a path under the base, without its leading
 * slash), nearest first: "de/blog/x" -> de/blog/404.html, de/404.html, 404.html. A locale's own 404 page is the
 * nearest for what is missing under its folder, as Cloudflare Pages finds it.
 */
export function notFoundCandidates(local: string): string[] {
  const folders = local.split("/").slice(0, -1);
  return folders.map((_, i) => `${folders.slice(0, folders.length - i).join("/")}/404.html`).concat("404.html");
}

/** The output file of a normalized path. */
export function outFileFor(path: string, format: UrlFormat): string {
  if (path === NOT_FOUND) return "404.html";
  if (path === "/") return "index.html";
  return format === "directory" ? `${path.slice(1)}index.html` : `${path.slice(1)}.html`;
}

/** The path of page `n` of a list whose first page is at `first`: /blog/, /blog/page/2/, ... */
export function listPagePath(first: string, n: number, format: UrlFormat): string {
  if (n === 1) return first;
  return normalizePath(`${first.replace(/\/+$/, "")}/page/${n}`, format);
}

/** Applies the base path to site paths ("/pricing" -> "/heirloom/pricing"); other URLs pass through. */
export function withBase(base: string, href: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? base + href.slice(1) : href;
}

/** The absolute URL of a site path (base applied), or undefined without a site URL. */
export function absoluteUrl(siteUrl: string, base: string, path: string): string | undefined {
  if (!siteUrl) return undefined;
  return originOf(siteUrl) + withBase(base, path);
}

/** The origin of a site URL ("https://example.com"), parsed once: every page asks for it, often several times. */
export function originOf(siteUrl: string): string {
  if (siteUrl !== lastOrigin.url) lastOrigin = { url: siteUrl, origin: new URL(siteUrl).origin };
  return lastOrigin.origin;
}
// Process-wide and harmless: the last answer of a pure function of its argument, asked again for the same one.
let lastOrigin = { url: "", origin: "" };
