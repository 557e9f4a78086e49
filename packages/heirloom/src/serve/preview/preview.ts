// `heirloom preview`: serves the built folder as a static host would (404.html with status 404, text compressed
// with brotli or gzip) and nothing outside it, under the base path it was built with, plus the local receivers
// of the site's forms.
import type { Server } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import handler from "serve-handler";
import { normalizeBase, resolvePaths } from "../../config/options.ts";
import { NothingToPreview } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";
import { checkOutDir } from "../../output/write/index.ts";
import { notFoundCandidates } from "../../routes/urls.ts";
import { type ConfinedFiles, confinedFiles } from "../http/index.ts";
import { type ByteRange, type CompressedFiles, compressedFiles } from "../http/index.ts";
import { EncodedBodies } from "../http/index.ts";
import { bothAllowed } from "../http/index.ts";
import { createSiteServer, listen } from "../http/index.ts";
import { type LocalFormEvents, type LocalForm, openLocalForms } from "../forms/index.ts";

/** serve-handler's file system methods: it awaits them, though its types name node:fs's callback forms. */
type Methods = Parameters<typeof handler>[3];

export interface PreviewOptions {
  outDir: string;
  /** The project root: form entries are kept in its .heirloom/ folder. */
  root: string;
  /** The site's forms, answered at their local paths. */
  forms: LocalForm[];
  port?: number;
  /** The address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface). */
  host?: string;
  /** Host names a request may name besides the server's own (--allowed-host), with the site's server.allowedHosts. */
  allowedHosts?: string[] | true;
  /** The base path to serve under; by default the one the output was built with (or /). */
  base?: string;
  events?: LocalFormEvents;
  /** Told when a request could not be answered (the visitor gets a plain 500). */
  onError?: (error: unknown) => void;
}

export interface PreviewServer {
  server: Server;
  url: string;
  /** The base path it serves under. */
  base: string;
  /** The base path the output was built with, when the output says. */
  builtBase?: string;
  /** Ports that were in use before the one it listens on. */
  busyPorts: number[];
  /** Where each form's entries are kept. */
  formFiles: string[];
  close(): Promise<void>;
}

/** Starts the preview server on 127.0.0.1 (or `host`); port 0 picks a free one. */
export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const builtBase = await readBuiltBase(options.outDir);
  const base = normalizeBase(options.base ?? builtBase ?? "/");
  const forms = await openLocalForms(options.root, options.forms, base, options.events);
  // The headers a real host would send, from the serve.json the build wrote.
  const hostConfig = await readJson(`${options.outDir}/serve.json`);
  const cleanUrls = (hostConfig.cleanUrls as boolean | string[] | undefined) ?? true;
  const serveOptions = { ...hostConfig, public: options.outDir, cleanUrls, etag: true, directoryListing: false };
  const host = options.host ?? "127.0.0.1";
  const hosts = { listen: host, allowed: bothAllowed(options.allowedHosts) };
  const onError = (error: unknown) => options.onError?.(error);
  const bodies = new EncodedBodies();
  const server = createSiteServer({
    hosts: () => hosts,
    forms: () => forms,
    serve: (req, res, { pathname, search }) => {
      // Mount the output at the base path; anything outside it is a missing page.
      const inside = pathname.startsWith(base) || `${pathname}/` === base;
      req.url = inside ? `/${pathname.slice(base.length)}${search}` : "/404-outside-base";
      // Only files inside the output folder: a link out of it, or a name too long for a file, is a 404.
      const files = { ...confinedFiles(options.outDir), ...compressedFiles(req, res, bodies, onError) };
      const local = inside ? pathname.slice(base.length) : "";
      return handler(req, res, serveOptions, nearestNotFound(options.outDir, local, files) as unknown as Methods);
    },
    onError,
  });
  const { port, busy } = await listen(server, options.port ?? 4173, host);
  return {
    server,
    url: `http://127.0.0.1:${port}${base}`,
    base,
    builtBase,
    busyPorts: busy,
    formFiles: forms.files,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * serve-handler's file system for a request at `local` (under the base), in which the output's 404.html stands for
 * the nearest not-found page (a locale's de/404.html for what is missing under /de/), as Cloudflare Pages serves it.
 */
function nearestNotFound(outDir: string, local: string, files: ConfinedFiles & CompressedFiles) {
  const root = path.join(outDir, "404.html");
  let chosen: string | undefined;
  // Each candidate as the request's confined file system sees it: a link out of the folder is no 404 page.
  const nearest = async () => {
    for (const candidate of notFoundCandidates(local).map((file) => path.join(outDir, file))) {
      if ((await files.lstat(candidate).catch(() => undefined))?.isFile()) return candidate;
    }
    return root;
  };
  return {
    lstat: async (file: string) => files.lstat(file === root ? (chosen ??= await nearest()) : file),
    createReadStream: (file: string, range?: ByteRange) =>
      files.createReadStream(file === root ? (chosen ?? root) : file, range),
  };
}

/**
 * Refuses a folder that is, holds or is inside one of the site's own folders (see checkOutDir): its form
 * entries or sources would be served. Then one with nothing to serve (missing, or holding neither index.html
 * nor 404.html): every page would be the host's bare 404. `buildCommand` is what writes it, for the hint.
 */
export async function assertServable(root: string, outDir: string, buildCommand: string): Promise<void> {
  await checkOutDir(resolvePaths({ root, outDir }), { serving: true });
  if (["index.html", "404.html"].some((page) => existsSync(path.join(outDir, page)))) return;
  const relative = path.relative(process.cwd(), outDir);
  const shown = relative.startsWith("..") || path.isAbsolute(relative) ? outDir : relative || ".";
  throw errorFrom(NothingToPreview, { shown, exists: existsSync(outDir), buildCommand }, { location: { file: shown } });
}

/**
 * The base path the output was built with. The build records it in _headers, whose rules all start with it:
 * the shortest, `<base>*`, covers the whole site. Undefined for a folder without _headers.
 */
async function readBuiltBase(outDir: string): Promise<string | undefined> {
  const headers = await readText(path.join(outDir, "_headers"));
  const rules = (headers ?? "").split("\n").filter((line) => /^\/(?:[\w\-.~]+\/)*\*$/.test(line));
  const site = rules.sort((a, b) => a.length - b.length)[0];
  return site ? normalizeBase(site.slice(0, -1)) : undefined;
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  const text = await readText(file);
  return text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/** A file's text, or undefined when there is no such file. */
async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
