// `heirloom dev`: builds in memory, serves on 127.0.0.1, rebuilds on change, reloads pages, shows errors as an overlay.
import { type FSWatcher, watch } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type BuildCache, prepareSite, pruneState } from "../build.ts";
import { loadBuildState } from "../cache/build-state.ts";
import type { SourceEntry } from "../content/load.ts";
import { type BuildOptions, type SitePaths, resolvePaths } from "../config/options.ts";
import { DEFINITION_FILE } from "../config/site.ts";
import { DEV_CLIENT, DEV_CLIENT_PATH, DEV_EVENTS_PATH, contentType } from "./dev-client.ts";
import { errorsOf, formatError } from "../errors.ts";
import { type DevSite, createDevSite } from "./dev-site.ts";
import { type LocalForms, openLocalForms } from "./local-forms.ts";

export interface DevEvent {
  /** "built": the site is ready to serve; "failed": it is not; "links": a served page has broken links. */
  type: "built" | "failed" | "links";
  ms: number;
  message?: string;
  changed?: string[];
  /** What the change made stale and was done again; content is always re-read (it is cheap). */
  redone: Array<"definition" | "templates" | "assets">;
}

export interface DevOptions extends BuildOptions {
  port?: number;
  onEvent?: (event: DevEvent) => void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the dev server; the first build's result (or error) is served at once. */
export async function startDev(options: DevOptions): Promise<DevServer> {
  const paths = resolvePaths(options);
  // Between builds the dev server keeps parsed files, rendered markdown and valid entries, and reads
  // again only the files its watcher saw change: a save is served in milliseconds at any size.
  // The last build's parsed files and rendered markdown (if any) make the first start quick too.
  // Markdown is rendered when a page reads it, so a site of any size is served at once.
  const cache: BuildCache = { memo: new WeakMap(), state: loadBuildState(paths.root, paths.outDir), lazyMarkdown: true };
  let unread = new Set<string>();
  let lastEntries: Map<string, SourceEntry> | undefined;
  const clients = new Set<ServerResponse>();
  let served: DevSite | undefined;
  let base = "/";
  let failure: string | undefined;
  let forms: LocalForms | undefined;
  let formsKey = "";

  const send = (event: string, data: string) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let redone = new Set<DevEvent["redone"][number]>();
  const build = async (changed: string[]) => {
    const started = performance.now();
    const steps = [...redone];
    redone = new Set();
    const reading = unread;
    unread = new Set();
    const changedContent = [...reading].map((file) => path.relative(paths.contentDir, file).split(path.sep).join("/"));
    cache.reuse = lastEntries && { entries: lastEntries, changed: new Set(changedContent) };
    try {
      // Nothing is rendered here: pages are rendered when they are asked for.
      const site = await prepareSite({ drafts: true, ...options }, cache);
      lastEntries = new Map(site.raw.entries.map((entry) => [entry.file, entry]));
      // Forgetting what no file needs any more costs a pass over the site: done once it adds up.
      if (cache.state!.parsed.size > site.raw.entries.length * 1.25 + 64) pruneState(cache.state!, site.raw, site.config.base);
      served = createDevSite(site, (problems) => {
        const message = problems.map((e) => formatError(e)).join("\n\n");
        options.onEvent?.({ type: "links", ms: 0, message, redone: [] });
      });
      base = site.config.base;
      // The receivers follow the definition: reopened only when the forms or the base path change.
      const key = JSON.stringify([base, site.site.forms]);
      if (key !== formsKey) [forms, formsKey] = [await openLocalForms(paths.root, site.site.forms, base), key];
      failure = undefined;
      options.onEvent?.({ type: "built", ms: performance.now() - started, changed, redone: steps });
      send("reload", "");
    } catch (error) {
      // What this build was to read is read again by the next one.
      for (const file of reading) unread.add(file);
      const known = errorsOf(error);
      failure = known.length ? known.map((e) => formatError(e)).join("\n\n") : String((error as Error)?.stack ?? error);
      options.onEvent?.({ type: "failed", ms: performance.now() - started, message: failure, changed, redone: steps });
      send("failure", failure);
    }
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
  await rebuild();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === DEV_EVENTS_PATH) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
      res.write(failure ? `event: failure\ndata: ${JSON.stringify(failure)}\n\n` : ": connected\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    if (url.pathname === DEV_CLIENT_PATH) return void res.writeHead(200, { "content-type": contentType(".js") }).end(DEV_CLIENT);
    if (forms?.handle(url.pathname, req, res)) return;
    let found: ReturnType<DevSite["get"]>;
    try {
      found = served?.get(url.pathname) ?? (failure ? { status: 200, file: "failed.html", body: FAILED_PAGE } : undefined);
    } catch (error) {
      // A template that throws while rendering this page: the terminal and the overlay say why.
      const message = errorsOf(error).map((e) => formatError(e)).join("\n\n") || String((error as Error)?.stack ?? error);
      options.onEvent?.({ type: "failed", ms: 0, message, redone: [] });
      send("failure", message);
      found = { status: 500, file: "failed.html", body: FAILED_PAGE };
    }
    if (!found) return void res.writeHead(404).end("Not found");
    const type = contentType(path.extname(found.file));
    const payload = type.startsWith("text/html") ? withDevClient(found.body) : found.body;
    res.writeHead(found.status, { "content-type": type, "cache-control": "no-store" }).end(payload);
  });

  const onChange = (changed: string[]) => {
    for (const file of changed) {
      unread.add(file);
      const stale = invalidate(cache, paths, file);
      if (stale) redone.add(stale);
      // A new definition may read every file differently: start afresh.
      if (stale === "definition") [cache.memo, lastEntries] = [new WeakMap(), undefined];
    }
    void rebuild(changed);
  };
  const watchers = [paths.contentDir, paths.templatesDir].map((dir) => watchTree(dir, onChange));
  watchers.push(watchFile(path.join(paths.root, DEFINITION_FILE), onChange));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4321, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: async () => {
      watchers.forEach((w) => w.close());
      clients.forEach((c) => c.end());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Drops the cached step a change makes stale: the definition (and the templates, which may import it),
 * scripts and styles the assets, other templates the compile. Content is always re-read.
 */
function invalidate(cache: BuildCache, paths: SitePaths, file: string): "definition" | "templates" | "assets" | undefined {
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

/** Watches one file (the site definition) and reports it changed. */
function watchFile(file: string, onChange: (files: string[]) => void): FSWatcher {
  return watch(path.dirname(file), (_event, name) => {
    if (name?.toString() === path.basename(file)) onChange([file]);
  });
}

/** Watches a folder tree and reports the files changed in a burst of events (debounced). */
function watchTree(dir: string, onChange: (files: string[]) => void): FSWatcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  return watch(dir, { recursive: true }, (_event, name) => {
    if (name) pending.add(path.join(dir, name.toString()));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = [...pending];
      pending = new Set();
      onChange(changed);
    }, 30);
  });
}
