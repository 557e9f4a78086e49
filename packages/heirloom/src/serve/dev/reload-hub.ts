// The dev server's live connection to open pages: one server-sent event stream per page, told to reload after
// a build, or what failed, what the type check found and the site's broken links (the overlay). A page that
// connects is told at once.
// A page's own failure to render is told to the pages open at its path only.
import type { IncomingMessage, ServerResponse } from "node:http";

export interface ReloadHub {
  /** Sends an event to every open page, or to those open at `page` (a path); `id` is the build's number. */
  send(event: "reload" | "failure" | "types" | "links", data: string, id: number, page?: string): void;
  /** Takes the stream's request of a page open at `now.page` and tells it what stands now. */
  connect(
    req: IncomingMessage,
    res: ServerResponse,
    now: { build: number; failure?: string; types?: string; links?: string; page: string },
  ): void;
  close(): void;
}

export function createReloadHub(): ReloadHub {
  const clients = new Map<ServerResponse, string>();
  const frame = (event: string, data: string, id: number) =>
    `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  return {
    send(event, data, id, page) {
      for (const [client, at] of clients) if (page === undefined || page === at) client.write(frame(event, data, id));
    },
    connect(req, res, { build, failure, types, links, page }) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
      res.write(failure ? frame("failure", failure, build) : ": connected\n\n");
      if (types) res.write(frame("types", types, build));
      if (links) res.write(frame("links", links, build));
      clients.set(res, page);
      req.on("close", () => clients.delete(res));
    },
    close() {
      for (const client of clients.keys()) client.end();
    },
  };
}
