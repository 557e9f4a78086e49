// `heirloom dev`: builds in memory, serves on 127.0.0.1, rebuilds on change, reloads pages, shows errors as an overlay.
import type { ServerResponse } from "node:http";
import path from "node:path";
import { type BuildCache, prepareSite, pruneState } from "../build/prepare.ts";
import { loadBuildState } from "../incremental/build-state.ts";
import type { RawContent } from "../content/load.ts";
import { type BuildOptions, type SitePaths, resolvePaths } from "../config/options.ts";
import { DEFINITION_FILE } from "../config/site.ts";
import { DEV_CLIENT, DEV_CLIENT_PATH, DEV_EVENTS_PATH, contentType } from "./dev-client.ts";
import { type HeirloomError, errorsOf, formatError } from "../errors/errors.ts";
import { securityHeaders } from "../output/hosting.ts";
import { type DevSite, createDevSite } from "./dev-site.ts";
import { startBackgroundTypeCheck } from "../check/typecheck.ts";
import { createSiteServer, listen } from "./http.ts";
import { watchFiles } from "./watch.ts";
import { type LocalForms, openLocalForms } from "./local-forms.ts";

export interface DevEvent {
  /**
   * "built": the site is ready to serve; "failed": it is not; "links": a served page has broken links;
   * "types": the background type check finished (`message` empty when it found nothing).
   */
  type: "built" | "failed" | "links" | "types";
  /** The build's number, from 1 (for "links" and a page that fails to render: the build it was served from); its server-sent event carries it as its id. */
  build: number;
  ms: number;
  message?: string;
  changed?: string[];
  /** "built": what esbuild warned about in the script or stylesheet, each at its file and line. */
  warnings?: string[];
  /** What the change made stale and was done again; content is always re-read (it is cheap). */
  redone: Array<"definition" | "templates" | "assets">;
}

export interface DevOptions extends BuildOptions {
  port?: number;
  onEvent?: (event: DevEvent) => void;
  /** Told when a request could not be answered (the visitor gets a plain 500), or the type check failed. */
  onError?: (error: unknown) => void;
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
  const paths = resolvePaths(options);
  const format = (error: HeirloomError) => formatError(error, { debug: options.debug });
  // Between builds the dev server keeps parsed files, rendered markdown and valid entries, and reads
  // again only the files its watcher saw change: a save is served in milliseconds at any size.
  // The last build's parsed files and rendered markdown (if any) make the first start quick too.
  // Markdown is rendered when a page reads it, so a site of any size is served at once.
  const cache: BuildCache = { memo: {}, state: loadBuildState(paths.root, paths.outDir), lazyMarkdown: true };
  let unread = new Set<string>();
  let lastRaw: RawContent | undefined;
  const clients = new Set<ServerResponse>();
  let served: DevSite | undefined;
  let base = "/";
  // The headers the build writes for hosts (serve.json, _headers): a page that breaks the policy fails here too.
  let headers: Record<string, string> = {};
  let failure: string | undefined;
  let forms: LocalForms | undefined;
  let formsKey = "";

