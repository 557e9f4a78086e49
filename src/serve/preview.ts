// `heirloom preview`: serves the built folder as a static host would (404.html with status 404) plus the
// local receivers of the site's forms.
import type { Server } from "node:http";
import { readFile } from "node:fs/promises";
import handler from "serve-handler";
import { normalizeBase } from "../config/options.ts";
import { createSiteServer, listen } from "./http.ts";
import { type LocalFormEvents, type LocalForm, openLocalForms } from "./local-forms.ts";

export interface PreviewOptions {
  outDir: string;
  /** The project root: form entries are kept in its .heirloom/ folder. */
  root: string;
  /** The site's forms, answered at their local paths. */
  forms: LocalForm[];
  port?: number;
  base?: string;
  events?: LocalFormEvents;
  /** Told when a request could not be answered (the visitor gets a plain 500). */
  onError?: (error: unknown) => void;
}

export interface PreviewServer {
  server: Server;
  url: string;
  /** Ports that were in use before the one it listens on. */
  busyPorts: number[];
  /** Where each form's entries are kept. */
  formFiles: string[];
  close(): Promise<void>;
}

/** Starts the preview server on 127.0.0.1; port 0 picks a free one. */
export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const base = normalizeBase(options.base ?? "/");
  const forms = await openLocalForms(options.root, options.forms, base, options.events);
  // The headers a real host would send, from the serve.json the build wrote.
  const hostConfig = await readJson(`${options.outDir}/serve.json`);
  const serveOptions = { ...hostConfig, public: options.outDir, cleanUrls: true, etag: true, directoryListing: false };
  const server = createSiteServer({
    forms: () => forms,
    serve: (req, res, { pathname, search }) => {
      // Mount the output at the base path; anything outside it is a missing page.
      const inside = pathname.startsWith(base) || `${pathname}/` === base;
      req.url = inside ? `/${pathname.slice(base.length)}${search}` : "/404-outside-base";
      return handler(req, res, serveOptions);
    },
    onError: (error) => options.onError?.(error),
  });
  const { port, busy } = await listen(server, options.port ?? 4173, "127.0.0.1");
  return {
    server,
    url: `http://127.0.0.1:${port}${base}`,
    busyPorts: busy,
    formFiles: forms.files,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}
