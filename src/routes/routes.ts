// Routes stage: one route per page, in directory format (/pricing -> pricing/index.html, 404 -> 404.html).
import type { Page } from "../content/schema.ts";

export interface Route {
  /** URL path without the base: "/", "/pricing", or "404" for the not-found page. */
  path: string;
  /** Output file relative to dist/. */
  outFile: string;
  page: Page;
}

/** Derives the route table from the pages, "/" first and 404 last. */
export function createRoutes(pages: Page[]): Route[] {
  return pages
    .map((page) => ({ path: page.path, outFile: outFileFor(page.path), page }))
    .sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
}

/** "/" -> index.html, "/pricing" -> pricing/index.html, "404" -> 404.html. */
export function outFileFor(path: string): string {
  if (path === "404") return "404.html";
  const name = path.replace(/^\/+|\/+$/g, "");
  return name ? `${name}/index.html` : "index.html";
}

function rank(path: string): number {
  return path === "/" ? 0 : path === "404" ? 2 : 1;
}