  let builds = 0;
  // The type check runs in a worker once a build is served, so it never holds up a reload.
  let typeProblems = "";
  const types = options.typeCheck
    ? startBackgroundTypeCheck(paths.root, paths.templatesDir, {
        onResult: (errors, ms) => {
          typeProblems = errors.map((e) => format(e)).join("\n\n");
          options.onEvent?.({ type: "types", build: builds, ms, message: typeProblems, redone: [] });
          send("types", typeProblems);
        },
        onError: (error) => options.onError?.(error),
      })
    : undefined;
  const send = (event: string, data: string, id = builds) => {
    for (const client of clients) client.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let redone = new Set<DevEvent["redone"][number]>();
  const build = async (changed: string[]) => {
    const started = performance.now();
    const number = ++builds;
    const steps = [...redone];
    const typesStale = number === 1 || steps.length > 0;
    redone = new Set();
    const reading = unread;
    unread = new Set();
    const changedContent = [...reading].map((file) => path.relative(paths.contentDir, file).split(path.sep).join("/"));
    cache.reuse = lastRaw && { previous: lastRaw, changed: new Set(changedContent) };
    try {
      // Nothing is rendered here: pages are rendered when they are asked for.
      const site = await prepareSite({ drafts: true, ...options }, cache);
      lastRaw = site.raw;
      // Forgetting what no file needs any more costs a pass over the site: done once it adds up.
      if (cache.state!.parsed.size > site.raw.entries.length * 1.25 + 64)
        pruneState(cache.state!, site.raw, site.config.base);
      served = createDevSite(site, (problems) => {
        const message = problems.map((e) => format(e)).join("\n\n");
        options.onEvent?.({ type: "links", build: number, ms: 0, message, redone: [] });
      });
      base = site.config.base;
      headers = securityHeaders(site.config);
      // The receivers follow the definition: reopened only when the forms or the base path change.
      const key = JSON.stringify([base, site.site.forms]);
      if (key !== formsKey) [forms, formsKey] = [await openLocalForms(paths.root, site.site.forms, base), key];
      failure = undefined;
      options.onEvent?.({
        type: "built",
        build: number,
        ms: performance.now() - started,
        changed,
        redone: steps,
        warnings: site.bundle.warnings,
      });
      send("reload", "", number);
    } catch (error) {
      // What this build was to read is read again by the next one.
      for (const file of reading) unread.add(file);
      const known = errorsOf(error);
      failure = known.length ? known.map((e) => format(e)).join("\n\n") : String((error as Error)?.stack ?? error);
      options.onEvent?.({
        type: "failed",
        build: number,
        ms: performance.now() - started,
        message: failure,
        changed,
        redone: steps,
      });
      send("failure", failure, number);
    }
    if (typesStale) types?.request();
  };
  // One build at a time; changes that arrive meanwhile are gathered into the next one, so an older
  // build can never finish last and serve stale pages.
  let running: Promise<void> | undefined;
  let queued: string[] | undefined;
  const rebuild = (changed: string[] = []): Promise<void> => {
    if (running) {
      queued = [...(queued ?? []), ...changed];
      return running;
    }
    running = build(changed).finally(() => {
      running = undefined;
      if (queued) {
        const next = queued;
        queued = undefined;
        void rebuild(next);
      }
    });
    return running;
  };
  const started = Date.now();
  await rebuild();

  const server = createSiteServer({
    forms: () => forms,
    onError: (error) => options.onError?.(error),
    serve: (req, res, url) => {
      if (url.pathname === DEV_EVENTS_PATH) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
        res.write(failure ? `id: ${builds}\nevent: failure\ndata: ${JSON.stringify(failure)}\n\n` : ": connected\n\n");
        if (typeProblems) res.write(`id: ${builds}\nevent: types\ndata: ${JSON.stringify(typeProblems)}\n\n`);
        clients.add(res);
        req.on("close", () => clients.delete(res));
        return;
      }
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (url.pathname === DEV_CLIENT_PATH)
        return void res.writeHead(200, { "content-type": contentType(".js") }).end(DEV_CLIENT);
      let found: ReturnType<DevSite["get"]>;
      try {
        found =
          served?.get(url.pathname) ?? (failure ? { status: 200, file: "failed.html", body: FAILED_PAGE } : undefined);
      } catch (error) {
        // A template that throws while rendering this page: the terminal and the overlay say why.
        const message =
          errorsOf(error)
            .map((e) => format(e))
            .join("\n\n") || String((error as Error)?.stack ?? error);
        options.onEvent?.({ type: "failed", build: builds, ms: 0, message, redone: [] });
        send("failure", message);
        found = { status: 500, file: "failed.html", body: FAILED_PAGE };
      }
      if (!found) return void res.writeHead(404).end("Not found");
      const type = contentType(path.extname(found.file));
      const payload = type.startsWith("text/html") ? withDevClient(found.body) : found.body;
      res.writeHead(found.status, { "content-type": type, "cache-control": "no-store" }).end(payload);
    },
  });

  const onChange = (changed: string[]) => {
    for (const file of changed) {
      unread.add(file);
      const stale = invalidate(cache, paths, file);
      if (stale) redone.add(stale);
      // A new definition may read every file differently: start afresh.
      if (stale === "definition") [cache.memo, lastRaw] = [{}, undefined];
    }
    void rebuild(changed);
  };
  const { port, busy } = await listen(server, options.port ?? 4321, "127.0.0.1").catch(async (error: unknown) => {
    // Nothing may keep the process alive when the server cannot start: the type check's thread ends too.
    await types?.close();
    throw error;
  });
  const url = `http://127.0.0.1:${port}${base}`;
  options.onListening?.({ url, busyPorts: busy });
  // Watching starts once the server listens, so a server that cannot start leaves nothing running.
  // The server answers before the watcher has scanned every folder: a file saved since the first build
  // began reading (less a second for coarse file times) is taken as changed when the scan finds it.
  const watcher = watchFiles([path.join(paths.root, DEFINITION_FILE), paths.contentDir, paths.templatesDir], onChange, {
    changedSince: started - 1000,
  });
  await watcher.ready;
  return {
    url,
    busyPorts: busy,
    close: async () => {
      await watcher.close();
      await types?.close();
      clients.forEach((c) => c.end());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Drops the cached step a change makes stale: the definition (and the templates, which may import it),
 * scripts and styles the assets, other templates the compile. Content is always re-read.
 */
function invalidate(
  cache: BuildCache,
  paths: SitePaths,
  file: string,
): "definition" | "templates" | "assets" | undefined {
  if (file === path.join(paths.root, DEFINITION_FILE)) {
    delete cache.site;
    delete cache.templates;
    return "definition";
  }
  const relativeToTemplates = path.relative(paths.templatesDir, file);
  if (relativeToTemplates.startsWith("..")) return undefined;
  if (/^(islands|styles)[\\/]/.test(relativeToTemplates)) {
    delete cache.bundle;
    return "assets";
  }
  delete cache.templates;
  return "templates";
}

/** Served while no build has succeeded yet, or when a page fails to render: the dev client shows the errors over it. */
const FAILED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body><p>The build failed; fix the file named below and this page reloads.</p></body></html>`;

/** A page with the dev client's script before </body>. */
function withDevClient(body: Uint8Array | string): string {
  return Buffer.from(body).toString("utf8").replace("</body>", `<script src="${DEV_CLIENT_PATH}"></script></body>`);
}
