// `heirloom dev`: builds in memory, serves on 127.0.0.1 (or the host asked for), rebuilds on change, reloads
// pages, shows errors as an overlay. The server, the event stream and the watcher live on this thread; the site's
// code runs on the site thread (site-thread.ts), which may run out of memory without taking the server down.
import path from "node:path";
import { type BackgroundTypeCheck, startBackgroundTypeCheck } from "../../check/typecheck.ts";
import { type BuildOptions, type SitePaths, resolvePaths } from "../../config/options.ts";
import { DEFINITION_FILE } from "../../config/definition-file.ts";
import type { CompiledPart } from "../../incremental/incremental.ts";
import { type PageFailureHandler, type ServedState, devRequestHandler } from "./dev-router.ts";
import { problemsFormatter } from "./site-thread/index.ts";
import { bothAllowed } from "../http/index.ts";
import { createSiteServer, listen } from "../http/index.ts";
import { checkListenHost } from "../http/index.ts";
import { type LocalFormEvents, type LocalForms, openLocalForms } from "../forms/index.ts";
import { createRebuildQueue } from "./rebuild-queue.ts";
import { type ReloadHub, createReloadHub } from "./reload-hub.ts";
import type { SiteThreadData } from "./site-thread/index.ts";
import { startSiteThread } from "./site-thread/index.ts";
import { watchFiles } from "./watch.ts";

export interface DevEvent {
  /**
   * "built": the site is ready to serve; "failed": it is not; "links": pages have broken links (a page served, or
   * any page, checked in the background after each build);
   * "types": the background type check finished (`message` empty when it found nothing).
   */
  type: "built" | "failed" | "links" | "types";
  /**
   * The build's number, from 1 (for "links" and a page that fails to render: the build it was served from);
   * its server-sent event carries it as its id.
   */
  build: number;
  ms: number;
  message?: string;
  changed?: string[];
  /** "built": what esbuild warned about in the script or stylesheet, each at its file and line. */
  warnings?: string[];
  /** "built": scheduled entries shown before their date, expired ones left out. */
  notes?: string[];
  /** What the change made stale and was done again; content is always re-read (it is cheap). */
  redone: CompiledPart[];
}

export interface DevOptions extends BuildOptions {
  port?: number;
  /** The address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface). */
  host?: string;
  /** Host names a request may name besides the server's own (--allowed-host), with the site's server.allowedHosts. */
  allowedHosts?: string[] | true;
  onEvent?: (event: DevEvent) => void;
  /** Told about the forms' local receivers: each post, damaged lines, a lock taken over, failures to store. */
  forms?: LocalFormEvents;
  /** Told when a request could not be answered (the visitor gets a plain 500), or the type check could not run. */
  onError?: (error: unknown, during?: "type check") => void;
  /** Run the TypeScript check of site.config.ts and templates/ in a worker after start and each change to them. */
  typeCheck?: boolean;
  /** Print each error's stack trace with it (in the terminal and the overlay). */
  debug?: boolean;
  /**
   * Called once the server answers, before the watcher has looked at every file (at thousands of files,
   * a second or more): pages can be opened meanwhile; `startDev` resolves once saves are seen.
   */
  onListening?: (server: Pick<DevServer, "url" | "busyPorts">) => void;
}

export interface DevServer {
  url: string;
  /** Ports that were in use before the one it listens on. */
  busyPorts: number[];
  close(): Promise<void>;
}

/** Starts the dev server; the first build's result (or error) is served at once. */
export async function startDev(options: DevOptions): Promise<DevServer> {
  // A host that cannot be an address is refused before the first build, not after it.
  const host = options.host ?? "127.0.0.1";
  checkListenHost(host);
  const paths = resolvePaths(options);
  const state: ServedState = { build: 0, headers: {}, types: "", links: "", pageFailures: new Map() };
  const hub = createReloadHub();
  const say = problemsFormatter(options.debug);
  const types = options.typeCheck ? startTypeCheck(paths, state, hub, options, say) : undefined;
  const pageFailed: PageFailureHandler = (pathname, message) => {
    if (state.pageFailures.has(pathname)) return;
    state.pageFailures.set(pathname, message);
    options.onEvent?.({ type: "failed", build: state.build, ms: 0, message, redone: [] });
    hub.send("failure", message, state.build, pathname);
  };
  const builds = await devBuilds(paths, state, hub, options, say, types, pageFailed).catch(async (error: unknown) => {
    await types?.close();
    throw error;
  });
  const queue = createRebuildQueue(builds.rebuild);
  const started = Date.now();
  await queue.request();
  const server = createSiteServer({
    forms: builds.forms,
    hosts: () => ({ listen: host, allowed: bothAllowed(options.allowedHosts, builds.allowedHosts()) }),
    onError: (error) => options.onError?.(error),
    serve: devRequestHandler(state, hub, builds.site.get, pageFailed),
  });
  const listening = listen(server, options.port ?? 4321, host);
  const { port, busy } = await listening.catch(async (error: unknown) => {
    // Nothing may keep the process alive when the server cannot start: the type check's and site's threads end.
    await Promise.all([types?.close(), builds.site.close()]);
    throw error;
  });
  const url = `http://127.0.0.1:${port}${builds.base()}`;
  options.onListening?.({ url, busyPorts: busy });
  // Watching starts once the server listens, so a server that cannot start leaves nothing running.
  const watcher = watchSite(paths, started, (changed) => {
    builds.site.changed(changed);
    void queue.request(changed);
  });
  await watcher.ready;
  const close = async () => {
    await watcher.close();
    await types?.close();
    // The site's thread first: a page it is rendering (a loop in site code) never holds up the stop.
    await builds.site.close();
    hub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, busyPorts: busy, close };
}

