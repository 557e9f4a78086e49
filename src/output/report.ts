// Report stage: the summary a person reads at a glance after a build.
import path from "node:path";

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
}

/** The route table plus "Wrote N files to dist in 0.12 s (sizes gzipped); site hash 3f2a…"; plain text unless color is set. */
export function formatReport(summary: BuildSummary, options: { color?: boolean; cwd?: string } = {}): string {
  const bold = (s: string) => (options.color ? `\x1b[1m${s}\x1b[0m` : s);
  const dim = (s: string) => (options.color ? `\x1b[2m${s}\x1b[0m` : s);
  const header = ["Route", "File", "HTML (gz)", "JS (gz)", "CSS (gz)"];
  const rows = summary.routes.map((r) => [r.route, r.file, formatBytes(r.htmlBytes), formatBytes(r.jsBytes), formatBytes(r.cssBytes)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  const out = path.relative(options.cwd ?? process.cwd(), summary.outDir) || ".";
  const seconds = (summary.durationMs / 1000).toFixed(2);
  return [
    bold(line(header)),
    ...rows.map((r) => line(r)),
    "",
    `Wrote ${summary.fileCount} files to ${out} in ${seconds} s ${dim("(sizes gzipped)")}${summary.siteHash ? `; site hash ${bold(summary.siteHash.slice(0, 16))}` : ""}`,
  ].join("\n");
}

export function formatBytes(bytes: number): string {
  if (bytes === 0) return "-";
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
