// The headers each path gets, as every writer of them says it (_headers, serve.json, the dev server): the engine's
// security headers, the site's own (`headers.set`), and the policy of the path, widened by `headers.policy`.
import { NO_HEADERS, matchesPattern } from "../../config/headers-options.ts";
import type { SiteConfig } from "../../config/options.ts";
import { contentSecurityPolicy } from "./policy.ts";

type HeadersConfig = Pick<SiteConfig, "forms" | "search" | "headers">;
const CSP = "Content-Security-Policy";

/** Security headers every response gets (with the policy at `sitePath`), then the site's own over them. */
export function securityHeaders(config: HeadersConfig, sitePath?: string): Record<string, string> {
  const engine: Record<string, string> = {
    [CSP]: contentSecurityPolicy(config, sitePath),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
  };
  const own = (config.headers ?? NO_HEADERS).set;
  // A header the site sets itself replaces the engine's of the same name (names are compared as hosts do).
  const replaced = new Set(Object.keys(own).map((name) => name.toLowerCase()));
  const kept = Object.entries(engine).filter(([name]) => !replaced.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...own };
}

/** One rule of headers.paths with what it adds: its own headers and, when some pattern widens it, its policy. */
export interface PathHeaders {
  pattern: string;
  headers: Record<string, string>;
}

/**
 * The rules of headers.paths, least specific first, each with the headers of every pattern that holds it (so
 * that the last rule that matches a path, as serve and dev apply them, says everything): "/docs/*" before
 * "/docs/", before "/docs/api/*". The policy is in each rule only when some pattern widens it.
 */
export function pathHeaders(config: HeadersConfig, withPolicy: boolean): PathHeaders[] {
  const rules = (config.headers ?? NO_HEADERS).paths;
  const key = (pattern: string) => [pattern.replace(/\*$/, "").length, pattern.endsWith("*") ? 0 : 1];
  const sorted = [...rules].sort((a, b) => {
    const [x, y] = [key(a.pattern), key(b.pattern)];
    return x[0] - y[0] || x[1] - y[1];
  });
  return sorted.map(({ pattern }) => {
    const holding = sorted.filter((rule) => matchesPattern(rule.pattern, pattern));
    const own = Object.assign({}, ...holding.map((rule) => rule.set)) as Record<string, string>;
    return { pattern, headers: withPolicy ? { ...own, [CSP]: contentSecurityPolicy(config, pattern) } : own };
  });
}

/** The headers a response at `sitePath` gets, as the dev server sends them: the last rule that matches wins. */
export function headersAt(site: Record<string, string>, rules: PathHeaders[], sitePath: string) {
  const matching = rules.filter((rule) => matchesPattern(rule.pattern, sitePath));
  return Object.assign({ ...site }, ...matching.map((rule) => rule.headers)) as Record<string, string>;
}

/** A pattern as serve.json's source, a path of the published folder: "/docs/*" is "docs/**". */
export function serveSource(pattern: string): string {
  const local = pattern.slice(1);
  if (local.endsWith("*")) return `${local.slice(0, -1)}**`;
  if (local === "" || local.endsWith("/")) return `${local}index.html`;
  return /\.[a-z0-9]+$/i.test(local) ? local : `{${local},${local}.html,${local}/index.html}`;
}

/** A pattern as _headers writes it, with its file's name too ("/docs/" and "/docs/index.html"). */
export function netlifyPaths(base: string, pattern: string): string[] {
  const local = pattern.slice(1);
  if (local.endsWith("*") || /\.[a-z0-9]+$/i.test(local)) return [base + local];
  return local === "" || local.endsWith("/")
    ? [base + local, `${base}${local}index.html`]
    : [base + local, `${base}${local}.html`, `${base}${local}/`, `${base}${local}/index.html`];
}
