// The walk of a folder tree that both the content loader and the dev server's watcher take, so that both
// see the same files: symbolic links followed, each folder once, dot-files skipped.
import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Every file under a folder (symbolic links followed, each folder once; dot-files skipped), sorted;
 * `onFolder` is told each folder (absolute) as it is reached, the folder itself first.
 */
export async function listTree(dir: string, onFolder?: (folder: string) => void): Promise<string[]> {
  const files: string[] = [];
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
      const info = isLink ? await stat(child).catch(() => undefined) : dirent;
      if (info?.isDirectory()) await walk(child, rel);
      else if (info?.isFile()) files.push(rel);
      else if (isLink) files.push(rel); // a link to nothing: reading it reports the problem
    }
  };
  await walk(dir, "");
  return files.sort();
}
