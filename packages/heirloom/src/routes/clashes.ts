// What the output folder cannot hold: two pages at one file; a page or feed where the build writes its own
// file (serve.json, _headers, robots.txt, sitemap.xml; a large site's sitemap-index.xml and sitemap-<n>.xml) or
// folder (assets/, a search index's pagefind/), a passthrough file or another feed; a file inside another's name
// (index.html/index.html under the home page's index.html); or two files whose names differ only in letter
// case, which are one file on macOS and Windows disks and on hosts that ignore case. A page /blog (blog.html)
// and pages under it (blog/x.html) are no clash: hosts serve both. An old URL's redirect page comes last: it is
// the one in the way of anything else.
import {
  PathShadowedInOutput,
  PathTakenInOutput,
  RedirectTaken,
  RouteCaseCollision,
  RouteCollision,
} from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import type { FeedSpec, Redirect, Route } from "./types.ts";
import { NOT_FOUND } from "./urls.ts";

/** The files every build writes beside the pages (output/files/hosting.ts), at the root of the output folder. */
export const HOSTING_FILES = [
  "robots.txt",
  "sitemap.xml",
  "_headers",
  "serve.json",
  "_redirects",
  "sitemap-index.xml",
] as const;

/**
 * The folder a site with search has its index in (output/files/search-index.ts): no page, feed or old URL may be in it.
 */
export const SEARCH_FOLDER = "pagefind";

/** The folder of the build's script, stylesheets, islands and images (src/assets/), served with a year's cache. */
export const ASSETS_FOLDER = "assets";

/** The most URLs one sitemap file lists: a site with more gets sitemap-1.xml … and sitemap-index.xml. */
export const SITEMAP_LIMIT = 45_000;

/** The numbered sitemap files a site of that many URLs (pages and feeds) gets; none up to SITEMAP_LIMIT. */
export function sitemapParts(urls: number): string[] {
  if (urls <= SITEMAP_LIMIT) return [];
  return Array.from({ length: Math.ceil(urls / SITEMAP_LIMIT) }, (_, i) => `sitemap-${i + 1}.xml`);
}

/** How many URLs the sitemap lists: every page but the 404 page, and every feed. */
export function sitemapUrls(routes: Route[], feeds: FeedSpec[]): number {
  return routes.filter((r) => r.path !== NOT_FOUND).length + feeds.length;
}

/** Something that puts a file in the output: a page, a feed, a file of the build's own or a passthrough file. */
interface Claim {
  file: string;
  /** "the page /pricing of content/pages/pricing.md (pricing.html)", as a clash names it. */
  named: string;
  route?: Route;
  feed?: FeedSpec;
  redirect?: Redirect;
  /** The name a host looks up first for the page's URL, not a file the build writes. */
  served?: boolean;
}

/**
 * Every clash of a page, feed or redirect with anything else in the output, located at the page's (or list's)
 * file, or where the old URL is written.
 */
