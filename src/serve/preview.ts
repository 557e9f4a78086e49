// `heirloom preview`: serves dist/ as a static host would (404.html with status 404) plus the local receiver.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import path from "node:path";
import handler from "serve-handler";
import { LOCAL_WAITLIST_PATH, normalizeBase } from "../config/options.ts";
import { openWaitlistStore, receiveWaitlistPost } from "./receiver.ts";

export interface PreviewOptions {
  outDir: string;
  /** Where waitlist entries are stored (default: .heirloom/waitlist.jsonl beside the output folder). */
  waitlistFile?: string;
  port?: number;
  base?: string;
}

export interface PreviewServer {
  server: Server;
  url: string;
  waitlistFile: string;
  close(): Promise<void>;
}

/** Starts the preview server on 127.0.0.1; port 0 picks a free one. */
export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const base = normalizeBase(options.base ?? "/");
  const waitlistFile = options.waitlistFile ?? path.join(path.dirname(options.outDir), ".heirloom", "waitlist.jsonl");
  const store = await openWaitlistStore(waitlistFile);
  // The headers a real host would send, from the serve.json the build wrote.
  const hostConfig = await readJson(path.join(options.outDir, "serve.json"));
  const serveOptions = { ...hostConfig, public: options.outDir, cleanUrls: true, etag: true, directoryListing: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === base + LOCAL_WAITLIST_PATH) {
      receiveWaitlistPost(req, res, store).catch((error: unknown) => {
        res.writeHead(500).end(`Could not store the entry: ${(error as Error).message}`);
      });
      return;
    }
    // Mount dist/ at the base path; anything outside it is a missing page.
    const inside = url.pathname.startsWith(base) || `${url.pathname}/` === base;
    req.url = inside ? `/${url.pathname.slice(base.length)}${url.search}` : "/404-outside-base";
    handler(req, res, serveOptions).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4173, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}${base}`,
    waitlistFile,
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
