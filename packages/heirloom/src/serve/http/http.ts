// The request handling `preview` and `dev` share: every request target is parsed without throwing, one
// that cannot name a file gets its status (400, 404, 405, 414), a failure answers 500, and no answer
// shows a path of this machine. No request, however malformed, ends either server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PortsInUse } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";
import { type HostPolicy, isAllowedHost, refusalText } from "./allowed-hosts.ts";
import { checkListenHost, hostFailure } from "./listen-host.ts";
import type { LocalForms } from "../forms/index.ts";

/** Longer request targets are answered 414; Node answers 431 itself past its 16 KB header limit. */
export const MAX_TARGET_LENGTH = 4096;

/** A request target that can be served: the path as sent (still percent-encoded), decoded, and the query. */
export interface Target {
  pathname: string;
  decoded: string;
  search: string;
}

/**
 * Parses a request target as HTTP defines it: a path ("/x?y"), or an absolute http(s) URL. Anything else,
 * a percent-encoding that is not UTF-8, or a NUL byte is a 400; an over-long target a 414. A path with a
 * ".." segment names no file of the site: it is a 404, like any other missing file.
 */
export function parseTarget(raw = "/"): Target | { status: 400 | 404 | 414 } {
  if (raw.length > MAX_TARGET_LENGTH) return { status: 414 };
  let rest = raw;
  if (!raw.startsWith("/")) {
    const url = URL.canParse(raw) ? new URL(raw) : undefined;
    if (!url || !/^https?:$/.test(url.protocol)) return { status: 400 };
    rest = url.pathname + url.search;
  }
  const end = rest.search(/[?#]/);
  const pathname = end < 0 ? rest : rest.slice(0, end);
  const search = end < 0 ? "" : rest.slice(end).replace(/#.*$/, "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400 };
  }
  if (decoded.includes("\0")) return { status: 400 };
  if (decoded.split(/[/\\]/).includes("..")) return { status: 404 };
  return { pathname, decoded, search };
}

const REASONS: Record<number, string> = {
  400: "Bad request: the address cannot be read.",
  404: "Not found.",
  405: "Method not allowed: this address answers GET and HEAD.",
  414: "The address is too long.",
  500: "The server could not answer this request; its terminal says why.",
};

/** A short plain-text answer that names nothing of this machine. */
export function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}, text?: string): void {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-security-policy": "default-src 'none'",
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text ?? `${REASONS[status] ?? "Error."}\n`);
}

export interface SiteHandler {
  /** The hosts a request may name (see allowed-hosts.ts); others are answered 403. */
  hosts(): HostPolicy;
  /** The forms' local receivers: they answer their own paths, POST included. */
  forms(): LocalForms | undefined;
  /** Answers a GET or HEAD request for anything else; may throw or reject. */
  serve(req: IncomingMessage, res: ServerResponse, target: Target): void | Promise<void>;
  /** Told about a failure while answering (for the terminal); the visitor gets a plain 500. */
  onError(error: unknown): void;
}

/** A server for a site: the host checked first, then the target, the forms, GET and HEAD only, then `serve`. */
export function createSiteServer(handler: SiteHandler): Server {
  return createServer((req, res) => {
    const fail = (error: unknown) => {
      handler.onError(error);
      if (!res.headersSent) answer(res, 500);
      else res.destroy();
    };
    try {
      const host = foreignHost(req, handler.hosts());
      if (host !== undefined) return answer(res, 403, {}, refusalText(host));
      const target = parseTarget(req.url);
      if ("status" in target) return answer(res, target.status);
      if (handler.forms()?.handle(target.pathname, req, res)) return;
      if (req.method !== "GET" && req.method !== "HEAD") return answer(res, 405, { allow: "GET, HEAD" });
      Promise.resolve(handler.serve(req, res, target)).catch(fail);
    } catch (error) {
      fail(error);
    }
  });
}

/** The host a request names that is not the server's: its Host header's, or an absolute target's authority. */
function foreignHost(req: IncomingMessage, policy: HostPolicy): string | undefined {
  const { host } = req.headers;
  if (!isAllowedHost(host, policy)) return host;
  const url = req.url?.startsWith("/") === false && URL.canParse(req.url) ? new URL(req.url) : undefined;
  return url && !isAllowedHost(url.host, policy) ? url.host : undefined;
}

/** How many ports from the asked one are tried before giving up. */
export const PORT_TRIES = 10;

/**
 * Listens on `port`, or, when another program holds it, on the next free one of the nine after it (as Vite
 * and Astro do); port 0 takes any free port. Returns the port and the busy ones it passed. A host that is not
 * an address or a name, or not this machine's, is the catalogue's error.
 */
export async function listen(server: Server, port: number, host: string): Promise<{ port: number; busy: number[] }> {
  checkListenHost(host);
  const busy: number[] = [];
  for (let candidate = port; ; candidate++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(candidate, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      return { port: (server.address() as AddressInfo).port, busy };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || port === 0) throw hostFailure(error, host) ?? error;
      busy.push(candidate);
      if (busy.length === PORT_TRIES || candidate === 65535) {
        throw errorFrom(PortsInUse, { from: port, to: candidate, host });
      }
    }
  }
}
