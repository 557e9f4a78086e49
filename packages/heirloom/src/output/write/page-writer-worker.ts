// The page writer's worker thread (page-writer-threads.ts): takes batches of pages (one string each), writes each
// into the staging folder (or none: measured only) and answers with their records (bytes, gzipped bytes, SHA-256,
// links, fragments, ids).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";
import { pageLinks, pageUses } from "../links/index.ts";
import type { PageRecord } from "./page-record.ts";
import type { FileState } from "./staging.ts";

/** One page of a batch: its file, its length in the batch's string, and what the seed's file there held. */
export interface BatchPage {
  outFile: string;
  length: number;
  recorded?: FileState | "unknown";
}

const { dir, folders } = workerData as { dir?: string; folders: string[] };
// The staging folder and the folders it has exist; others are made once each, parents first.
const made = new Set<string>(dir ? [dir, ...folders.map((f) => path.join(dir, f))] : []);

parentPort!.on("message", ({ first, pages, html: joined }: { first: number; pages: BatchPage[]; html: string }) => {
  let offset = 0;
  const records = pages.map((page) => writePage(page, joined.slice(offset, (offset += page.length))));
  parentPort!.postMessage({ first, done: records });
});

/** Writes and measures one page. */
function writePage({ outFile, recorded }: BatchPage, html: string): PageRecord {
  const bytes = Buffer.from(html);
  const sha256 = crypto.hash("sha256", bytes);
  const file = dir && path.join(dir, outFile);
  let mtimeMs = 0;
  let kept = false;
  if (file && recorded !== undefined) {
    // A file of the seed (the previous site) is kept if it holds these bytes: its record says so and its size
    // and time still match, or reading it shows it.
    const stat = fs.statSync(file);
    const vouched =
      recorded !== "unknown" &&
      recorded.sha256 === sha256 &&
      recorded.size === stat.size &&
      recorded.mtimeMs === stat.mtimeMs;
    kept = vouched || (stat.size === bytes.length && fs.readFileSync(file).equals(bytes));
    if (kept) mtimeMs = stat.mtimeMs;
  }
  if (file && !kept) {
    // Overwriting a file the staging folder already has is much cheaper than creating one.
    makeFolder(path.dirname(file));
    fs.writeFileSync(file, bytes);
    const stat = fs.statSync(file);
    // The same modes whatever the umask: a site built twice has the same files.
    if ((stat.mode & 0o777) !== 0o644) fs.chmodSync(file, 0o644);
    mtimeMs = stat.mtimeMs;
  }
  const found = pageLinks(html, file === undefined);
  return {
    mtimeMs,
    outFile,
    bytes: bytes.length,
    gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
    sha256,
    links: found.links,
    fragments: found.fragments,
    ids: found.ids?.join("\n"),
    ...withUses(pageUses(html)),
  };
}

/** The uses a record keeps: none when the page has none (most pages of most sites). */
function withUses(uses: string): { uses?: string } {
  return uses ? { uses } : {};
}

/** A folder and its missing parents, each with the mode 755 whatever the umask; a plain mkdir, remembered. */
function makeFolder(folder: string): void {
  if (made.has(folder)) return;
  makeFolder(path.dirname(folder));
  try {
    fs.mkdirSync(folder);
    fs.chmodSync(folder, 0o755);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  made.add(folder);
}
