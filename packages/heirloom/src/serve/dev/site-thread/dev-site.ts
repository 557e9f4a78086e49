// The site as `heirloom dev` serves it: every page rendered when it is asked for (never the whole site up
// front), the other files from the prepared build, a few recent pages kept. Problems of a served page's
// links are told once. A page whose render throws is served as it last rendered, in this build or an earlier
// one, with the error beside it.
import type { PreparedSite } from "../../../pipeline/prepare.ts";
import { publishedOnSite, renderPage } from "../../../render/render.ts";
import { withMathStyles } from "../../../render/math-styles.ts";
import type { OutputFile } from "../../../assets/bundle.ts";
import { type FeedSelections, feedFiles } from "../../../output/files/index.ts";
import { linkResolver, readPassthrough } from "../../../output/files/index.ts";
import { hostingFiles } from "../../../output/files/index.ts";
import { redirectFiles } from "../../../output/files/index.ts";
import { checkLinks } from "../../../output/links/index.ts";
import { pageLinks } from "../../../output/links/index.ts";
import type { HeirloomError } from "../../../errors/errors.ts";
import { SEARCH_FOLDER } from "../../../output/files/index.ts";
import { HOSTING_FILES, sitemapParts, sitemapUrls } from "../../../routes/clashes.ts";
import type { Route } from "../../../routes/types.ts";
import { NOT_FOUND, notFoundCandidates } from "../../../routes/urls.ts";
import type { LastGoodPages } from "./last-good.ts";
import type { ServedFile } from "./site-thread-messages.ts";
import { templateLinkFinder } from "../../../output/links/index.ts";
import { leftOutFiles } from "../../../content/publication.ts";

/** A file as dev serves it; a page that could not be rendered now says why (`body`: its last good render). */
export type SiteFile = ServedFile & { failure?: unknown };

export interface DevSite {
  /** The file a static host would answer for the pathname, the 404 page for anything else. */
  get(pathname: string): SiteFile | undefined;
  /**
   * Renders every page in turn, for 10 ms a turn of the event loop (requests are answered between), and checks
   * its links; resolves with every problem found (those not told before told as the pages asked for are), or
   * undefined once `stale()` says a newer build took over.
   */
  checkEveryPage(stale: () => boolean): Promise<HeirloomError[] | undefined>;
}

/** How long the whole site's link check renders pages in one turn of the event loop before requests are answered. */
const TURN_MS = 10;

/** What dev answers for Pagefind's script: a module the search box reads as "not in dev" (search-client.ts). */
const DEV_PAGEFIND = { path: `${SEARCH_FOLDER}/pagefind.js`, text: Buffer.from("export const heirloomDev = true;\n") };

/** How many rendered pages are kept between requests. */
const KEPT_PAGES = 64;
/**
 * The site `prepared` as dev serves it: a page that fails is served as it last rendered (`lastGood`), and the pages
 * in `exhausted` (by path: their render used up the memory of the thread before) fail with their errors, unrendered.
 */
