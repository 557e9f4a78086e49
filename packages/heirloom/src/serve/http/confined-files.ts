// The file system `preview` hands serve-handler: only files whose real path is inside the output folder. A
// link that leads out of it (dist/leak -> /) and a name no file can have (a segment over 255 bytes, a loop
// of links) are missing files, so the visitor gets the site's 404 page and the terminal hears nothing.
import type { Stats } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";

/** What serve-handler asks of the file system about a path (it awaits it; its types name the callback form). */
export interface ConfinedFiles {
  lstat(file: string): Promise<Stats>;
}

/** Errors that mean "there is no such file here", answered 404. */
const NO_SUCH_FILE = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG", "ELOOP"]);

/**
 * serve-handler's file system for one request, confined to `folder`. A link inside the folder is followed:
 * it names bytes the folder already holds, as a host that uploads the folder publishes what a link points
 * to. serve-handler's own `symlinks: false` is no guard: it looks at the last segment of a path only, and
 * the system follows a link in the middle (/leak/etc/passwd), lstat too.
 */
export function confinedFiles(folder: string): ConfinedFiles {
  let top: Promise<string> | undefined;
  const isInside = async (file: string) => {
    const [real, root] = await Promise.all([realpath(file), (top ??= realpath(folder))]);
    const relative = path.relative(root, real);
    return !path.isAbsolute(relative) && relative !== ".." && !relative.startsWith(`..${path.sep}`);
  };
  return {
    // The stats of what a link points to: serve-handler never sees a link, so it never resolves one itself.
    async lstat(file) {
      try {
        if (await isInside(file)) return await stat(file);
      } catch (error) {
        if (!NO_SUCH_FILE.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
      }
      throw Object.assign(new Error("No such file in the output folder."), { code: "ENOENT" });
    },
  };
}
