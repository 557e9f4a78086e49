// `heirloom dev`: builds in memory, serves on 127.0.0.1 (or the host asked for), rebuilds on change, reloads
// pages, shows errors as an overlay.
import path from "node:path";
import { prepareSite } from "../pipeline/prepare.ts";
import { type BackgroundTypeCheck, startBackgroundTypeCheck } from "../check/typecheck.ts";
import { type BuildOptions, type SitePaths, resolvePaths } from "../config/options.ts";
import { DEFINITION_FILE } from "../config/definition-file.ts";
import { errorsOf, formatError } from "../errors/errors.ts";
import { type CompiledPart, Incremental } from "../incremental/incremental.ts";
import { securityHeaders } from "../output/hosting.ts";
import { type PageFailureHandler, type ServedState, devRequestHandler } from "./dev-router.ts";
import { LastGoodPages, createDevSite } from "./dev-site.ts";
import { bothAllowed } from "./allowed-hosts.ts";
import { createSiteServer, listen } from "./http.ts";
import { checkListenHost } from "./listen-host.ts";
import { type LocalFormEvents, type LocalForms, openLocalForms } from "./local-forms.ts";
import { createRebuildQueue } from "./rebuild-queue.ts";
import { type ReloadHub, createReloadHub } from "./reload-hub.ts";
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
  const builds = devBuilds(paths, state, hub, options, say, types);
  const queue = createRebuildQueue(builds.rebuild);
  const started = Date.now();
  await queue.request();
  const pageFailed: PageFailureHandler = (pathname, error) => {
    if (state.pageFailures.has(pathname)) return;
    const message = say(error);
    state.pageFailures.set(pathname, message);
    options.onEvent?.({ type: "failed", build: state.build, ms: 0, message, redone: [] });
    hub.send("failure", message, state.build, pathname);
  };
  const server = createSiteServer({
    forms: builds.forms,
    hosts: () => ({ listen: host, allowed: bothAllowed(options.allowedHosts, builds.allowedHosts()) }),
    onError: (error) => options.onError?.(error),
    serve: devRequestHandler(state, hub, pageFailed),
  });
  const listening = listen(server, options.port ?? 4321, host);
  const { port, busy } = await listening.catch(async (error: unknown) => {
    // Nothing may keep the process alive when the server cannot start: the type check's thread ends too.
    await types?.close();
    throw error;
  });
  const url = `http://127.0.0.1:${port}${builds.base()}`;
  options.onListening?.({ url, busyPorts: busy });
  // Watching starts once the server listens, so a server that cannot start leaves nothing running.
  const watcher = watchSite(paths, started, (changed) => {
    builds.changed(changed);
    void queue.request(changed);
  });
  await watcher.ready;
  const close = async () => {
    await watcher.close();
    await types?.close();
    hub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, busyPorts: busy, close };
}

/**
 * The dev server's builds: each prepares the site in memory (pages are rendered when asked for), reusing what
 * the incremental object keeps between saves, and replaces what is served; a failure is served as the overlay.
 */
function devBuilds(
  paths: SitePaths,
  state: ServedState,
  hub: ReloadHub,
  options: DevOptions,
  say: (error: unknown) => string,
  types: BackgroundTypeCheck | undefined,
) {
  const incremental = Incremental.forDev(paths);
  const forms = formsFollowingTheDefinition(paths.root, options.forms);
  const lastGood = new LastGoodPages();
  let redone = new Set<CompiledPart>();
  let base = "/";
  let allowedHosts: string[] | true = [];
  const rebuild = async (changed: string[]) => {
    const started = performance.now();
    const [build, steps] = [++state.build, [...redone]];
    redone = new Set();
    try {
      const site = await prepareSite({ drafts: true, ...options }, incremental);
      state.site = createDevSite(site, lastGood, (problems) => {
        options.onEvent?.({ type: "links", build, ms: 0, message: say(problems), redone: [] });
      });
      state.pageFailures = new Map();
      base = site.config.base;
      allowedHosts = site.site.allowedHosts;
      state.headers = securityHeaders(site.config);
      await forms.follow(site.site.forms, base);
      state.failure = undefined;
      const ms = performance.now() - started;
      options.onEvent?.({ type: "built", build, ms, changed, redone: steps, warnings: site.bundle.warnings });
      hub.send("reload", "", build);
      void checkEveryLink(build);
    } catch (error) {
      state.failure = say(error);
      const ms = performance.now() - started;
      options.onEvent?.({ type: "failed", build, ms, message: state.failure, changed, redone: steps });
      hub.send("failure", state.failure, build);
    }
    if (build === 1 || steps.length > 0) types?.request();
  };
  // After each build, every page's links, in the background: the terminal is told the problems no page asked for
  // has shown yet, and the overlay shows them all (or none).
  const checkEveryLink = async (build: number) => {
    const problems = await state.site?.checkEveryPage(() => state.build !== build).catch(() => undefined);
    if (problems === undefined || state.build !== build) return;
    const links = problems.length > 0 ? say(problems) : "";
    if (links === state.links) return;
    state.links = links;
    hub.send("links", links, build);
  };
  const changed = (files: string[]) => incremental.changed(files).forEach((part) => redone.add(part));
  return { rebuild, changed, forms: forms.current, base: () => base, allowedHosts: () => allowedHosts };
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

/** Problems as the terminal and the overlay show them: each located error, or an unexpected one's stack. */
function problemsFormatter(debug: boolean | undefined) {
  return (problem: unknown): string => {
    const known = Array.isArray(problem) ? problem : errorsOf(problem);
    if (known.length === 0) return String((problem as Error)?.stack ?? problem);
    return known.map((e) => formatError(e, { debug })).join("\n\n");
  };
}
