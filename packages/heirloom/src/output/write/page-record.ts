// What the page writer keeps of each page it writes and measures, and what a page writer does: shared by its two
// ways of working (page-writer.ts: on the threadpool; page-writer-threads.ts: in worker threads).
import type { FileState } from "./staging.ts";

/** What the build keeps of a page once it is written. */
export interface PageRecord {
  outFile: string;
  bytes: number;
  gzipBytes: number;
  sha256: string;
  /** Internal URLs of the page's href, src and srcset attributes. */
  links: string[];
  /** Its links with a #fragment. */
  fragments: string[];
  /**
   * The ids of its elements (what the fragments of links to it may name), one a line (one string is cheaper to
   * pass from a worker and to store than a list); read only for a page with a fragment of its own, or when it
   * is not written (heirloom check): another page's are read from its file when a link names it.
   */
  ids?: string;
  /**
   * What its security policy decides, one a line (see output/links/page-uses.ts); absent when nothing: the
   * site's own scripts, styles and images only.
   */
  uses?: string;
  /** The written file's modification time (0 when nothing was written). */
  mtimeMs: number;
}

export interface PageWriter {
  /**
   * Queues a page; resolves when there is room for the next one. `recorded`: what the staging folder's file
   * held when it was recorded (trusted while its size and time match), "unknown" if a file is there unrecorded.
   */
  add(outFile: string, html: string, recorded?: FileState | "unknown"): Promise<void>;
  /** Waits for every queued page; the records in the order the pages were added. */
  finish(): Promise<PageRecord[]>;
}
