// Link check: every internal link and asset URL in the rendered pages must reach a route or a file, and a
// #fragment an element of the page it leads to (the ids are read from the rendered pages).
import {
  BrokenFragment,
  BrokenLink,
  LinkNotCanonical,
  LinkToUnpublishedFile,
  RedirectToNothing,
} from "../../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../../errors/errors.ts";
import type { RawEntry } from "../../content/frontmatter/index.ts";
import { distance } from "../../errors/nearest.ts";
import type { Redirect } from "../../routes/types.ts";
import { withBase } from "../../routes/urls.ts";
import { type Unregistered, unregisteredPaths } from "../../routes/unregistered.ts";
import { type WrittenLink, frontMatterLink, writtenLinks } from "./written-links.ts";

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
  /** Files under content/ that are not published as they are (pictures): a link to one by that path says so. */
  contentFiles?: ReadonlySet<string>;
  /** Paths that are linked on purpose but not generated (they show the 404 page). */
  unregistered: string[];
  /** Content files, to point at the line that holds a broken link (a draft not built holds none). */
  entries: RawEntry[];
  /** Whether drafts are built (--drafts). */
  drafts?: boolean;
  /** Content files the build leaves out (drafts, scheduled and expired entries): on no page, they hold no link. */
  leftOut?: ReadonlySet<string>;
  /** Where templates/ writes one of these URLs, for a broken link no content file holds (see template-links.ts). */
  templateLink?(urls: string[]): SourceLocation | undefined;
  /**
   * What a destination written in a content file publishes as on the page at `page` (a route's path), for finding
   * where a broken link is written; undefined for a destination that is not the site's.
   */
  published?(file: string, url: string, page: string): string | undefined;
  /** The ids of a page's elements, by its output file; undefined when unknown (fragments to it are not checked). */
  idsOf?(outFile: string): ReadonlySet<string> | undefined;
}

/** One BrokenLinkError per place a broken internal URL is written (one for templates when none is found). */
export function checkLinks(input: LinkCheckInput): HeirloomError[] {
  const allowed = unregisteredPaths(input.unregistered);
  const broken = new Map<string, PageLinks[]>();
  for (const page of input.pages) {
    for (const url of page.links) {
      if ("file" in resolves(url, input.base, input.files, allowed)) continue;
      broken.set(url, [...(broken.get(url) ?? []), page]);
    }
  }
  const finder = sourceFinder(input);
  const errors = [...broken].flatMap(([url, pages]) => {
    const routes = pages.map((page) => page.route);
    const outcome = resolves(url, input.base, input.files, allowed);
    const canonical = "redirect" in outcome ? outcome.redirect : undefined;
    return finder.locate(url, pages, withoutQuery).map(({ location, inContent }) => {
      if (canonical) return errorFrom(LinkNotCanonical, { url, routes, canonical, inContent }, { location });
      const file = contentFileAt(url, input);
      if (file) return errorFrom(LinkToUnpublishedFile, { url, routes, file, inContent }, { location });
      return errorFrom(BrokenLink, { url, routes, inContent }, { location });
    });
  });
  return [...errors, ...checkFragments(input, allowed, finder)];
}

/** The file under content/ at the link's path ("content/images/x.png"), when there is one. */
function contentFileAt(url: string, { base, contentFiles }: LinkCheckInput): string | undefined {
  if (!contentFiles || !url.startsWith(base)) return undefined;
  try {
    const local = decodeURI(url.slice(base.length));
    return contentFiles.has(local) ? `content/${local}` : undefined;
  } catch {
    return undefined;
  }
}

