// The one place a build or the dev server asks "can I skip this?". It owns what one build leaves for the next
// (the stamp, parsed files and rendered markdown, each page's key, the previous output and the site before it),
// what the dev server keeps between saves (compiled parts, the last walk, unchanged entries), and what a build or
// the dev server keeps in memory of what it made (evaluated modules, markdown renderers, islands' renders). The
// stages never read any of it: they are handed what they may reuse, and say what they made.
import { existsSync } from "node:fs";
import path from "node:path";
import type { LoadedModules } from "../compile/compile-module.ts";
import { sameEnv } from "../compile/site-code.ts";
import type { SitePaths } from "../config/options.ts";
import { ISLANDS_FOLDER } from "../render/island-files.ts";
import type { IslandRenders } from "../render/island.ts";
import type { ParsedSource } from "../content/frontmatter/index.ts";
import { type Listing, listTree } from "../content/files/index.ts";
import { Highlighting } from "../content/highlighting.ts";
import { MarkdownRenderers } from "../content/markdown/index.ts";
import type { MdxComponents } from "../content/mdx/index.ts";
import type { MdxCache, SourceEntry } from "../content/types.ts";
import { listSeed } from "../output/write/index.ts";
import type { KeptSearch } from "../output/files/index.ts";
import type { FileState, Seed } from "../output/write/index.ts";
import { type BuildState, emptyState, loadBuildState, saveBuildState } from "./build-state.ts";
import { contentReuse } from "./content-reuse.ts";
import { DevReuse, partOf } from "./dev-reuse.ts";
import { mdxStore } from "./mdx-store.ts";
import { keepPreviousSite, previousSiteDir } from "./previous-site.ts";
import { type SiteInputs, inputsKey } from "./page-keys.ts";
import { pageReuse, searchReuse } from "./page-reuse.ts";
import * as stamps from "./stamp.ts";
import type {
  BuildInputs,
  CompiledPart,
  CompiledParts,
  ContentReuse,
  FinishedBuild,
  KeptBuild,
  PageReuse,
} from "./types.ts";

export type { BuildInputs, CompiledPart, CompiledParts, ContentReuse, FinishedBuild, KeptBuild, PageReuse };

/**
 * From this many content files (about as many pages, each in a folder of its own), the previous site is listed
 * on a worker thread: below it, the thread's start costs about what the listing does (scripts/bench-scale.js).
 */
export const SEED_THREAD_FROM = 2000;

export class Incremental {
  private readonly parts = new Map<CompiledPart, Promise<unknown>>();
  /** The files the last islands' bundle was made from (templates/ and beyond: what an island imports). */
  private islandInputs = new Set<string>();
  private loaded: BuildState | undefined;
  private mdx: MdxCache | undefined;
  private readonly mdxComponents: MdxComponents = { current: {} };
  /** The site's modules as evaluated: a compile found unchanged is not evaluated again (see compileModule). */
  readonly modules: LoadedModules = new Map();
  /** Code highlighting, of one build at a time: its pool's markup is read by the renderers. */
  private readonly highlighting = new Highlighting();
  /** Each definition's markdown renderers (a definition loaded again gets new ones). */
  private readonly renderers = new MarkdownRenderers(this.highlighting);
  /** The islands' own renders, by component and props (see renderWithIslands). */
  readonly islandRenders: IslandRenders = new WeakMap();
  private constructor(
    private readonly paths: SitePaths,
    private readonly reuse: boolean,
    private readonly dev?: DevReuse,
    /** Every file under content/ by its size, times and inode, taken before any was read (a build's). */
    private readonly snapshot?: stamps.InputSnapshot,
    private readonly listed?: Listing,
  ) {}

