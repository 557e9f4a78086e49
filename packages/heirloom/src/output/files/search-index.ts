// Search with Pagefind (`search: true`): the built pages indexed from the staging folder once they are written and
// before the swap, so a failed index leaves the output folder as it was. The index goes into pagefind/ with the
// names Pagefind gives it (content-hashed chunks): its search API (pagefind.js, its worker, the WebAssembly) and
// the index, not its UIs, which the engine's <Search /> does without. Pagefind, a program of its own run through
// its package's Node API, is loaded only for a site with search. When no page changed, the last index is kept.
import { hash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { OutputFile } from "../../assets/bundle.ts";
import { locate } from "../../config/definition-file.ts";
import { SearchIndexEmpty, SearchIndexFailed } from "../../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../../errors/errors.ts";
import { SEARCH_FOLDER } from "../../routes/clashes.ts";
import type { Route } from "../../routes/types.ts";
import { NOT_FOUND } from "../../routes/urls.ts";
import type { PageRecord } from "../write/index.ts";
import type { FileState, Staging } from "../write/index.ts";

/** The index's folder in the output, beside assets/ (pagefind.js finds its chunks beside itself). */
export { SEARCH_FOLDER };

/** What a build reports of its search index, measured from its files. */
export interface SearchReport {
  /** Pages in the index. */
  pages: number;
  /** The index's files under pagefind/ and their bytes as published. */
  files: number;
  bytes: number;
  /**
   * The bytes a visitor's first search loads, gzipped as hosts send them: the box's script, pagefind.js and its
   * worker, the entry, the WebAssembly, the metadata and the largest chunk of the index one word loads.
   */
  firstSearchBytes: number;
  /** And what each result listed adds (its fragment), on average. */
  resultBytes: number;
  /** Pagefind ran in this build; false when no page changed and the last build's index was kept. */
  indexed: boolean;
}

/** What the next build needs to keep this index: what it was made of, its files, its report. */
export interface SearchState {
  key: string;
  files: Array<{ path: string; sha256: string }>;
  report: Omit<SearchReport, "indexed">;
}

/** The last build's index files, each at hand to keep, when it was made with this key. */
export type KeptSearch = (
  key: string,
) => { files: Array<{ path: string; bytes: FileState; copyFrom: string }>; report: SearchState["report"] } | undefined;

/**
 * Indexes the site's pages (every route but the 404 page, as written into the staging folder) into pagefind/, or
 * keeps the last index when `kept` has it for the same pages; `script` is the search box's script. An index of no
 * page is an error at the definition's `search` (`source`: its text): the box would fail in the browser.
 */
export async function indexSearch(
  pages: { routes: Route[]; records: PageRecord[]; source: string },
  staging: Staging,
  script: OutputFile | undefined,
  kept: KeptSearch,
): Promise<{ state: SearchState; report: SearchReport }> {
  const indexed = pages.routes.flatMap((route, i) =>
    route.path === NOT_FOUND ? [] : ([[route, pages.records[i]]] as const),
  );
  const pagefind = loadPagefind();
  // Everything the index is made from: Pagefind's version, each page's URL and bytes (the box's script is counted).
  const listing = indexed.map(([route, record]) => `${route.path}\0${record.sha256}`).join("\n");
  const key = hash("sha256", `${pagefind.version}\0${script?.path ?? ""}\0${listing}`);
  const previous = kept(key);
  if (previous) {
    for (const file of previous.files) staging.copy(file.path, file.copyFrom, file.bytes);
    return {
      state: {
        key,
        files: previous.files.map((f) => ({ path: f.path, sha256: f.bytes.sha256 })),
        report: previous.report,
      },
      report: { ...previous.report, indexed: false },
    };
  }
  const { files, count, marked } = await runPagefind(pagefind.api, indexed, staging.dir);
  if (count === 0) throw emptyIndex(indexed.length, marked, pages.source);
  for (const file of files) staging.write(file.path, file.contents);
  const report = measure(files, script, count);
  const state = { key, files: files.map((f) => ({ path: f.path, sha256: hash("sha256", f.contents) })), report };
  return { state, report: { ...report, indexed: true } };
}

type PagefindApi = typeof import("pagefind");

/** Runs Pagefind over the pages; the files of the index to publish, under pagefind/. */
async function runPagefind(api: PagefindApi, pages: ReadonlyArray<readonly [Route, PageRecord]>, dir: string) {
  const failed = (reason: string, cause?: unknown) => errorFrom(SearchIndexFailed, { reason }, { cause });
  // Which of Pagefind's marks the pages use, to say why an index holds no page.
  const marked = { body: false, ignore: false };
  try {
    const { index, errors } = await api.createIndex({});
    if (!index) throw failed(errors.join("; "));
    // Sent a batch at a time: Pagefind's program reads them from a pipe one by one. A batch's files are read at
    // once, then sent in the pages' order: the order Pagefind gets them in shapes its index, which must be the
    // same bytes for the same pages (sent as each read ended, two builds of one site had different indexes).
    for (let at = 0; at < pages.length; at += 64) {
      const batch = pages.slice(at, at + 64);
      const contents = await Promise.all(batch.map(([, record]) => readFile(path.join(dir, record.outFile), "utf8")));
      marked.body ||= contents.some((html) => html.includes("data-pagefind-body"));
      marked.ignore ||= contents.some((html) => html.includes("data-pagefind-ignore"));
      const added = batch.map(([route, record], i) =>
        index.addHTMLFile({ url: route.path, content: contents[i] }).then((result) => {
          if (result.errors.length > 0) throw failed(`${record.outFile}: ${result.errors.join("; ")}`);
        }),
      );
      await Promise.all(added);
    }
    const written = await index.getFiles();
    if (written.errors.length > 0) throw failed(written.errors.join("; "));
    const files = written.files
      .filter((file) => PUBLISHED.test(file.path))
      .map((file) => ({ path: `${SEARCH_FOLDER}/${file.path}`, contents: file.content }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    return { files, count: pageCount(files), marked };
  } catch (error) {
    if (error instanceof HeirloomError) throw error;
    throw failed(error instanceof Error ? error.message : String(error), error);
  } finally {
    await api.close().catch(() => {});
  }
}

/** The pages in the index, as its entry file counts them for each language (none: no language at all). */
function pageCount(files: OutputFile[]): number {
  const entry = files.find((file) => file.path === `${SEARCH_FOLDER}/pagefind-entry.json`);
  if (!entry) return 0;
  const { languages } = JSON.parse(Buffer.from(entry.contents).toString("utf8")) as {
    languages?: Record<string, { page_count?: number }>;
  };
  return Object.values(languages ?? {}).reduce((sum, language) => sum + (language.page_count ?? 0), 0);
}

/** The error of an index that holds none of the `pages` sent, with the likeliest reason, at `search: true`. */
function emptyIndex(pages: number, marked: { body: boolean; ignore: boolean }, source: string): HeirloomError {
  const reason =
    pages === 0
      ? "the site has no page but its 404 page, which is never indexed"
      : marked.body
        ? "only the text of elements marked data-pagefind-body is indexed (a page without one is left out once " +
          "any page has one), and those elements hold no text"
        : marked.ignore
          ? "every page's text is inside an element marked data-pagefind-ignore"
          : "no page has any text";
  return errorFrom(SearchIndexEmpty, { pages, reason }, { location: locate(source, "search:") });
}

/** Pagefind's search API, its WebAssembly and the index; not its UIs (pagefind-ui.js and the like). */
const PUBLISHED = new RegExp(
  String.raw`^(?:pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|[^/]+\.pf_meta|wasm\.[^/]+\.pagefind|` +
    "(?:index|fragment|filter)/.+)$",
);

/** The index's sizes, and what a first search and each result cost, from the files themselves. */
function measure(files: OutputFile[], script: OutputFile | undefined, pages: number): SearchState["report"] {
  // Pagefind's own files (.pagefind, .pf_*) are compressed already; its scripts and entry are sent gzipped.
  const sent = (file: OutputFile) =>
    /\.(?:js|json)$/.test(file.path) ? gzipSync(file.contents, { level: 9 }).length : file.contents.length;
  const named = (pattern: RegExp) => files.filter((f) => pattern.test(f.path.slice(SEARCH_FOLDER.length + 1)));
  const largest = (list: OutputFile[]) => list.reduce((max, f) => Math.max(max, sent(f)), 0);
  const fixed = named(/^(?:pagefind\.js|pagefind-worker\.js|pagefind-entry\.json)$/);
  const fragments = named(/^fragment\//);
  const firstSearchBytes =
    (script ? sent(script) : 0) +
    fixed.reduce((sum, f) => sum + sent(f), 0) +
    largest(named(/^wasm\./)) +
    largest(named(/\.pf_meta$/)) +
    largest(named(/^index\//));
  const resultBytes = fragments.length ? Math.round(fragments.reduce((s, f) => s + sent(f), 0) / fragments.length) : 0;
  const bytes = files.reduce((sum, f) => sum + f.contents.length, 0);
  return { pages, files: files.length, bytes, firstSearchBytes, resultBytes };
}

const engineRequire = createRequire(import.meta.url);

/**
 * Pagefind's Node API and version, from the engine's install. Its package is an ES module with an `import`
 * export only, so its entry file is found by path and required (Node 20.19 requires ES modules).
 */
function loadPagefind(): { api: PagefindApi; version: string } {
  const folder = (engineRequire.resolve.paths("pagefind") ?? [])
    .map((dir) => path.join(dir, "pagefind"))
    .find((dir) => existsSync(path.join(dir, "package.json")));
  if (!folder) throw errorFrom(SearchIndexFailed, { reason: "the pagefind package is not installed." });
  const { version } = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version: string };
  return { api: engineRequire(path.join(folder, "lib", "index.js")) as PagefindApi, version };
}
