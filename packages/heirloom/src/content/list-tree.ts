// The walk of a folder tree that both the content loader and the dev server's watcher take, so that both
// see the same files: symbolic links followed, each folder once, dot-files skipped. What is neither a file
// nor a folder (a loop of links, a named pipe, a socket, a device) is listed apart: the loader names it as a
// problem, and nothing ever opens it (reading a pipe would wait for a writer for good).
import type { Dirent, Stats } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";

export interface Listing {
  /** Files and links to files (or to nothing: reading them reports it), relative to the folder, sorted. */
  files: string[];
  /** Everything else, relative to the folder, sorted. */
  others: OtherFile[];
}

export interface OtherFile {
  file: string;
  kind: "a loop of symbolic links" | "a named pipe (FIFO)" | "a socket" | "a device file";
}

/**
 * Every file under a folder (symbolic links followed, each folder once; dot-files skipped), sorted;
 * `onFolder` is told each folder (absolute) as it is reached, the folder itself first.
 */
export async function listTree(dir: string, onFolder?: (folder: string) => void): Promise<Listing> {
  const files: string[] = [];
  const others: OtherFile[] = [];
  const seen = new Set<string>();
  const walk = async (absolute: string, relative: string): Promise<void> => {
    const real = await realpath(absolute);
    if (seen.has(real)) return;
    seen.add(real);
    onFolder?.(absolute);
    for (const dirent of await readdir(absolute, { withFileTypes: true })) {
      if (dirent.name.startsWith(".")) continue;
      const child = path.join(absolute, dirent.name);
      const rel = relative ? `${relative}/${dirent.name}` : dirent.name;
      const isLink = dirent.isSymbolicLink();
      const info = isLink ? await stat(child).catch((error: NodeJS.ErrnoException) => error) : dirent;
      if (info instanceof Error) {
        if (info.code === "ELOOP") others.push({ file: rel, kind: "a loop of symbolic links" });
        else files.push(rel); // a link to nothing: reading it reports the problem
      } else if (info.isDirectory()) await walk(child, rel);
      else if (info.isFile()) files.push(rel);
      else others.push({ file: rel, kind: kindOf(info) });
    }
  };
  await walk(dir, "");
  return { files: files.sort(), others: others.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)) };
}

function kindOf(info: Dirent | Stats): OtherFile["kind"] {
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  return "a device file";
}
