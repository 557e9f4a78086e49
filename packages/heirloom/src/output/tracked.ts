// Files git tracks inside the output folder: a swap that would delete one is refused, even with --force
// (GitHub Pages sites published from docs/ share that folder with the project's own documents).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { TrackedFilesInOutput } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";

/** How many of the files are named in the message. */
const NAMED = 5;

/**
 * Throws when git tracks files in `outDir` that the new site does not hold (paths relative to `outDir`,
 * with forward slashes): replacing the folder would delete them. A folder outside a repository, or a
 * machine without git, has nothing tracked.
 */
export function refuseTrackedLosses(outDir: string, published: ReadonlyMap<string, unknown>): void {
  if (!existsSync(outDir)) return;
  let listing: string;
  try {
    listing = execFileSync("git", ["-C", outDir, "ls-files", "-z", "--", "."], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return;
  }
  const lost = listing.split("\0").filter((file) => file !== "" && !published.has(file));
  if (lost.length === 0) return;
  const named = lost.slice(0, NAMED).join(", ") + (lost.length > NAMED ? ` and ${lost.length - NAMED} more` : "");
  throw errorFrom(TrackedFilesInOutput, { outDir, files: named });
}