/**
 * The dev server's builds: each prepares the site in memory on the site thread (pages are rendered when asked
 * for), reusing what it keeps between saves, and replaces what is served; a failure is served as the overlay.
 */
async function devBuilds(
  paths: SitePaths,
  state: ServedState,
  hub: ReloadHub,
  options: DevOptions,
  say: (error: unknown) => string,
  types: BackgroundTypeCheck | undefined,
  pageFailed: PageFailureHandler,
) {
  const forms = formsFollowingTheDefinition(paths.root, options.forms);
  let base = "/";
  let allowedHosts: string[] | true = [];
  const site = await startSiteThread({
    data: { options: threadOptions(options), debug: options.debug },
    cacheDir: paths.cacheDir,
    say,
    onReport: (report) => {
      if (report.type === "warning") options.onWarning?.(report.message);
      else if (report.type === "links") {
        options.onEvent?.({ type: "links", build: report.build, ms: 0, message: report.message, redone: [] });
      } else if (report.build === state.build && report.links !== state.links) {
        // Every page's links, checked after the build: the overlay shows them all (or none).
        state.links = report.links;
        hub.send("links", report.links, report.build);
      }
    },
    onLost: (message, page) => {
      if (page !== undefined) return pageFailed(page, message);
      state.failure = message;
      options.onEvent?.({ type: "failed", build: state.build, ms: 0, message, redone: [] });
      hub.send("failure", message, state.build);
    },
  });
  const rebuild = async (changed: string[]) => {
    const started = performance.now();
    const build = ++state.build;
    let outcome = await site.build(build);
    if (outcome.type === "built") {
      state.pageFailures = new Map();
      base = outcome.base;
      allowedHosts = outcome.allowedHosts;
      state.headers = outcome.headers;
      state.pathHeaders = { base, rules: outcome.pathHeaders };
      outcome = await forms.follow(outcome.forms, base).then(
        () => outcome,
        (error: unknown) => ({ type: "failed", build, redone: outcome.redone, message: say(error) }) as const,
      );
    }
    const ms = performance.now() - started;
    const { redone } = outcome;
    if (outcome.type === "built") {
      state.failure = undefined;
      const { warnings, notes } = outcome;
      options.onEvent?.({ type: "built", build, ms, changed, redone, warnings, notes });
      hub.send("reload", "", build);
    } else {
      state.failure = outcome.message;
      options.onEvent?.({ type: "failed", build, ms, message: state.failure, changed, redone });
      hub.send("failure", state.failure, build);
    }
    if (build === 1 || redone.length > 0) types?.request();
  };
  return { rebuild, site, forms: forms.current, base: () => base, allowedHosts: () => allowedHosts };
}

/** The build options the site thread is handed: all but the callbacks, which stay on this thread. */
function threadOptions(options: DevOptions): SiteThreadData["options"] {
  const { root, outDir, templatesDir, base, siteUrl, drafts, future, force, cache, lockWaitMs, env } = options;
  const given = { root, outDir, templatesDir, base, siteUrl, drafts, future, force, cache, lockWaitMs, env };
  // An option not given stays missing, so that the thread's defaults (drafts and future: true) apply.
  const more = { manifest: options.manifest, now: options.now === undefined ? undefined : Number(options.now) };
  return Object.fromEntries(Object.entries({ ...given, ...more }).filter(([, value]) => value !== undefined));
}

/** The forms' local receivers, reopened only when the declared forms or the base path change. */
function formsFollowingTheDefinition(root: string, events?: LocalFormEvents) {
  let forms: LocalForms | undefined;
  let key = "";
  return {
    current: () => forms,
    async follow(declared: Parameters<typeof openLocalForms>[1], base: string) {
      const now = JSON.stringify([base, declared]);
      if (now !== key) [forms, key] = [await openLocalForms(root, declared, base, events), now];
    },
  };
}

/** The type check runs in a worker once a build is served, so it never holds up a reload. */
function startTypeCheck(
  paths: SitePaths,
  state: ServedState,
  hub: ReloadHub,
  options: DevOptions,
  say: (error: unknown) => string,
): BackgroundTypeCheck {
  return startBackgroundTypeCheck(paths.root, paths.templatesDir, {
    onResult: (errors, ms) => {
      state.types = errors.length ? say(errors) : "";
      options.onEvent?.({ type: "types", build: state.build, ms, message: state.types, redone: [] });
      hub.send("types", state.types, state.build);
    },
    onError: (error) => options.onError?.(error, "type check"),
  });
}

/**
 * Watches site.config.ts, content/ and templates/. The server answers before the watcher has scanned every
 * folder: a file saved since the first build began reading (less a second for coarse file times) is taken as
 * changed when the scan finds it.
 */
function watchSite(paths: SitePaths, started: number, onChange: (changed: string[]) => void) {
  const targets = [path.join(paths.root, DEFINITION_FILE), paths.contentDir, paths.templatesDir];
  return watchFiles(targets, onChange, { changedSince: started - 1000 });
}
