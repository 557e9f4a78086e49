// The site's own headers (`headers` in site.config.ts): sources a page's Content-Security-Policy allows beyond the
// engine's strict defaults, and headers of the site's own, for every page or for the paths that match a pattern.

/** The directives a site may widen; the others (default-src, base-uri, object-src, frame-ancestors) stay fixed. */
export const POLICY_DIRECTIVES = [
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "connect-src",
  "frame-src",
  "media-src",
] as const;

export type PolicyDirective = (typeof POLICY_DIRECTIVES)[number];

/** Sources added to directives, such as `{ "img-src": ["https://img.shields.io"] }`. */
export type PolicySources = Partial<Record<PolicyDirective, string[]>>;

export interface HeaderRule {
  /**
   * Sources each directive allows besides the defaults: a host ("https://plausible.io", "*.example.org"), a
   * scheme ("https:", "data:"), or a keyword in single quotes ("'unsafe-inline'", "'sha256-…'").
   */
  policy?: PolicySources;
  /** Headers of the site's own, by name, such as `{ "X-Robots-Tag": "noindex" }`. */
  set?: Record<string, string>;
}

export interface HeadersOptions extends HeaderRule {
  /**
   * The same for some paths: a site path ("/contact/") or everything under one ("/demos/*"), with the base path
   * added. A page's policy is the site's with the sources of every pattern its path matches.
   */
  paths?: Record<string, HeaderRule>;
}

/** `headers` checked: every source and value safe to write on one header line. */
export interface ResolvedHeaders {
  policy: PolicySources;
  set: Record<string, string>;
  paths: Array<{ pattern: string; policy: PolicySources; set: Record<string, string> }>;
}

export const NO_HEADERS: ResolvedHeaders = { policy: {}, set: {}, paths: [] };

/** Whether a site path matches a pattern: the path itself, or any path below "/x/*". */
export function matchesPattern(pattern: string, sitePath: string): boolean {
  return pattern.endsWith("*") ? sitePath.startsWith(pattern.slice(0, -1)) : sitePath === pattern;
}
