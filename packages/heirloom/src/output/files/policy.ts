// The Content-Security-Policy of a page: the engine's strict defaults, widened by the sources `headers` gives for
// the whole site and for the patterns the page's path matches. The host files and the build's check of its pages
// read it from here, so what is checked is what is published.
import { NO_HEADERS, type PolicyDirective, matchesPattern } from "../../config/headers-options.ts";
import type { SiteConfig } from "../../config/options.ts";

type PolicyConfig = Pick<SiteConfig, "forms" | "search" | "headers">;

/** Each directive of the policy at `sitePath` (the site's own without one), with its sources, in order. */
export function policyDirectives(config: PolicyConfig, sitePath?: string): Array<[string, string[]]> {
  const origins = [...new Set(config.forms.flatMap((f) => (f.origin ? [f.origin, ...f.frameOrigins] : [])))].sort();
  const added = addedSources(config, sitePath);
  const widened = (name: PolicyDirective, defaults: string[]): [string, string[]] => [
    name,
    [...new Set([...defaults, ...(added.get(name) ?? [])])],
  ];
  // A site with search may compile WebAssembly ('wasm-unsafe-eval', for Pagefind's; eval of strings stays refused).
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    widened("script-src", config.search ? ["'self'", "'wasm-unsafe-eval'"] : ["'self'"]),
    widened("style-src", ["'self'"]),
    widened("img-src", ["'self'", "data:"]),
    widened("font-src", ["'self'"]),
    widened("connect-src", ["'self'"]),
    ...(added.has("media-src") ? [widened("media-src", ["'self'"])] : []),
    ["form-action", ["'self'", ...origins]],
    widened("frame-src", ["'self'", ...origins]),
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
  ];
  return directives;
}

/** The policy at `sitePath` as the header's value. */
export function contentSecurityPolicy(config: PolicyConfig, sitePath?: string): string {
  return policyDirectives(config, sitePath)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Whether some pattern of `headers.paths` widens the policy: then pages differ in their policies. */
export function hasPathPolicies(config: PolicyConfig): boolean {
  return (config.headers ?? NO_HEADERS).paths.some((rule) => Object.keys(rule.policy).length > 0);
}

function addedSources(config: PolicyConfig, sitePath: string | undefined): Map<string, string[]> {
  const headers = config.headers ?? NO_HEADERS;
  const rules = [
    headers,
    ...headers.paths.filter((r) => sitePath !== undefined && matchesPattern(r.pattern, sitePath)),
  ];
  const added = new Map<string, string[]>();
  for (const rule of rules) {
    for (const [name, sources] of Object.entries(rule.policy))
      added.set(name, [...(added.get(name) ?? []), ...sources]);
  }
  return added;
}