export function outputClashes(
  routes: Route[],
  feeds: FeedSpec[],
  passthrough: string[],
  redirects: Redirect[] = [],
  search = false,
): HeirloomError[] {
  const claims: Claim[] = [
    ...[...HOSTING_FILES, ...sitemapParts(sitemapUrls(routes, feeds))].map((file) => ({
      file,
      named: `the build's own ${file}`,
    })),
    ...passthrough.map((file) => ({ file, named: `content/${file}, published as it is` })),
    ...feeds.map((feed) => ({ file: feed.path.slice(1), named: `the feed ${feed.path}`, feed })),
    ...routes.flatMap((route) => {
      const named = `the page ${route.path} of ${route.source.file} (${route.outFile})`;
      // At /serve.json (file form) a host answers with the file serve.json before it looks for serve.json.html.
      const asked = route.path === NOT_FOUND ? "" : route.path.slice(1);
      const served = asked && asked !== route.outFile && !asked.endsWith("/") && !route.outFile.startsWith(`${asked}/`);
      return [{ file: route.outFile, named, route }, ...(served ? [{ file: asked, named, route, served }] : [])];
    }),
    ...redirects.map((redirect) => ({ file: redirect.outFile, named: redirect.named, redirect })),
  ];
  const exact = new Map<string, Claim>();
  const folded = new Map<string, Claim>();
  // URLs are compared only for old URLs: a site without them skips that work for each of its pages.
  const urls = redirects.length > 0 ? new Map<string, Claim>() : undefined;
  const around: Around = { folders: new Map(), files: new Map(), served: new Map(), urls };
  const errors: HeirloomError[] = [];
  // One error for each page, feed or redirect, the first clash it meets.
  const reported = new Set<Route | FeedSpec | Redirect>();
  for (const claim of claims) {
    const key = fold(claim.file);
    const same = exact.get(claim.file);
    const sameButCase = folded.get(key);
    const subject = claim.route ?? claim.feed ?? claim.redirect;
    if (subject && !reported.has(subject)) {
      const error = clash(claim, same, sameButCase, () => aroundOf(claim, key, around));
      if (error) {
        errors.push(error);
        reported.add(subject);
      }
    }
    if (!same) exact.set(claim.file, claim);
    if (!sameButCase) folded.set(key, claim);
    remember(claim, key, around);
  }
  errors.push(...inBuildFolders(claims, reported, search));
  return errors;
}

/**
 * The pages, feeds and old URLs a site would publish inside a folder the build fills itself: assets/ (whose files
 * have names of their content, unknown here), and a site with search's index folder.
 */
function inBuildFolders(claims: Claim[], reported: Set<Route | FeedSpec | Redirect>, search: boolean) {
  const own = `the build's own files in ${ASSETS_FOLDER}/ (script, stylesheets, images)`;
  const index = `the search index the build writes into ${SEARCH_FOLDER}/ (search: true in site.config.ts)`;
  return claims.flatMap((claim) => {
    const subject = claim.route ?? claim.feed ?? claim.redirect;
    const folder = claim.file.includes("/") ? fold(claim.file).split("/", 1)[0] : undefined;
    const other = folder === ASSETS_FOLDER ? own : search && folder === SEARCH_FOLDER ? index : undefined;
    if (!subject || reported.has(subject) || claim.served || !other) return [];
    const args = { subject: subjectOf(claim), outFile: claim.file, other };
    const location = { location: locationOf(claim) };
    if (claim.redirect) return [errorFrom(RedirectTaken, { ...args, where: claim.redirect.where }, location)];
    return [errorFrom(PathTakenInOutput, args, location)];
  });
}

/** What is around a claim: the folders, files and names looked up first so far, and the URLs of pages and redirects. */
interface Around {
  /** Each folder the claims need, by its folded name: a later file of that name cannot be. */
  folders: Map<string, Claim>;
  /** The files written and the names hosts look up first, apart: a folder beside a name looked up is no clash. */
  files: Map<string, Claim>;
  served: Map<string, Claim>;
  /** By URL without its trailing slash: hosts that read redirect rules take /x and /x/ as one. */
  urls?: Map<string, Claim>;
}

function remember(claim: Claim, key: string, around: Around): void {
  const kind = claim.served ? around.served : around.files;
  if (!kind.has(key)) kind.set(key, claim);
  for (let end = key.indexOf("/"); end > 0; end = key.indexOf("/", end + 1)) {
    if (!around.folders.has(key.slice(0, end))) around.folders.set(key.slice(0, end), claim);
  }
  const url = around.urls && urlOf(claim);
  if (url !== undefined && !around.urls!.has(url)) around.urls!.set(url, claim);
}

/** A page's or redirect's URL without its trailing slash; none for the 404 page and the other claims. */
function urlOf(claim: Claim): string | undefined {
  const path =
    claim.redirect?.from ?? (claim.served || claim.route?.path === NOT_FOUND ? undefined : claim.route?.path);
  return path?.replace(/(.)\/$/, "$1");
}

