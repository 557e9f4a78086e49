// Report stage: the summary a person reads at a glance after a build.
import path from "node:path";
import type { SearchReport } from "./files/index.ts";
import { type HeldReport, heldLines } from "./held-report.ts";

export type { HeldReport };

export interface RouteReport {
  /** "/", "/pricing", or "404". */
  route: string;
  file: string;
  /** Gzipped bytes of the page's HTML. */
  htmlBytes: number;
  /** Gzipped bytes of the JavaScript the page loads (0 when none). */
  jsBytes: number;
  /** Gzipped bytes of the CSS the page loads. */
  cssBytes: number;
}

export interface BuildSummary {
  outDir: string;
  routes: RouteReport[];
  fileCount: number;
  /** The SHA-256 of the whole published site (see output/manifest.ts); the report shows its first 16 digits. */
  siteHash?: string;
  durationMs: number;
  /** Routes rendered by this build; the others were reused unchanged from the previous output. */
  rendered?: string[];
  /** Nothing changed since the previous build: its output folder was kept as it was. */
  kept?: boolean;
  /** The search index (a site with search): its size, what a first search costs, whether Pagefind ran. */
  search?: SearchReport;
  /** The drafts, scheduled and expired entries held back, and when the next scheduled one is due. */
  held?: HeldReport;
}

/** Up to this many routes, the report lists each; above it, groups of routes and the heaviest pages. */
const ROUTE_ROWS = 40;
const HEAVIEST = 5;

/**
 * The route table (or, for many routes, groups such as `/blog/*` with their median and largest size, and
 * the heaviest pages) plus "Wrote N files to dist in 0.12 s (sizes gzipped); site hash 3f2a…"; plain text unless
 * color is set.
 */
export function formatReport(summary: BuildSummary, options: { color?: boolean; cwd?: string } = {}): string {
  const bold = (s: string) => (options.color ? `\x1b[1m${s}\x1b[0m` : s);
  const dim = (s: string) => (options.color ? `\x1b[2m${s}\x1b[0m` : s);
  const out = path.relative(options.cwd ?? process.cwd(), summary.outDir) || ".";
  const seconds = (summary.durationMs / 1000).toFixed(2);
  const reused = summary.rendered ? summary.routes.length - summary.rendered.length : 0;
  const pages =
    reused > 0
      ? ` (${count(summary.routes.length)} pages: ${count(summary.routes.length - reused)} rendered, ` +
        `${count(reused)} unchanged)`
      : "";
  const files = count(summary.fileCount);
  const done = summary.kept
    ? `Nothing changed since the last build: kept ${files} files in ${out}`
    : `Wrote ${files} files${pages} to ${out}`;
  const tables = summary.routes.length <= ROUTE_ROWS ? [routeTable(summary.routes)] : groupTables(summary.routes);
  return [
    ...tables.flatMap(([header, ...rows]) => [bold(header), ...rows, ""]),
    ...(summary.search ? [searchLine(summary.search), ""] : []),
    ...(summary.held ? [...heldLines(summary.held), ""] : []),
    `${done} in ${seconds} s ${dim("(sizes gzipped)")}` +
      `${summary.siteHash ? `; site hash ${bold(summary.siteHash.slice(0, 16))}` : ""}`,
  ].join("\n");
}

function routeTable(routes: RouteReport[]): string[] {
  return table(
    ["Route", "File", "HTML (gz)", "JS (gz)", "CSS (gz)"],
    routes.map((r) => [r.route, r.file, formatBytes(r.htmlBytes), formatBytes(r.jsBytes), formatBytes(r.cssBytes)]),
    2,
  );
}

/** Routes grouped by their parent path (`/blog/*`), then the heaviest pages. */
function groupTables(routes: RouteReport[]): string[][] {
  const groups = new Map<string, RouteReport[]>();
  for (const route of routes) {
    const key = groupOf(route.route);
    const members = groups.get(key);
    if (members) members.push(route);
    else groups.set(key, [route]);
  }
  const rows = [...groups].map(([key, members]) => {
    const sizes = members.map((m) => m.htmlBytes).sort((a, b) => a - b);
    const name = members.length === 1 ? members[0].route : key;
    const [js, css] = [
      members.reduce((max, m) => Math.max(max, m.jsBytes), 0),
      members.reduce((max, m) => Math.max(max, m.cssBytes), 0),
    ];
    return [
      name,
      count(members.length),
      formatBytes(sizes[Math.floor((sizes.length - 1) / 2)]),
      formatBytes(sizes[sizes.length - 1]),
      formatBytes(js),
      formatBytes(css),
    ];
  });
  const heaviest = [...routes].sort((a, b) => b.htmlBytes - a.htmlBytes).slice(0, HEAVIEST);
  return [
    table(["Routes", "Pages", "HTML median (gz)", "HTML max (gz)", "JS (gz)", "CSS (gz)"], rows, 1),
    table(
      ["Heaviest pages", "File", "HTML (gz)"],
      heaviest.map((r) => [r.route, r.file, formatBytes(r.htmlBytes)]),
      2,
    ),
  ];
}

/**
 * "/blog/page-0001/" -> "/blog/*", "/blog/page/2/" -> "/blog/page/*", "/pricing" -> "/*", "/" and "404" as they
 * are.
 */
function groupOf(route: string): string {
  if (route === "/" || route === "404") return route;
  const trimmed = route.replace(/\/$/, "");
  return `${trimmed.slice(0, trimmed.lastIndexOf("/"))}/*`;
}

/** Aligned rows: the first `left` columns to the left, the rest (figures) to the right. */
function table(header: string[], rows: string[][], left: number): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < left ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** 10000 -> "10,000", the same in every locale. */
function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function formatBytes(bytes: number): string {
  if (bytes === 0) return "-";
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * "Search: 12 pages in 9 files (112.3 KB), indexed; a first search loads 48.2 KB, and 0.2 KB a result": the index
 * and what using it costs a visitor (the pages themselves load none of it).
 */
export function searchLine(search: SearchReport): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const how = search.indexed ? "indexed" : "no page changed, index kept";
  return (
    `Search: ${count(search.pages)} pages in ${count(search.files)} files (${kb(search.bytes)}), ${how}; ` +
    `a first search loads ${kb(search.firstSearchBytes)}, and ${kb(search.resultBytes)} a result`
  );
}
