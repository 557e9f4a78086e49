// Link check: every internal link and asset URL in the rendered pages must reach a route or a file, and a
// #fragment an element of the page it leads to (the ids are read from the rendered pages).
import { BrokenFragment, BrokenLink, LinkNotCanonical, RedirectToNothing } from "../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../errors/errors.ts";
import type { RawEntry } from "../content/front-matter.ts";
import { distance } from "../content/schema-errors.ts";
import type { Redirect } from "../routes/types.ts";
import { withBase } from "../routes/urls.ts";

export interface PageLinks {
  /** Route path ("/pricing", "404"). */
  route: string;
  /** The page's internal URLs (see pageLinks). */
  links: string[];
  /** Its links with a #fragment: "/path#id" (without the query) to a page, "#id" to itself. */
  fragments?: string[];
  /** Its output file, whose ids its own "#id" links name; and the content file of its entry, if any. */
  outFile?: string;
  file?: string;
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
  /** The ids of a page's elements, by its output file; undefined when unknown (fragments to it are not checked). */
  idsOf?(outFile: string): ReadonlySet<string> | undefined;
}

/** Returns one BrokenLinkError per distinct broken internal URL. */
export function checkLinks(input: LinkCheckInput): HeirloomError[] {
  const allowed = new Set(input.unregistered.map((p) => p.replace(/\/+$/, "")));
  const broken = new Map<string, string[]>();
  for (const page of input.pages) {
    for (const url of page.links) {
      if ("file" in resolves(url, input.base, input.files, allowed)) continue;
      broken.set(url, [...(broken.get(url) ?? []), page.route]);
    }
  }
  const errors = [...broken].map(([url, routes]) => {
    const location = findInContent(url, input.base, input.entries);
    const outcome = resolves(url, input.base, input.files, allowed);
    const canonical = "redirect" in outcome ? outcome.redirect : undefined;
    const inContent = location !== undefined;
    if (canonical) return errorFrom(LinkNotCanonical, { url, routes, canonical, inContent }, { location });
    return errorFrom(BrokenLink, { url, routes, inContent }, { location });
  });
  return [...errors, ...checkFragments(input, allowed)];
}

/**
 * Each redirect to a site path that leads to no page or file (or to one in the other URL form), at the line that
 * declares it. An old URL itself is a file of the output: a link to it is not broken.
 */
