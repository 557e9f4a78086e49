// Which posts a form's local receiver takes: those of the server's own pages, and those of no page at all (curl),
// never another site's, so that a page open in the browser cannot fill the entries while dev or preview runs.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";

/** Answers a post from another site's page with 403 and why, in plain text; false for a post to be taken. */
export function refuseForeignPost(req: IncomingMessage, res: ServerResponse): boolean {
  const reason = foreignPostReason(req.headers);
  if (reason === undefined) return false;
  res.writeHead(403, {
    "content-type": "text/plain; charset=utf-8",
    "content-security-policy": "default-src 'none'",
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  });
  res.end(reason);
  return true;
}

/**
 * Why a post comes from a page of another origin, as the plain text of its 403; undefined for a post of the
 * server's own origin (Origin with the Host the request names) or one without Origin and Sec-Fetch-Site.
 * Another port of this machine is another origin (same-site): another server's page.
 */
function foreignPostReason(headers: IncomingHttpHeaders): string | undefined {
  const site = headers["sec-fetch-site"];
  const origin = headers.origin;
  if (site === "cross-site" || site === "same-site" || (origin !== undefined && !isOwnOrigin(origin, headers))) {
    const from = origin && origin !== "null" && origin.length <= 200 ? ` (${origin})` : "";
    return (
      `Refused: this form takes posts from this server's own pages only, and this came from another site${from}.\n` +
      "Open the page at this server's address and send the form from there.\n"
    );
  }
  return undefined;
}

function isOwnOrigin(origin: string, headers: IncomingHttpHeaders): boolean {
  // A page whose Referrer-Policy is no-referrer posts with Origin "null"; the browser still says whose page it is.
  if (origin === "null") return headers["sec-fetch-site"] === "same-origin";
  if (!URL.canParse(origin) || headers.host === undefined || !URL.canParse(`http://${headers.host}`)) return false;
  const { protocol, host } = new URL(origin);
  // https too: a tunnel or a forwarded port (Codespaces) ends TLS before this server, keeping the Host.
  return /^https?:$/.test(protocol) && host === new URL(`http://${headers.host}`).host;
}
