// The keys that decide what a build may keep of the last one: of the whole build (everything it is made from
// besides content/), of every page (what is known before rendering it) and of every feed. A page is kept when
// its key and what its templates read of the content are unchanged, and its bytes are still at hand.
import { statSync } from "node:fs";
import path from "node:path";
import type { BundledAssets } from "../assets/bundle.ts";
import type { BundledIslands } from "../assets/islands.ts";
import type { SiteConfig } from "../config/options.ts";
import type { ResolvedSite } from "../config/types.ts";
import { settingsKey } from "../content/markdown/index.ts";
import type { FileState, Manifest } from "../output/write/index.ts";
import type { Assets } from "../render/contract.ts";
import type { IslandScripts } from "../render/render.ts";
import type { Templates } from "../render/templates.ts";
import { currentValue } from "../render/track.ts";
import { sameEnv } from "../compile/site-code.ts";
import type { FeedSpec, Redirect, Route } from "../routes/types.ts";
import { ENGINE_KEY } from "../version.ts";
import { type PageState, hashOf } from "./build-state.ts";

/** What every page of a site is made from besides its own route and entry. */
export interface SiteInputs {
  config: SiteConfig;
  site: ResolvedSite;
  templates: Templates;
  bundle: BundledAssets;
  assets: Assets;
  islandBundle: BundledIslands;
  islands: IslandScripts;
  images: { key: string };
  feeds: FeedSpec[];
  /** Old URLs and where they lead: a body's link to one is written as its new address. */
  redirects?: Redirect[];
  content: Record<string, unknown>;
  /** With i18n: each other locale's collections. */
  locales?: Map<string, { content: Record<string, unknown> }>;
  /** The content hash of an entry (of its file's bytes). */
  entryHash(entry: unknown): string;
}

/** Everything a build is made from besides content/: a build with the same key and content has the same output. */
export function inputsKey(inputs: {
  config: SiteConfig;
  definition: ResolvedSite;
  templates: Templates;
  assets: BundledAssets;
  islands: BundledIslands;
}) {
  const { config, definition, templates } = inputs;
  const files = [...inputs.assets.files, ...inputs.islands.files].flatMap((f) => [f.path, f.contents]);
  return hashOf(ENGINE_KEY, templates.hash, definition.hash, settingsOf(config, definition), ...files);
}

/** Everything every page depends on: a change to any of it renders every page again. */
export function contextKey(inputs: SiteInputs): string {
  const { config, site, templates, assets, islands, images, feeds } = inputs;
  // A page's head names each feed with its MIME type, its format's. A term's feed is named on its own pages only
  // (their keys hold it): a new term renders no other page again.
  const feedList = JSON.stringify(feeds.filter((f) => !f.own).map((f) => [f.path, f.title, f.options.format ?? ""]));
  const moved = JSON.stringify((inputs.redirects ?? []).map((r) => [r.from, r.to]));
  const settings = settingsOf(config, site);
  // The URLs a page may name: the script, the stylesheets, the islands' modules (hashed, so their code is in them).
  const { script, stylesheet, codeStylesheet, search } = assets;
  const urls = JSON.stringify([
    script ?? "",
    stylesheet ?? "",
    codeStylesheet ?? "",
    search ?? "",
    islands.loader ?? "",
    islands.preload,
  ]);
  return hashOf(ENGINE_KEY, templates.hash, site.hash, settings, feedList, urls, images.key, moved);
}

function settingsOf(config: SiteConfig, site: ResolvedSite): string {
  const forms = config.forms.map((f) => [f.name, f.action, f.field]);
  const { base, siteUrl, drafts, future, sourceDate } = config;
  // What shapes the markdown beyond site.config.ts's code: its plugins' versions, Shiki's.
  const kinds = new Set([...site.collections.values()].map((c) => c.html));
  const markdown = [...kinds].map((html) => settingsKey({ ...site, root: config.root }, html));
  const { search } = site;
  const shown = { drafts, ...(future && { future }) };
  return JSON.stringify({ base, siteUrl, format: site.urlFormat, ...shown, sourceDate, forms, markdown, search });
}

/** What one page depends on that is known before rendering it: its route, entry and list items. */
export function pageKey(context: string, route: Route, entryHash: (entry: unknown) => string): string {
  const p = route.pagination;
  const items = p?.items.map(entryHash);
  const list = p ? JSON.stringify([p.page, p.pages, p.total, p.prev, p.next, p.first, p.last, items]) : "";
  // With i18n, what its head says of its translations: its alternates, a fallback's canonical page.
  const locale = route.locale === undefined ? [] : [JSON.stringify([route.locale, route.alternates, route.canonical])];
  const own = route.feeds ? [JSON.stringify(route.feeds.map((f) => [f.path, f.title]))] : [];
  return hashOf(context, route.path, route.outFile, route.template, entryHash(route.entry), list, ...locale, ...own);
}

/** A feed is written again only when its entries or anything every page depends on changed. */
export function feedKey(
  context: string,
  feed: FeedSpec,
  entries: unknown[],
  entryHash: (entry: unknown) => string,
): string {
  const { path: file, title, author, options, description = "", locale = "" } = feed;
  const own = [file, title, author, String(options.limit), String(options.format), description, locale];
  return hashOf(context, ...own, ...entries.map(entryHash));
}

/** Whether every content value and environment variable a page read when it was rendered is the same now. */
export function sameReads(page: PageState, site: Pick<SiteInputs, "content" | "locales" | "entryHash">): boolean {
  const contentOf = (locale?: string) => (locale === undefined ? site.content : site.locales?.get(locale)?.content);
  return (
    sameEnv(page.env) &&
    page.deps.every((dep) => {
      const content = contentOf(dep.locale);
      return content !== undefined && currentValue(content, dep, site.entryHash) === dep.value;
    })
  );
}

/**
 * Where the bytes last written for a file are: already in the staging folder (`staged` says what it holds),
 * or still in the output folder (its size and time as the manifest recorded); undefined if neither holds.
 */
export function bytesAtHand(
  file: string,
  sha256: string,
  staged: FileState | undefined,
  output: { dir: string; manifest: Manifest },
): FileState | undefined {
  if (staged?.sha256 === sha256) return staged;
  const recorded = output.manifest.get(file);
  if (recorded?.sha256 !== sha256) return undefined;
  const stat = statSync(path.join(output.dir, file), { throwIfNoEntry: false });
  return stat && stat.size === recorded.size && stat.mtimeMs === recorded.mtimeMs ? recorded : undefined;
}
