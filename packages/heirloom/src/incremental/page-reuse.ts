// What a build may keep of the previous one, page by page and feed by feed: one whose key is unchanged (a page
// reading the same content, a feed's code the same variables) is kept while its bytes are still at hand; and the
// search index, while it was made of the same pages.
import path from "node:path";
import { sameEnv } from "../compile/site-code.ts";
import type { KeptSearch, SearchState } from "../output/files/index.ts";
import type { FileState, Manifest } from "../output/write/index.ts";
import type { BuildState } from "./build-state.ts";
import { type SiteInputs, bytesAtHand, contextKey, feedKey, pageKey, sameReads } from "./page-keys.ts";
import type { KeptFile, PageReuse } from "./types.ts";

/**
 * The previous build's pages and feeds this one may keep: `state` is what it left, `outDir` the output folder it
 * wrote (`usable`: whether its files may be kept at all), `staged` what the staging folder holds.
 */
export function pageReuse(
  site: SiteInputs,
  staged: (file: string) => FileState | undefined,
  state: Pick<BuildState, "pages" | "feeds" | "output">,
  outDir: string,
  usable: boolean,
): PageReuse {
  const context = contextKey(site);
  const { pages, feeds, output: manifest } = state;
  const output = { dir: outDir, manifest };
  const kept = <S>(file: string, sha256: string, state: S): KeptFile<S> | undefined => {
    const bytes = bytesAtHand(file, sha256, staged(file), output);
    return bytes && { state, bytes, copyFrom: path.join(output.dir, file) };
  };
  return {
    key: (route) => pageKey(context, route, site.entryHash),
    page(route, key) {
      const previous = usable ? pages.get(route.outFile) : undefined;
      if (previous?.key !== key || !sameReads(previous, site)) return undefined;
      return kept(route.outFile, previous.record.sha256, previous);
    },
    feed(feed, entries) {
      const key = feedKey(context, feed, entries, site.entryHash);
      const file = feed.path.slice(1);
      const previous = usable ? feeds.get(file) : undefined;
      const same = previous?.key === key && sameEnv(previous.env);
      return { key, kept: same ? kept(file, previous.sha256, previous) : undefined };
    },
  };
}

/** The last build's search index, when it was made of the same pages (`key`) and each of its files is at hand. */
export function searchReuse(
  previous: SearchState | undefined,
  staged: (file: string) => FileState | undefined,
  output: { dir: string; manifest: Manifest },
): KeptSearch {
  return (key) => {
    if (previous?.key !== key) return undefined;
    const files = [];
    for (const file of previous.files) {
      const bytes = bytesAtHand(file.path, file.sha256, staged(file.path), output);
      if (!bytes) return undefined;
      files.push({ path: file.path, bytes, copyFrom: path.join(output.dir, file.path) });
    }
    return { files, report: previous.report };
  };
}