const withoutQuery = (url: string) => url.replace(/[?#].*$/, "");
const withoutQueryKeepingFragment = (url: string) => url.replace(/\?[^#]*/, "");

/**
 * Where the content writes a link that publishes as `url` on the given pages: every place in each page's own
 * file; failing that, in any content file (a list shows its entries' bodies); failing that, where templates/
 * writes it, or nowhere known (inContent false for both).
 */
function sourceFinder(input: LinkCheckInput) {
  // A draft left out of the build is on no page: its `path: /` is no link of the template's.
  const entries = input.entries.filter(
    (entry) => (input.drafts || entry.data.draft !== true) && !input.leftOut?.has(entry.file),
  );
  const byFile = new Map(entries.map((entry) => [entry.file, entry]));
  const written = new Map<string, WrittenLink[]>();
  const writtenIn = (entry: RawEntry) => {
    let links = written.get(entry.file);
    if (!links) written.set(entry.file, (links = writtenLinks(entry)));
    return links;
  };
  const locate = (url: string, pages: PageLinks[], form: (published: string) => string) => {
    const found = new Map<string, SourceLocation>();
    const search = (entry: RawEntry, page: PageLinks) => {
      for (const link of writtenIn(entry)) {
        const published = input.published?.(entry.file, link.url, page.route);
        if (published !== undefined && form(published) === url) found.set(placeOf(link.location), link.location);
      }
      const value = frontMatterLink(entry, writtenForms(url));
      if (value) found.set(placeOf(value), value);
    };
    for (const page of pages) {
      const own = page.file === undefined ? undefined : byFile.get(page.file);
      if (own) search(own, page);
    }
    if (found.size === 0) {
      for (const page of pages.slice(0, 3))
        for (const entry of entries) if (entry !== byFile.get(page.file!)) search(entry, page);
    }
    if (found.size > 0) return [...found.values()].map((location) => ({ location, inContent: true }));
    return [{ location: input.templateLink?.(writtenForms(url)), inContent: false }];
  };
  /** The URL as a file may write it: as published, and without the base path. */
  const writtenForms = (url: string) => (url.startsWith("#") ? [url] : [url, `/${url.slice(input.base.length)}`]);
  return { locate };
}

const placeOf = (location: SourceLocation) => `${location.file}:${location.line}:${location.column}`;

/**
 * Each redirect to a site path that leads to no page or file (or to one in the other URL form), at the line that
 * declares it. An old URL itself is a file of the output: a link to it is not broken.
 */
export function checkRedirectTargets(
  redirects: Redirect[],
  input: Pick<LinkCheckInput, "files" | "base" | "unregistered">,
): HeirloomError[] {
  const { files, base } = input;
  const allowed = unregisteredPaths(input.unregistered);
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

/** One BrokenLinkError per place a link is written whose #fragment names no element of the page it leads to. */
function checkFragments(
  input: LinkCheckInput,
  allowed: Unregistered,
  finder: ReturnType<typeof sourceFinder>,
): HeirloomError[] {
  const broken = new Map<string, { pages: PageLinks[]; id: string; ids: ReadonlySet<string> }>();
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
      if (known) known.pages.push(page);
      else broken.set(link, { pages: [page], id, ids });
    }
  }
  return [...broken].flatMap(([link, { pages, id, ids }]) => {
    const routes = pages.map((page) => page.route);
    const target = link.startsWith("#") ? undefined : link.slice(0, link.indexOf("#"));
    return finder.locate(link, pages, withoutQueryKeepingFragment).map(({ location, inContent }) => {
      const args = { link, routes, id, target, inContent, near: nearest(id, [...ids]) };
      return errorFrom(BrokenFragment, args, { location });
    });
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

/** What a static host answers: the file (none for an unregistered path, the 404 page), a redirect, or nothing. */
type Outcome = { file: string | undefined } | { missing: true } | { redirect: string };
const MISSING: Outcome = { missing: true };

function resolves(url: string, base: string, files: Set<string>, allowed: Unregistered): Outcome {
  if (!url.startsWith(base) && `${url}/` !== base) return MISSING;
  let local: string;
  try {
    local = decodeURI(url.slice(base.length));
  } catch {
    return MISSING;
  }
  if (allowed.listed(`/${local}`)) return { file: undefined };
  const outcome = published(local, base, files);
  // Under an unregistered prefix, what is not published shows the 404 page on purpose.
  return outcome === MISSING && allowed.under(`/${local}`) ? { file: undefined } : outcome;
}

function published(local: string, base: string, files: Set<string>): Outcome {
  if (local === "" || local.endsWith("/")) {
    if (files.has(`${local}index.html`)) return { file: `${local}index.html` };
    const bare = local.replace(/\/+$/, "");
    return bare && (files.has(`${bare}.html`) || files.has(bare)) ? { redirect: base + bare } : MISSING;
  }
  if (files.has(local)) return { file: local };
  if (files.has(`${local}.html`)) return { file: `${local}.html` };
  return files.has(`${local}/index.html`) ? { redirect: `${base + local}/` } : MISSING;
}
