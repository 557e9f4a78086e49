// A static host that answers like GitHub Pages: /x serves x.html when it exists; /x redirects to /x/ when
// only x/index.html exists; /x/ serves x/index.html; anything else is 404.html with status 404.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

export async function startStaticHost(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://host").pathname);
    const local = path.join(dir, pathname);
    const send = (status: number, file: string) => res.writeHead(status).end(readFileSync(file));
    if (pathname.endsWith("/"))
      return isFile(path.join(local, "index.html"))
        ? send(200, path.join(local, "index.html"))
        : send(404, path.join(dir, "404.html"));
    if (isFile(local)) return send(200, local);
    if (isFile(`${local}.html`)) return send(200, `${local}.html`);
    if (isFile(path.join(local, "index.html"))) return void res.writeHead(301, { location: `${pathname}/` }).end();
    send(404, path.join(dir, "404.html"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every internal URL (href, src, srcset) of every page reachable from the starts, with the status it gets. */
export async function crawl(origin: string, ...starts: string[]): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const queue = [...starts];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const response = await fetch(origin + url, { redirect: "manual" });
    seen.set(url, response.status);
    if (
      response.status !== 200 ||
      !(response.headers.get("content-type") ?? "text/html").includes("html") ||
      !/\.html$|\/$|\/[^./]*$/.test(url)
    ) {
      await response.arrayBuffer();
      continue;
    }
    const html = await response.text();
    for (const [, value] of html.matchAll(/\s(?:href|src|srcset)="([^"]+)"/g)) {
      for (const candidate of value.split(",")) {
        const link = candidate.trim().split(/\s+/)[0].replace(/&amp;/g, "&").split(/[?#]/)[0];
        if (link.startsWith("/") && !link.startsWith("//")) queue.push(link);
      }
    }
  }
  return seen;
}
