// Link check: every internal link and asset URL in the rendered pages must reach a route or a file.
import { BrokenLink, LinkNotCanonical } from "../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../errors/errors.ts";
import type { RawEntry } from "../content/front-matter.ts";

export interface PageLinks {
  /** Route path ("/pricing", "404"). */
  route: string;
  /** The page's internal URLs (see internalUrls). */
  links: string[];
}

export interface LinkCheckInput {
  pages: PageLinks[];
  /** dist-relative paths of every file the build writes. */
  files: Set<string>;
  base: string;
  /** Paths that are linked on purpose but not generated (they show the 404 page). */
  unregistered: string[];
  /** Content files, to point at the line that holds a broken link. */
  entries: RawEntry[];
}

/** Returns one BrokenLinkError per distinct broken internal URL. */
export function checkLinks(input: LinkCheckInput): HeirloomError[] {
  const allowed = new Set(input.unregistered.map((p) => p.replace(/\/+$/, "")));
  const broken = new Map<string, string[]>();
  for (const page of input.pages) {
    for (const url of page.links) {
      if (resolves(url, input.base, input.files, allowed) === "ok") continue;
      broken.set(url, [...(broken.get(url) ?? []), page.route]);
    }
  }
  return [...broken].map(([url, routes]) => {
    const location = findInContent(url, input.base, input.entries);
    const outcome = resolves(url, input.base, input.files, allowed);
    const canonical = outcome === "ok" || outcome === "missing" ? undefined : outcome.redirect;
    const inContent = location !== undefined;
    if (canonical) return errorFrom(LinkNotCanonical, { url, routes, canonical, inContent }, { location });
    return errorFrom(BrokenLink, { url, routes, inContent }, { location });
  });
}

/**
 * Every href/src of the page that points inside the site (starts with a single /). Self-contained: the
 * page writer's worker runs its source.
 */
export function internalUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src)="(\/(?!\/)[^"]*)"/g)) {
    urls.add(match[1].replace(/&amp;/g, "&").replace(/[?#].*$/, ""));
  }
  for (const match of html.matchAll(/\ssrcset="([^"]*)"/g)) {
    for (const candidate of match[1].split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url.startsWith("/") && !url.startsWith("//")) urls.add(url);
    }
  }
  return [...urls];
}

type Outcome = "ok" | "missing" | { redirect: string };

/** What a static host answers for the URL: the file, a redirect to the page's own form, or nothing. */
function resolves(url: string, base: string, files: Set<string>, allowed: Set<string>): Outcome {
  if (!url.startsWith(base) && `${url}/` !== base) return "missing";
  let local: string;
  try {
    local = decodeURI(url.slice(base.length));
  } catch {
    return "missing";
  }
  if (allowed.has(`/${local.replace(/\/+$/, "")}`)) return "ok";
  if (local === "" || local.endsWith("/")) {
    if (files.has(`${local}index.html`)) return "ok";
    const bare = local.replace(/\/+$/, "");
    return bare && (files.has(`${bare}.html`) || files.has(bare)) ? { redirect: base + bare } : "missing";
  }
  if (files.has(local) || files.has(`${local}.html`)) return "ok";
  return files.has(`${local}/index.html`) ? { redirect: `${base + local}/` } : "missing";
}

function findInContent(url: string, base: string, entries: RawEntry[]): SourceLocation | undefined {
  const written = [url, `/${url.slice(base.length)}`];
  for (const entry of entries) {
    const path = findValue(entry.data, (v) => written.includes(v), []);
    if (path) return { file: entry.file, ...entry.locate(path) };
    const index = entry.body.split("\n").findIndex((line) => written.some((w) => line.includes(`](${w}`)));
    if (index >= 0) return { file: entry.file, line: entry.bodyLine + index };
  }
  return undefined;
}

function findValue(value: unknown, match: (v: string) => boolean, path: PropertyKey[]): PropertyKey[] | undefined {
  if (typeof value === "string") return match(value.trim()) ? path : undefined;
  if (!value || typeof value !== "object") return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findValue(child, match, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}
