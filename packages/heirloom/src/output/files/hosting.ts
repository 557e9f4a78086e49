// Files static hosts read: sitemap.xml, robots.txt, _headers and _redirects (Netlify, Cloudflare Pages) and
// serve.json (serve, and heirloom preview).
import type { OutputFile } from "../../assets/bundle.ts";
import type { SiteConfig } from "../../config/options.ts";
import { HOSTING_FILES, SEARCH_FOLDER, SITEMAP_LIMIT, sitemapParts } from "../../routes/clashes.ts";
import type { FeedSpec, Redirect, Route } from "../../routes/types.ts";
import { NOT_FOUND, absoluteUrl, withBase } from "../../routes/urls.ts";
import { netlifyPaths, pathHeaders, securityHeaders, serveSource } from "./header-rules.ts";
import { headerValue, ruleValue } from "./host-file-values.ts";
import { contentSecurityPolicy, hasPathPolicies } from "./policy.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";
/** The search index's folders whose files are named by their content (pagefind.js and the WebAssembly are not). */
const HASHED_INDEX = ["index", "fragment", "filter"].map((folder) => `${SEARCH_FOLDER}/${folder}`);

export { contentSecurityPolicy } from "./policy.ts";
export { securityHeaders } from "./header-rules.ts";

/**
 * sitemap.xml (only when the site URL is known; pages and feeds, never redirects), robots.txt (only at the host's
 * root: crawlers read it nowhere else, so a site under a sub-path gets none and the build says so), _headers,
 * serve.json, and _redirects when the site keeps old URLs.
 */
export function hostingFiles(
  config: SiteConfig,
  routes: Route[],
  feeds: FeedSpec[],
  redirects: Redirect[] = [],
): OutputFile[] {
  // Their names are reserved where routes are made: no page or feed may take them.
  const [ROBOTS, , HEADERS, SERVE, REDIRECTS] = HOSTING_FILES;
  const pages = routes.filter((r) => r.path !== NOT_FOUND);
  // A locale's own 404 page (de/404.html), beside the site's.
  const notFound = routes.flatMap((r) => (r.path === NOT_FOUND && r.outFile !== "404.html" ? [r.outFile] : []));
  // With i18n a fallback's page is the default locale's page's copy: left out, its canonical URL is that page.
  const listed = pages.filter((r) => r.canonical === undefined);
  const alternates = new Map(listed.flatMap((r) => (r.alternates ? [[r.path, r.alternates]] : [])));
  const urls = [...listed.map((r) => r.path), ...feeds.map((f) => f.path)];
  const sitemaps = config.siteUrl ? sitemapFiles(config, urls, alternates) : [];
  const files: Array<[string, string]> = [
    ...(config.base === "/" ? [[ROBOTS, robots(config, sitemaps[0]?.[0])] as [string, string]] : []),
    [HEADERS, netlifyHeaders(config, pages, notFound)],
    [SERVE, serveJson(config, redirects, pages)],
    ...(redirects.length > 0 ? [[REDIRECTS, netlifyRedirects(config, redirects)] as [string, string]] : []),
  ];
  files.push(...sitemaps);
  return files.map(([path, text]) => ({ path, contents: Buffer.from(text) }));
}

/**
 * sitemap.xml; above SITEMAP_LIMIT URLs (the protocol allows 50,000 a file and 50 MB), sitemap-index.xml first,
 * then sitemap-1.xml … of at most SITEMAP_LIMIT URLs each, in the order of the pages. With i18n each translated
 * page's alternates are xhtml:link elements (sitemaps.org's xhtml namespace).
 */
export function sitemapFiles(
  config: SiteConfig,
  paths: string[],
  alternates = new Map<string, Alternates>(),
): Array<[string, string]> {
  const parts = sitemapParts(paths.length);
  if (parts.length === 0) return [[HOSTING_FILES[1], urlSet(config, paths, alternates)]];
  const sitemaps = parts.map(
    (p) => `  <sitemap><loc>${escapeXml(absoluteUrl(config.siteUrl, config.base, `/${p}`)!)}</loc></sitemap>`,
  );
  const open = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n${open}\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
  return [
    [HOSTING_FILES[5], index],
    ...parts.map((p, i): [string, string] => [
      p,
      urlSet(config, paths.slice(i * SITEMAP_LIMIT, (i + 1) * SITEMAP_LIMIT), alternates),
    ]),
  ];
}

