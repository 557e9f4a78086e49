// The site a build replaced, kept beside the output folder (.heirloom/previous-<out>): the next build's staging
// folder starts from it, so an unchanged page is a file already there.
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";

/** Where the site before the current one is kept for the next build, beside the output folder. */
export function previousSiteDir(outDir: string): string {
  return path.join(path.dirname(outDir), ".heirloom", `previous-${path.basename(outDir)}`);
}

/** The output folder a build replaced is kept as the previous site; an older one left by a failed build goes. */
export async function keepPreviousSite(retired: string, outDir: string): Promise<boolean> {
  const previous = previousSiteDir(outDir);
  await mkdir(path.dirname(previous), { recursive: true });
  await rm(previous, { recursive: true, force: true });
  await rename(retired, previous);
  return true;
}