export function checkRedirectTargets(
  redirects: Redirect[],
  input: Pick<LinkCheckInput, "files" | "base" | "unregistered">,
): HeirloomError[] {
  const { files, base } = input;
  const allowed = new Set(input.unregistered.map((p) => p.replace(/\/+$/, "")));
  return redirects.flatMap(({ from, to, location }) => {
    if (!to.startsWith("/")) return [];
    const outcome = resolves(withBase(base, to.replace(/#.*$/, "")), base, files, allowed);
    if ("file" in outcome) return [];
    const canonical = "redirect" in outcome ? `/${outcome.redirect.slice(base.length)}` : undefined;
    return [errorFrom(RedirectToNothing, { from, to, canonical }, { location })];
  });
}

/** Fragments that name no element: "#" alone, "#top" and text fragments lead somewhere on every page. */
const ANY_PAGE = /^(?:|top|:~:.*)$/i;

/** One BrokenLinkError per distinct link whose #fragment names no element of the page it leads to. */
function checkFragments(input: LinkCheckInput, allowed: Set<string>): HeirloomError[] {
  const broken = new Map<string, { routes: string[]; id: string; ids: ReadonlySet<string>; page: PageLinks }>();
  for (const page of input.pages) {
    for (const link of page.fragments ?? []) {
      const hash = link.indexOf("#");
      const [url, id] = [link.slice(0, hash), decodeFragment(link.slice(hash + 1))];
      if (ANY_PAGE.test(id)) continue;
      const outcome = url === "" ? { file: page.outFile } : resolves(url, input.base, input.files, allowed);
      const target = "file" in outcome ? outcome.file : undefined;
      const ids = target === undefined ? undefined : input.idsOf?.(target);
      if (!ids || ids.has(id)) continue;
      const known = broken.get(link);
      if (known) known.routes.push(page.route);
      else broken.set(link, { routes: [page.route], id, ids, page });
    }
  }
  return [...broken].map(([link, { routes, id, ids, page }]) => {
    // A link to "#id" is most likely written in the page's own entry.
    const own = input.entries.filter((e) => e.file === page.file);
    const entries = [...own, ...input.entries.filter((e) => e.file !== page.file)];
    const location = findInContent(link, input.base, entries);
    const target = link.startsWith("#") ? undefined : link.slice(0, link.indexOf("#"));
    const args = { link, routes, id, target, inContent: location !== undefined, near: nearest(id, [...ids]) };
    return errorFrom(BrokenFragment, args, { location });
  });
}

/** A fragment as the browser compares it with ids: percent-decoded (left as written when it cannot be). */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The ids most like `id` (a typo, a renamed heading), or the first few when none is. */
function nearest(id: string, ids: string[]): string[] {
  const near = Math.max(2, Math.floor(id.length / 4));
  const close = ids.filter((other) => Math.abs(other.length - id.length) <= near && distance(id, other) <= near);
  return (close.length > 0 ? close : ids).sort().slice(0, 6);
}

/** Edit distance, stopped early: only small ones matter here. */

/**
 * Every href/src of the page that points inside the site (starts with a single /), its links with a #fragment
 * (to a page of the site, or "#id" to itself) and the ids of its elements: always with `allIds`, else only for a
 * page with a fragment of its own that its markup does not plainly hold (another page's ids are read when a link
 * names it). Self-contained: the page writer's worker runs its source.
 */
export function pageLinks(html: string, allIds = true): { links: string[]; fragments: string[]; ids?: string[] } {
  const urls = new Set<string>();
  const fragments = new Set<string>();
  // The page writer's threads run this for every page: each regular expression runs only where it can match.
  for (const match of html.matchAll(/\s(?:href|src)="((?:\/(?!\/)|#)[^"]*)"/g)) {
    const url = match[1].includes("&") ? match[1].replace(/&amp;/g, "&") : match[1];
    const hash = url.indexOf("#");
    if (hash >= 0) fragments.add(url.includes("?") ? url.replace(/\?[^#]*/, "") : url);
    if (url[0] === "/") urls.add(hash < 0 && !url.includes("?") ? url : url.replace(/[?#].*$/, ""));
  }
  if (html.includes("srcset=")) {
    for (const match of html.matchAll(/\ssrcset="([^"]*)"/g)) {
      for (const candidate of match[1].split(",")) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url.startsWith("/") && !url.startsWith("//")) urls.add(url);
      }
    }
  }
  if (!allIds) {
    // A page's own "#id" whose element is plainly there (a heading's link to itself) is settled here, without
    // reading every id; only what is left is checked against them.
    for (const fragment of fragments) {
      if (/^#[\w.:~-]+$/.test(fragment) && html.includes(` id="${fragment.slice(1)}"`)) fragments.delete(fragment);
    }
    if (fragments.size === 0) return { links: [...urls], fragments: [] };
  }
  const entities: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'", "#x27": "'" };
  const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map(([, id]) =>
    id.includes("&") ? id.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, name: string) => entities[name]) : id,
  );
  return { links: [...urls], fragments: [...fragments], ids };
}

/** What a static host answers: the file (none for an unregistered path, the 404 page), a redirect, or nothing. */
type Outcome = { file: string | undefined } | { missing: true } | { redirect: string };
const MISSING: Outcome = { missing: true };

function resolves(url: string, base: string, files: Set<string>, allowed: Set<string>): Outcome {
  if (!url.startsWith(base) && `${url}/` !== base) return MISSING;
  let local: string;
  try {
    local = decodeURI(url.slice(base.length));
  } catch {
    return MISSING;
  }
  if (allowed.has(`/${local.replace(/\/+$/, "")}`)) return { file: undefined };
  if (local === "" || local.endsWith("/")) {
    if (files.has(`${local}index.html`)) return { file: `${local}index.html` };
    const bare = local.replace(/\/+$/, "");
    return bare && (files.has(`${bare}.html`) || files.has(bare)) ? { redirect: base + bare } : MISSING;
  }
  if (files.has(local)) return { file: local };
  if (files.has(`${local}.html`)) return { file: `${local}.html` };
  return files.has(`${local}/index.html`) ? { redirect: `${base + local}/` } : MISSING;
}

function findInContent(url: string, base: string, entries: RawEntry[]): SourceLocation | undefined {
  const written = url.startsWith("#") ? [url] : [url, `/${url.slice(base.length)}`];
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
