// Files static hosts read: sitemap.xml, robots.txt, _headers (Netlify, Cloudflare Pages) and serve.json (serve).
import type { OutputFile } from "../assets/bundle.ts";
import type { SiteConfig } from "../config/options.ts";
import type { Route } from "../routes/routes.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** The Content-Security-Policy: only this site's scripts and styles; forms and frames only to the endpoint. */
export function contentSecurityPolicy(config: SiteConfig): string {
  const endpoint = config.endpoint ? ` ${new URL(config.endpoint).origin}` : "";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self'${endpoint}`,
    `frame-src 'self'${endpoint}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Security headers every response gets. */
export function securityHeaders(config: SiteConfig): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(config),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
  };
}

/** sitemap.xml and robots.txt (the sitemap only when the site URL is known), _headers and serve.json. */
export function hostingFiles(config: SiteConfig, routes: Route[]): OutputFile[] {
  const pages = routes.filter((r) => r.path !== "404");
  const files: Array<[string, string]> = [
    ["robots.txt", robots(config)],
    ["_headers", netlifyHeaders(config, pages)],
    ["serve.json", serveJson(config)],
  ];
  if (config.siteUrl) files.push(["sitemap.xml", sitemap(config, pages)]);
  return files.map(([path, text]) => ({ path, contents: Buffer.from(text) }));
}

/** The absolute URL of a route, or undefined without a site URL. */
export function absoluteUrl(config: SiteConfig, routePath: string): string | undefined {
  if (!config.siteUrl) return undefined;
  const origin = new URL(config.siteUrl).origin;
  return origin + config.base + routePath.replace(/^\//, "");
}

function sitemap(config: SiteConfig, pages: Route[]): string {
  const urls = pages.map((r) => `  <url><loc>${escapeXml(absoluteUrl(config, r.path)!)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function robots(config: SiteConfig): string {
  const sitemapLine = config.siteUrl ? `\nSitemap: ${absoluteUrl(config, "/sitemap.xml")}` : "";
  return `User-agent: *\nAllow: /${sitemapLine}\n`;
}

function netlifyHeaders(config: SiteConfig, pages: Route[]): string {
  const block = (path: string, headers: Record<string, string>) =>
    `${path}\n${Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`).join("\n")}\n`;
  // Rules are merged per path, so Cache-Control is set on disjoint paths only.
  const html = pages.flatMap((r) => (r.path === "/" ? [config.base] : [config.base + r.path.slice(1), `${config.base + r.path.slice(1)}/`]));
  return [
    block(`${config.base}*`, securityHeaders(config)),
    block(`${config.base}assets/*`, { "Cache-Control": IMMUTABLE }),
    ...[...html, `${config.base}404.html`].map((p) => block(p, { "Cache-Control": REVALIDATE })),
  ].join("\n");
}

function serveJson(config: SiteConfig): string {
  const rule = (source: string, headers: Record<string, string>) => ({
    source,
    headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
  });
  const json = {
    cleanUrls: true,
    headers: [
      rule("**", { ...securityHeaders(config), "Cache-Control": REVALIDATE }),
      rule("assets/**", { "Cache-Control": IMMUTABLE }),
    ],
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