  /**
   * For a build: content/ is listed once, before anything is read (a file saved meanwhile is newer than the
   * snapshot). Without `reuse`, nothing of an earlier build is used; what this one makes is still kept.
   */
  static async forBuild(paths: SitePaths, reuse: boolean): Promise<Incremental> {
    const listed = existsSync(paths.contentDir) ? await listTree(paths.contentDir, undefined, paths.root) : undefined;
    const snapshot = listed && stamps.snapshotInputs(paths.contentDir, listed.files);
    return new Incremental(paths, reuse, undefined, snapshot, listed);
  }

  /** For the dev server: the last build's parsed files and rendered markdown make its first start quick. */
  static forDev(paths: SitePaths): Incremental {
    return new Incremental(paths, true, new DevReuse(paths.contentDir));
  }

  /** For one preparation that keeps nothing (the site's pages are only checked). */
  static none(paths: SitePaths): Incremental {
    return new Incremental(paths, false);
  }

  /** The build state: loaded when first needed (a kept build never needs it). */
  private get state(): BuildState {
    this.loaded ??= this.reuse ? loadBuildState(this.paths.root, this.paths.outDir) : emptyState();
    return this.loaded;
  }

  /** A compiled part: made once, kept until a file it is made from changes; a failure is forgotten. */
  compiled<K extends CompiledPart>(part: K, make: () => Promise<CompiledParts[K]>): Promise<CompiledParts[K]> {
    const known = this.parts.get(part) as Promise<CompiledParts[K]> | undefined;
    if (known) return known;
    const pending = make();
    this.parts.set(part, pending);
    pending.then(
      (made) => {
        if (part === "islands") this.islandInputs = new Set((made as CompiledParts["islands"]).inputs);
      },
      () => this.parts.get(part) === pending && this.parts.delete(part),
    );
    return pending;
  }

  /**
   * The previous build, when nothing it was made from changed and its output folder is as it left it.
   * `compile` starts the compiles (they run while the inputs are compared; a build that follows uses them).
   * Anything unsure (a compile that fails) is left to a full look. Otherwise the stamp is dropped: the build
   * that follows changes the output it describes.
   */
  async keptBuild(compile: () => Promise<BuildInputs>): Promise<KeptBuild | undefined> {
    const { root, outDir, contentDir } = this.paths;
    const stamp = this.reuse && this.snapshot ? stamps.loadStamp(root, outDir) : undefined;
    const compiled = stamp && compile().catch(() => undefined);
    const same =
      stamp &&
      sameEnv(stamp.env) &&
      stamps.sameInputs(stamp.inputs, this.snapshot!, contentDir) &&
      stamps.outputAsStamped(outDir, stamp);
    const inputs = same ? await compiled : undefined;
    // An entry held back that has come due since, or one published that has expired, makes the build anew.
    const current = inputs && (stamp!.until === undefined || inputs.config.now < stamp!.until);
    if (current && inputsKey(inputs) === stamp!.key) {
      return { ...stamp!, config: inputs.config };
    }
    stamps.dropStamp(root, outDir);
    return undefined;
  }

  /** What the content stages may reuse of earlier work for one load, and how the load ends. */
  contentReuse(): ContentReuse {
    const { parsed, markdown } = this.state;
    const mdx = (this.mdx ??= mdxStore(this.paths.cacheDir, this.reuse));
    const { mdxComponents, renderers, highlighting, listed, dev } = this;
    const prune = (entries: SourceEntry[], key: (entry: SourceEntry) => string) => this.prune(entries, key);
    return contentReuse({
      root: this.paths.root,
      parsed,
      markdown,
      mdx,
      mdxComponents,
      renderers,
      highlighting,
      listed,
      dev,
      prune,
    });
  }

