// The walk of a folder tree that both the content loader and the dev server's watcher take, so that both
// see the same files: symbolic links followed, each folder once, dot-files skipped. What is neither a file
// nor a folder (a loop of links, a named pipe, a socket, a device) is listed apart: the loader names it as a
// problem, and nothing ever opens it (reading a pipe would wait for a writer for good). So is a link that leads out
// of the site's folder, which is never followed.
import type { Dirent, Stats } from "node:fs";
import { readdir, readlink, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isInside } from "../../compile/site-folder.ts";

export interface Listing {
  /** Files and links to files (or to nothing: reading them reports it), relative to the folder, sorted. */
  files: string[];
  /** Everything else, relative to the folder, sorted. */
  others: OtherFile[];
  /** Links that lead out of the site's folder (relative to the folder; "" for itself), with their targets. */
  outside: Array<{ file: string; target: string }>;
}

export interface OtherFile {
  file: string;
  kind: "a loop of symbolic links" | "a named pipe (FIFO)" | "a socket" | "a device file";
}

/**
 * Every file under a folder (symbolic links followed, each folder once; dot-files skipped), sorted;
 * `onFolder` is told each folder (absolute) as it is reached, the folder itself first. Given the site's folder
 * (`root`), a link that leads out of it is listed in `outside` and not followed.
 */
export async function listTree(dir: string, onFolder?: (folder: string) => void, root?: string): Promise<Listing> {
  const files: string[] = [];
  const others: OtherFile[] = [];
  const outside: Listing["outside"] = [];
  const seen = new Set<string>();
  const top = root === undefined ? undefined : await realpath(root);
  const leaves = async (file: string, real: string, relative: string) => {
    if (top === undefined || isInside(top, real)) return false;
    outside.push({ file: relative, target: await readlink(file).catch(() => real) });
    return true;
  };
  const walk = async (absolute: string, relative: string): Promise<void> => {
    const real = await realpath(absolute);
    if (seen.has(real) || (await leaves(absolute, real, relative))) return;
    seen.add(real);
    onFolder?.(absolute);
    for (const dirent of await readdir(absolute, { withFileTypes: true })) {
      if (dirent.name.startsWith(".")) continue;
      const child = path.join(absolute, dirent.name);
      const rel = relative ? `${relative}/${dirent.name}` : dirent.name;
      const isLink = dirent.isSymbolicLink();
      const info = isLink ? await stat(child).catch((error: NodeJS.ErrnoException) => error) : dirent;
      if (isLink && !(info instanceof Error) && info.isFile() && (await leaves(child, await realpath(child), rel))) {
        continue;
      }
      if (info instanceof Error) {
        if (info.code === "ELOOP") others.push({ file: rel, kind: "a loop of symbolic links" });
        else files.push(rel); // a link to nothing: reading it reports the problem
      } else if (info.isDirectory()) await walk(child, rel);
      else if (info.isFile()) files.push(rel);
      else others.push({ file: rel, kind: kindOf(info) });
    }
  };
  await walk(dir, "");
  const byFile = <T extends { file: string }>(a: T, b: T) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return { files: files.sort(), others: others.sort(byFile), outside: outside.sort(byFile) };
}

function kindOf(info: Dirent | Stats): OtherFile["kind"] {
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  return "a device file";
}