/** The clash of a page's, feed's or redirect's claim with an earlier one of the name, of another case, or around it. */
function clash(
  claim: Claim,
  same: Claim | undefined,
  sameButCase: Claim | undefined,
  around: () => Claim | undefined,
): HeirloomError | undefined {
  const location = { location: locationOf(claim) };
  const taking = claim.redirect && (same ?? (sameButCase ? undefined : around()));
  if (taking) {
    const { outFile, where } = claim.redirect!;
    return errorFrom(RedirectTaken, { subject: subjectOf(claim), outFile, other: taking.named, where }, location);
  }
  if (same?.route && claim.route && !same.served && !claim.served) {
    const args = { path: claim.route.path, file: claim.route.source.file, first: same.route.source.file };
    return errorFrom(RouteCollision, args, location);
  }
  if (same) return taken(claim, same);
  if (sameButCase && claim.served) return taken(claim, sameButCase);
  if (sameButCase) {
    const args = { subject: subjectOf(claim), other: sameButCase.named, file: claim.file };
    return errorFrom(RouteCaseCollision, args, location);
  }
  const other = around();
  if (other && claim.served) {
    // The folder's index.html: some hosts answer it for the URL, others the page's own file.
    const args = { subject: subjectOf(claim), outFile: claim.route!.outFile, other: other.named };
    return errorFrom(PathTakenInOutput, args, location);
  }
  return other && taken(claim, other);
}

/**
 * An earlier claim around this one: a file of the name of a folder it is in, or a folder of its own name (and for
 * an old URL, a page or old URL that differs by a trailing slash). A host
 * asked for /blog finds the folder blog/ (of /blog/x's blog/x.html), goes on to blog.html and serves it, as GitHub
 * Pages, Netlify, serve and nginx's try_files do; only the folder's index.html would come first.
 */
function aroundOf(claim: Claim, key: string, around: Around) {
  if (claim.served) return around.files.get(`${key}/index.html`);
  const index = key.endsWith("/index.html") ? around.served.get(key.slice(0, -"/index.html".length)) : undefined;
  const url = claim.redirect ? around.urls?.get(urlOf(claim)!) : undefined;
  return index ?? around.folders.get(key) ?? inFileOf(key, around.files) ?? url;
}

/** An earlier claim whose file has the name of one of the folders `key` is in. */
function inFileOf(key: string, files: Map<string, Claim>): Claim | undefined {
  for (let end = key.indexOf("/"); end > 0; end = key.indexOf("/", end + 1)) {
    const found = files.get(key.slice(0, end));
    if (found) return found;
  }
  return undefined;
}

function taken(claim: Claim, other: Claim): HeirloomError {
  const location = { location: locationOf(claim) };
  if (claim.served) {
    const args = { subject: subjectOf(claim), outFile: claim.route!.outFile, other: other.named };
    return errorFrom(PathShadowedInOutput, args, location);
  }
  return errorFrom(PathTakenInOutput, { subject: subjectOf(claim), outFile: claim.file, other: other.named }, location);
}

/**
 * 'The page path "/x" of content/pages/x.md', 'The feed path "/x.xml" of the list on content/pages/blog.md', or
 * 'The alias "/old/" of content/posts/x.md'.
 */
function subjectOf(claim: Claim): string {
  if (claim.redirect) return claim.redirect.named.replace(/^the/, "The");
  if (claim.route) return `The page path "${claim.route.path}" of ${claim.route.source.file}`;
  return `The feed path "${claim.feed!.path}" of the list on ${claim.feed!.source.file}`;
}

/** Where the path is written: a page's `path` field, an entry's own path field, or its file (a pattern, a feed). */
function locationOf(claim: Claim) {
  if (claim.redirect) return claim.redirect.location;
  const source = claim.route?.source ?? claim.feed!.source;
  const field = claim.route?.templateFrom === "entry" ? ["path"] : claim.route?.pathFrom ? [claim.route.pathFrom] : [];
  return { file: source.file, ...(field.length ? source.locate(field) : {}) };
}

/** A name as case-insensitive disks and hosts compare it: one Unicode form, letter case ignored. */
function fold(file: string): string {
  return file.normalize("NFC").toLowerCase();
}
