// A path as the user would type it in the folder the command runs in: relative below it, absolute elsewhere.
import path from "node:path";

/** "my-site" below the current folder, "/tmp/x/my-site" elsewhere, "." for the folder itself. */
export function shownPath(target: string, from = process.cwd()): string {
  const relative = path.relative(from, target) || ".";
  return relative.startsWith("..") || path.isAbsolute(relative) ? target : relative;
}