  /** The dev server's files changed: the compiled parts they belong to are dropped, and named. */
  changed(files: string[]): CompiledPart[] {
    this.dev?.contentChanged(files);
    const named = new Set(files.map((file) => partOf(this.paths, file)).filter((part) => part !== undefined));
    // An island's bundle holds what it imports, from templates/ or beyond; a new island is in the folder.
    const islands = path.join(this.paths.templatesDir, ISLANDS_FOLDER);
    if (files.some((file) => this.islandInputs.has(file) || file.startsWith(islands + path.sep))) {
      named.add("islands");
    }
    // The templates may import the definition; a new definition may read every file differently.
    if (named.has("definition")) {
      this.parts.delete("templates");
      this.dev?.forgetAll();
    }
    for (const part of named) this.parts.delete(part);
    return [...named];
  }

  /**
   * The folder a build's staging starts from: the site before the current one, with what it holds. Asked for
   * before the site is prepared: a large one is listed on another thread meanwhile.
   */
  stagingSeed(): Seed | undefined {
    const dir = previousSiteDir(this.paths.outDir);
    if (!existsSync(dir)) return undefined;
    const large = (this.listed?.files.length ?? 0) >= SEED_THREAD_FROM;
    return { dir, files: this.state.previousSite, listing: large ? listSeed(dir) : undefined };
  }

  /** What the previous build left that this one may keep, page by page; `staged` is what staging holds. */
  pageReuse(site: SiteInputs, staged: (file: string) => FileState | undefined): PageReuse {
    const { outDir } = this.paths;
    return pageReuse(site, staged, this.state, outDir, this.reuse && existsSync(outDir));
  }

  /**
   * The last build's search index, when it was made of the same pages (`key`) and each of its files is still at
   * hand (in the staging folder, `staged`, or the output folder).
   */
  searchReuse(staged: (file: string) => FileState | undefined): KeptSearch {
    const previous = this.reuse ? this.state.search : undefined;
    return searchReuse(previous, staged, { dir: this.paths.outDir, manifest: this.state.output });
  }

  /** Keeps what a finished build leaves for the next: the state, the site it replaced, the stamp. */
  async finish(build: FinishedBuild): Promise<void> {
    const { root, outDir } = this.paths;
    const state = this.state;
    this.prune(build.site.raw.entries, build.site.markdownKey);
    // The old output is the previous site now; the new one is what was just written.
    const kept = build.retired !== undefined && (await keepPreviousSite(build.retired, outDir));
    state.previousSite = kept ? state.output : new Map();
    state.output = build.output;
    state.pages = build.pages;
    state.search = build.search;
    state.feeds = new Map(
      [...build.feeds].flatMap(([file, { key, env }]) => {
        const written = build.output.get(file);
        return written ? [[file, { key, sha256: written.sha256, env }]] : [];
      }),
    );
    // The stamp is made while the state is written, and written after it: what it vouches for is stored.
    const stampOf = () => (this.snapshot ? stamps.stampOf(stamped(build), this.snapshot, outDir) : undefined);
    const [, stamp] = await Promise.all([saveBuildState(root, outDir, state), Promise.resolve().then(stampOf)]);
    if (stamp) await stamps.saveStamp(this.paths.root, this.paths.outDir, stamp);
  }

  /** Keeps only what the entries use of the parse and markdown caches, so they never grow without bound. */
  private prune(entries: SourceEntry[], markdownKey: (entry: SourceEntry) => string): void {
    const state = this.state;
    const parsed = new Map<string, ParsedSource>();
    for (const entry of entries) {
      const source = state.parsed.get(entry.hash);
      if (source) parsed.set(entry.hash, source);
    }
    state.parsed = parsed;
    state.markdown.retain(new Set(entries.map(markdownKey)));
  }
}

/** What a finished build's stamp is made of (stamp.ts). */
function stamped({ site, output, report, pages, feeds }: FinishedBuild) {
  const { config, raw } = site;
  const parts = { config, definition: site.site, templates: site.templates };
  const key = inputsKey({ ...parts, assets: site.bundle, islands: site.islandBundle });
  const envs = [...[...pages.values()].map((p) => p.env), ...[...feeds.values()].map((f) => f.env)];
  return { key, raw, output, report, envs, until: site.publication?.changesAt };
}
