// The incremental object's vocabulary: what it hands the stages to reuse, what it answers the orchestrators,
// and what a finished build leaves it.
import type { BundledAssets } from "../assets/bundle.ts";
import type { BundledIslands } from "../assets/islands.ts";
import type { SiteConfig } from "../config/options.ts";
import type { ResolvedSite } from "../config/types.ts";
import type { Highlighting } from "../content/highlighting.ts";
import type { MdxComponents } from "../content/mdx/index.ts";
import type { MarkdownRenderer } from "../content/markdown/index.ts";
import type { LoadReuse } from "../content/load.ts";
import type { ValidationReuse } from "../content/validate.ts";
import type { MdxCache, Publication, RawContent, SourceEntry } from "../content/types.ts";
import type { SearchState } from "../output/files/index.ts";
import type { FileState, Manifest } from "../output/write/index.ts";
import type { Templates } from "../render/templates.ts";
import type { RouteReuse, FeedSpec, Route } from "../routes/types.ts";
import type { FeedState, PageState } from "./build-state.ts";
import type { SiteInputs } from "./page-keys.ts";
import type { Stamp } from "./stamp.ts";

/** What a site is compiled into: kept between builds of one process until a file it is made from changes. */
export interface CompiledParts {
  definition: ResolvedSite;
  templates: Templates;
  assets: BundledAssets;
  islands: BundledIslands;
}
export type CompiledPart = keyof CompiledParts;

/** Everything a build is made from besides content/. */
export interface BuildInputs extends CompiledParts {
  config: SiteConfig;
}

/** What each content stage may reuse for one load of a site: one object a stage. */
export interface StageReuse {
  load: LoadReuse;
  validation: ValidationReuse;
  /** The routes of entries kept since the last load (the dev server's). */
  routes?: RouteReuse;
  /** The site's markdown renderers, by collection. */
  renderers: Map<string, MarkdownRenderer>;
  /** Compiled MDX bodies, whose blocks are highlighted once. */
  mdx: MdxCache;
}

/** What the content stages may reuse for one load, and how the load ends. */
export interface ContentReuse {
  /** What each stage may reuse for a load of `site` with the base path `base`. */
  stages(site: ResolvedSite, base: string): StageReuse;
  /** The build's code highlighting: started, made ready and finished as the content is read. */
  highlighting: Highlighting;
  /**
   * The components MDX bodies render with, handed the site's once its templates are compiled; one for the site's
   * builds, so that entries dev keeps between saves render with the latest.
   */
  mdxComponents: MdxComponents;
  /**
   * The load and everything made from it succeeded (with each entry's key of rendered markdown), or failed (its
   * highlighting's threads are ended).
   */
  ended(raw: RawContent | undefined, markdownKey?: (entry: SourceEntry) => string): void;
}

/** The previous build, kept whole: nothing it was made from changed, its output is as it left it. */
export type KeptBuild = Stamp & { config: SiteConfig };

/** The previous build's page or feed, when it may be kept as it is: its state, where its bytes are now. */
export interface KeptFile<S> {
  state: S;
  /** What the file holds (its SHA-256), with the size and time that show it still does. */
  bytes: FileState;
  /** The file in the output folder to copy when the staging folder does not hold those bytes. */
  copyFrom: string;
}

/** What decides, page by page, what the previous build left that this one may keep. */
export interface PageReuse {
  /** Everything the page at this route is made from that is known before rendering it. */
  key(route: Route): string;
  page(route: Route, key: string): KeptFile<PageState> | undefined;
  /** `entries`: those the feed holds (its newest), the only ones its file shows. */
  feed(feed: FeedSpec, entries: unknown[]): { key: string; kept?: KeptFile<FeedState> };
}

/** What a finished build leaves for the next. */
export interface FinishedBuild {
  site: SiteInputs & { raw: RawContent; markdownKey(entry: SourceEntry): string; publication?: Publication };
  pages: Map<string, PageState>;
  /** Each feed's key, and the variables its bodies read. */
  feeds: Map<string, Omit<FeedState, "sha256">>;
  output: Manifest;
  /** The output folder it replaced, moved aside: it is kept as the previous site (the next staging folder). */
  retired?: string;
  /** The build's report, repeated by a build that keeps it. */
  report: Pick<Stamp, "routes" | "warnings" | "siteHash" | "search" | "held">;
  /** The search index it wrote or kept (a site with search). */
  search?: SearchState;
}