function urlSet(config: SiteConfig, paths: string[], alternates: Map<string, Alternates>): string {
  const url = (p: string) => escapeXml(absoluteUrl(config.siteUrl, config.base, p)!);
  const links = (p: string) =>
    (alternates.get(p) ?? []).map(
      (a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${url(a.path)}"/>`,
    );
  const urls = paths.map((p) => `  <url><loc>${url(p)}</loc>${links(p).join("")}</url>`);
  const xhtml = alternates.size > 0 ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  const open = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${open}\n${urls.join("\n")}\n</urlset>\n`;
}

type Alternates = NonNullable<Route["alternates"]>;

/** robots.txt, its Sitemap: line naming the sitemap (or the index) when there is one. */
function robots(config: SiteConfig, sitemap: string | undefined): string {
  const sitemapLine = sitemap ? `\nSitemap: ${absoluteUrl(config.siteUrl, config.base, `/${sitemap}`)}` : "";
  return `User-agent: *\nAllow: /${sitemapLine}\n`;
}

function netlifyHeaders(config: SiteConfig, pages: Route[], notFound: string[]): string {
  // Every path and value checked as it is written: a line break in one would start rules of its own.
  const block = (path: string, headers: Record<string, string>) =>
    `${ruleValue(path, HOSTING_FILES[2])}\n${Object.entries(headers)
      .map(([k, v]) => `  ${k}: ${headerValue(v, HOSTING_FILES[2])}`)
      .join("\n")}\n`;
  // Rules are merged per path, so Cache-Control is set on disjoint paths only.
  // Each page at its URL and at its file's name (hosts answer both).
  const html = new Map(
    pages.flatMap(
      (r): Array<[string, string]> =>
        r.path === "/"
          ? [
              [config.base, r.path],
              [`${config.base}index.html`, r.path],
            ]
          : [
              [config.base + r.path.slice(1), r.path],
              [config.base + r.outFile, r.path],
            ],
    ),
  );
  // Hosts join the values of a header two matching rules set: with policies by path, each page states its own.
  const byPage = hasPathPolicies(config);
  const { "Content-Security-Policy": policy, ...rest } = securityHeaders(config);
  const pageBlock = (p: string, sitePath?: string) =>
    block(p, {
      ...(byPage && { "Content-Security-Policy": contentSecurityPolicy(config, sitePath) }),
      "Cache-Control": REVALIDATE,
    });
  // Each pattern's own headers only: hosts apply every rule that matches a path.
  const paths = (config.headers?.paths ?? []).filter((rule) => Object.keys(rule.set).length > 0);
  return [
    block(`${config.base}*`, byPage ? rest : { "Content-Security-Policy": policy, ...rest }),
    ...paths.flatMap((rule) => netlifyPaths(config.base, rule.pattern).map((p) => block(p, rule.set))),
    block(`${config.base}assets/*`, { "Cache-Control": IMMUTABLE }),
    ...(config.search
      ? HASHED_INDEX.map((folder) => block(`${config.base}${folder}/*`, { "Cache-Control": IMMUTABLE }))
      : []),
    ...[...html].map(([p, sitePath]) => pageBlock(p, sitePath)),
    ...["404.html", ...notFound].map((file) => pageBlock(config.base + file)),
  ].join("\n");
}

/**
 * One 301 a line, "from to 301", both with the base path: the form Netlify and Cloudflare Pages read. Never a
 * locale's 404 page ("/de/* /de/404.html 404", which Netlify would need): Cloudflare refuses a 404 status in this
 * file, and refuses a deployment for it where it validates the file (its Workers' static assets); it serves the
 * nearest 404.html itself. A site on Netlify writes that rule in its netlify.toml (see the guide).
 */
function netlifyRedirects(config: SiteConfig, redirects: Redirect[]): string {
  const value = (path: string, r: Redirect) => ruleValue(withBase(config.base, path), HOSTING_FILES[4], r.location);
  return redirects.map((r) => `${value(r.from, r)} ${value(r.to, r)} 301\n`).join("");
}

/**
 * What serve's cleanUrls applies to: every path (its "/x" finds x.html and x/index.html), and "/x.html" sent on
 * to "/x", unless the site has pages at ".html" addresses (a pattern such as /:year/:slug.html): those are served
 * as they are, or "/x.html" would be sent to "/x", and an old URL "/x/" back to "/x.html", without end.
 */
function cleanUrlsOf(pages: Route[]): true | string[] {
  return pages.some((route) => route.path.endsWith(".html")) ? ["/", "/**/!(*.html)"] : true;
}

/**
 * serve's redirects. Their sources are paths in the published folder (preview takes the base off first), matched
 * without a trailing slash (serve's own rule for "/old/" never matches); where serve sends "/old.html" on to "/old"
 * before it reads them (cleanUrls), that is the source, unless a page is there.
 */
function serveRedirects(config: SiteConfig, redirects: Redirect[], pages: Route[]) {
  const paths = new Set(pages.map((r) => r.path.replace(/\/$/, "")));
  const cleaned = cleanUrlsOf(pages) === true;
  return redirects.map(({ from, to, location }) => {
    const bare = from.replace(/\.html$/, "");
    const source = cleaned && bare !== from && !paths.has(bare) ? bare : from.replace(/(.)\/$/, "$1");
    const checked = (value: string) => ruleValue(value, HOSTING_FILES[3], location);
    return { source: checked(source), destination: checked(servePattern(withBase(config.base, to))), type: 301 };
  });
}

/** A target as a pattern serve fills in: its scheme left as it is (serve looks for it), ":" and the like escaped. */
function servePattern(target: string): string {
  const [, scheme, rest] = /^([a-z][a-z\d+.-]*:)?(.*)$/is.exec(target)!;
  return (scheme ?? "") + rest.replace(/[:()*+?\\]/g, "\\$&");
}

function serveJson(config: SiteConfig, redirects: Redirect[], pages: Route[]): string {
  const rule = (source: string, headers: Record<string, string>) => ({
    source,
    headers: Object.entries(headers).map(([key, value]) => ({ key, value: headerValue(value, HOSTING_FILES[3]) })),
  });
  const json = {
    cleanUrls: cleanUrlsOf(pages),
    headers: [
      rule("**", { ...securityHeaders(config), "Cache-Control": REVALIDATE }),
      rule("assets/**", { "Cache-Control": IMMUTABLE }),
      ...(config.search ? HASHED_INDEX.map((folder) => rule(`${folder}/**`, { "Cache-Control": IMMUTABLE })) : []),
      // Later rules win in serve: each states everything of the patterns that hold it.
      ...pathHeaders(config, hasPathPolicies(config)).map((p) => rule(serveSource(p.pattern), p.headers)),
    ],
    ...(redirects.length > 0 ? { redirects: serveRedirects(config, redirects, pages) } : {}),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
