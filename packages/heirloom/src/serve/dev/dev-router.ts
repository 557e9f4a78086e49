// How the dev server answers a request: the reload stream, the dev client's script, and the site as served
// now (each page rendered by the site thread when asked for) with the headers the build writes for hosts; while
// no build has succeeded, a page the dev client shows the errors over; a page that fails to render is served as
// it last rendered, or as that page when it never did, and its error is told to the pages open at its path.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { DEV_CLIENT, DEV_CLIENT_PATH, DEV_EVENTS_PATH, contentType } from "./dev-client.ts";
import { type Target, answer } from "../http/index.ts";
import { type PathHeaders, headersAt } from "../../output/files/index.ts";
import type { ReloadHub } from "./reload-hub.ts";
import type { ServedAnswer, ServedFile } from "./site-thread/index.ts";

/** What the dev server serves now; the rebuilds replace it. */
export interface ServedState {
  /** The number of the last build (0 before the first). */
  build: number;
  /** The security headers the build writes for hosts: a page that breaks the policy fails here too. */
  headers: Record<string, string>;
  /** The rules of headers.paths, and the base path their patterns are under. */
  pathHeaders?: { base: string; rules: PathHeaders[] };
  /** The last build's problems, formatted; undefined when it succeeded. */
  failure?: string;
  /** Why pages asked for since the last build could not be rendered, formatted, by path; emptied by each build. */
  pageFailures: Map<string, string>;
  /** What the type check found, formatted; empty when nothing. */
  types: string;
  /** The broken links of every page, formatted, as the last build's background check found them; empty: none. */
  links: string;
}

/** Told once per build and path that a page could not be rendered, and why (formatted). */
export type PageFailureHandler = (pathname: string, message: string) => void;

/** The site's files as the site thread answers for them (undefined: dev is stopping). */
export type SiteFiles = (pathname: string) => Promise<ServedAnswer | undefined>;

/** Answers GET and HEAD requests (forms and bad targets are answered before); a page that throws is told. */
export function devRequestHandler(
  state: ServedState,
  hub: ReloadHub,
  site: SiteFiles,
  onPageFailure: PageFailureHandler,
) {
  return async (req: IncomingMessage, res: ServerResponse, { pathname, search }: Target): Promise<void> => {
    if (pathname === DEV_EVENTS_PATH) {
      // The dev client names the page it is open on, to be told that page's own failure.
      const page = new URLSearchParams(search).get("page") ?? "";
      const failure = state.failure ?? state.pageFailures.get(page);
      const now = { build: state.build, types: state.types, links: state.links, failure, page };
      return void hub.connect(req, res, now);
    }
    if (pathname === DEV_CLIENT_PATH) {
      for (const [name, value] of Object.entries(state.headers)) res.setHeader(name, value);
      return void res.writeHead(200, { "content-type": contentType(".js") }).end(DEV_CLIENT);
    }
    const got = await site(pathname);
    if (!got) return answer(res, 503, {}, "The dev server is stopping.\n");
    // A template that throws while rendering this page: its last good render, and the terminal and overlay say why.
    if (got.failure !== undefined) onPageFailure(pathname, got.failure);
    const found =
      got.file ?? (got.failure !== undefined ? failedPage(500) : state.failure ? failedPage(200) : undefined);
    for (const [name, value] of Object.entries(headersFor(state, pathname))) res.setHeader(name, value);
    if (!found) return void res.writeHead(404).end("Not found");
    const type = contentType(path.extname(found.file));
    const payload = type.startsWith("text/html") ? withDevClient(found.body) : found.body;
    res.writeHead(found.status, { "content-type": type, "cache-control": "no-store" }).end(payload);
  };
}

/** The headers of the page at `pathname`: the site's, and those of the rules of headers.paths it matches. */
function headersFor(state: ServedState, pathname: string): Record<string, string> {
  const paths = state.pathHeaders;
  if (!paths || paths.rules.length === 0 || !pathname.startsWith(paths.base)) return state.headers;
  return headersAt(state.headers, paths.rules, `/${pathname.slice(paths.base.length)}`);
}

/** Served while no build has succeeded yet, or for a page that fails and never rendered: the errors show over it. */
const FAILED_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body>' +
  "<p>The build failed; fix the file named below and this page reloads.</p></body></html>";

const failedPage = (status: number): ServedFile => ({ status, file: "failed.html", body: FAILED_PAGE });

/** A page with the dev client's script before </body>. */
function withDevClient(body: Uint8Array | string): string {
  return Buffer.from(body).toString("utf8").replace("</body>", `<script src="${DEV_CLIENT_PATH}"></script></body>`);
}
