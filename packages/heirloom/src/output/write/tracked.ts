// Files git tracks inside the output folder: a swap that would delete one is refused, even with --force
// (GitHub Pages sites published from docs/ share that folder with the project's own documents).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { TrackedFilesInOutput } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";

/** How many of the files are named in the message. */
const NAMED = 5;

/**
 * The files git tracks in `outDir` (relative to it, with forward slashes), listed by git in a process of its
 * own while the build goes on (its answer takes longer as the site grows). A folder outside a
 * repository, or a machine without git, has none.
 */
export function listTracked(outDir: string): Promise<string[]> {
  if (!existsSync(outDir)) return Promise.resolve([]);
  return new Promise((resolve) => {
    const args = ["-C", outDir, "ls-files", "-z", "--", "."];
    execFile("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (error, listing) =>
      resolve(error ? [] : listing.split("\0").filter((file) => file !== "")),
    );
  });
}

/** Throws when git tracks files in `outDir` that the new site does not hold: replacing the folder would delete them. */
export function refuseTrackedLosses(outDir: string, tracked: string[], published: ReadonlyMap<string, unknown>): void {
  const lost = tracked.filter((file) => !published.has(file));
  if (lost.length === 0) return;
  const named = lost.slice(0, NAMED).join(", ") + (lost.length > NAMED ? ` and ${lost.length - NAMED} more` : "");
  throw errorFrom(TrackedFilesInOutput, { outDir, files: named });
}