export function createDevSite(
  prepared: PreparedSite,
  { lastGood, exhausted }: { lastGood: LastGoodPages; exhausted?: Map<string, unknown> },
  onLinkProblems: (errors: HeirloomError[]) => void,
): DevSite {
  const { base } = prepared.config;
  // The lookups over every page are made at the first request, not by the rebuild that a reload waits for.
  let pages: Map<string, Route> | undefined;
  let known: Set<string> | undefined;
  const files = new Map<string, () => Uint8Array | string>();
  const add = (list: OutputFile[]) => list.forEach((f) => files.set(f.path, () => f.contents));
  add(prepared.bundle.files);
  if (prepared.codeStyles) add([prepared.codeStyles]);
  if (prepared.mathStyles) add(prepared.mathStyles);
  // dev makes no search index: in its place a module that has the box say search works in a built site.
  if (prepared.searchScript) add([prepared.searchScript, { path: DEV_PAGEFIND.path, contents: DEV_PAGEFIND.text }]);
  add(prepared.islandBundle.files);
  add(prepared.images.allFiles());
  // The hosting files (sitemap, headers) are made when asked for: at 10,000 pages they take a while.
  let hosting: OutputFile[] | undefined;
  for (const name of [...HOSTING_FILES, ...sitemapParts(sitemapUrls(prepared.routes, prepared.feeds))]) {
    files.set(
      name,
      () =>
        (hosting ??= hostingFiles(prepared.config, prepared.routes, prepared.feeds, prepared.redirects)).find(
          (f) => f.path === name,
        )?.contents ?? "",
    );
  }
  for (const p of prepared.raw.passthrough) files.set(p, () => readPassthrough(prepared.config, p));
  for (const redirect of prepared.redirects) {
    files.set(redirect.outFile, () => redirectFiles(prepared.config, [redirect])[0].contents);
  }
  // Each feed's entries selected once for this site, however often the feed is asked for.
  const selections: FeedSelections = new Map();
  for (const feed of prepared.feeds) {
    const resolve = linkResolver(prepared);
    const contents = () => feedFiles([feed], prepared.config, resolve, selections).files[0]?.contents ?? "";
    files.set(feed.path.slice(1), contents);
  }
  const kept = new Map<string, string>();
  const told = new Set<string>();
  // The ids of the pages that links with a #fragment lead to: such a page is rendered to read them, once a build.
  const ids = new Map<string, Set<string> | undefined>();
  const idsOf = (outFile: string) => {
    if (ids.has(outFile)) return ids.get(outFile);
    const route = pages?.get(outFile);
    if (route && exhausted?.has(route.path)) return undefined;
    let found: Set<string> | undefined;
    try {
      const html = kept.get(outFile) ?? (route && renderPage(prepared, route));
      found = html === undefined ? undefined : new Set(pageLinks(html).ids ?? []);
    } catch {
      found = undefined; // a page that fails to render is told when it is shown
    }
    ids.set(outFile, found);
    return found;
  };
  /** The page's links' problems: the new ones told, all of them returned. */
  const linkProblems = (route: Route, html: string, report = onLinkProblems): HeirloomError[] => {
    known ??= new Set([...prepared.routes.map((r) => r.outFile), ...files.keys()]);
    const found = pageLinks(html);
    ids.set(route.outFile, new Set(found.ids ?? []));
    const problems = checkLinks({
      pages: [{ route: route.path, ...found, outFile: route.outFile, file: route.entry.file }],
      files: known,
      base,
      unregistered: prepared.site.unregistered,
      entries: prepared.raw.entries,
      drafts: prepared.config.drafts,
      leftOut: leftOutFiles(prepared.publication),
      templateLink: templateLinkFinder(prepared.config.templatesDir, prepared.config.root),
      published: publishedOnSite(prepared),
      contentFiles: prepared.raw.images,
      idsOf,
    });
    const fresh = problems.filter((p) => !told.has(p.message));
    fresh.forEach((p) => told.add(p.message));
    if (fresh.length) report(fresh);
    return problems;
  };
  // A page's math classes' stylesheet is served from when the page is rendered.
  const withMath = (html: string) => {
    const page = prepared.mathStyles ? withMathStyles(html, base) : { html };
    if (page.styles) {
      add([{ path: page.styles[0], contents: Buffer.from(page.styles[1]) }]);
      known?.add(page.styles[0]);
    }
    return page;
  };
  const render = (route: Route): { html: string; failure?: unknown } => {
    if (exhausted?.has(route.path)) throw exhausted.get(route.path);
    let html = kept.get(route.outFile);
    if (html === undefined) {
      try {
        html = withMath(renderPage(prepared, route)).html;
      } catch (failure) {
        const previous = lastGood.get(route.outFile);
        if (previous === undefined) throw failure;
        withMath(previous); // its math stylesheet, served by this site as by the one that rendered it
        return { html: previous, failure };
      }
      lastGood.set(route.outFile, html);
      kept.set(route.outFile, html);
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!);
      linkProblems(route, html);
    }
    return { html };
  };
  /** Every page's link problems; a page that does not render is skipped (it is told when it is asked for). */
  const checkEveryPage = async (stale: () => boolean): Promise<HeirloomError[] | undefined> => {
    const problems: HeirloomError[] = [];
    const fresh: HeirloomError[] = [];
    let turn = 0;
    for (const route of prepared.routes) {
      if (performance.now() - turn > TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turn = performance.now();
      }
      if (stale()) return undefined;
      if (exhausted?.has(route.path)) continue;
      let html = kept.get(route.outFile);
      try {
        html ??= renderPage(prepared, route);
      } catch {
        continue;
      }
      problems.push(...linkProblems(route, html, (found) => fresh.push(...found)));
    }
    if (fresh.length) onLinkProblems(fresh);
    return problems;
  };
  return {
    checkEveryPage,
    get(pathname) {
      pages ??= new Map(prepared.routes.map((route) => [route.outFile, route]));
      const local = localPath(base, pathname);
      for (const candidate of local === undefined ? [] : candidatesFor(local)) {
        const route = pages.get(candidate);
        if (route) {
          const { html, failure } = render(route);
          return { status: 200, file: candidate, body: html, failure };
        }
        const file = files.get(candidate);
        if (file) return { status: 200, file: candidate, body: file() };
      }
      const file = notFoundCandidates(local ?? "").find((candidate) => pages?.get(candidate)?.path === NOT_FOUND);
      if (!file) return undefined;
      const { html, failure } = render(pages.get(file)!);
      return { status: 404, file, body: html, failure };
    },
  };
}

/** The path under the base, decoded; undefined outside the base or when it cannot be decoded. */
function localPath(base: string, pathname: string): string | undefined {
  if (!pathname.startsWith(base) && `${pathname}/` !== base) return undefined;
  try {
    return decodeURIComponent(pathname.slice(base.length));
  } catch {
    return undefined;
  }
}

/** What a static host tries for a path: the file, the page's .html, the folder's index.html. */
function candidatesFor(local: string): string[] {
  const bare = local.replace(/\/+$/, "");
  if (bare === "") return ["index.html"];
  return local.endsWith("/") ? [`${bare}/index.html`, `${bare}.html`] : [bare, `${bare}.html`, `${bare}/index.html`];
}
