// The output folder around a build: what a build killed mid-swap left is put back, what killed builds left
// behind is removed, and folders a build must never replace are refused. (The staging folder is staging.ts.)
import { existsSync } from "node:fs";
import { readdir, realpath, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { OutputNotABuild, ProtectedOutput } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";

/**
 * The swap is two renames; a build killed between them leaves the old site under `<out>.old-<pid>` and no
 * `<out>`. The next build puts it back first, so even a failing next build leaves the old site in place.
 */
export async function recoverInterrupted(outDir: string): Promise<void> {
  if (existsSync(outDir) || !existsSync(path.dirname(outDir))) return;
  const prefix = `${path.basename(outDir)}.old-`;
  const retired = (await readdir(path.dirname(outDir))).filter(
    (n) => n.startsWith(prefix) && !isAlive(Number(n.slice(prefix.length))),
  );
  if (retired.length === 1) await rename(path.join(path.dirname(outDir), retired[0]), outDir);
}

/** Staging folders of builds that were killed part-way. */
export async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}.`;
  for (const name of await readdir(parent)) {
    if (!name.startsWith(prefix) || !/\.(tmp|old)-\d+$/.test(name) || isAlive(Number(name.split("-").pop()))) continue;
    await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Files a build always writes; a folder holding both looks like an earlier build output. */
const BUILD_MARKERS = ["404.html", "index.html"];

/**
 * Refuses output folders a build must never replace: the project, its sources, home, the file system
 * root, or a non-empty folder that does not look like an earlier build (unless forced). Real paths are
 * compared, so no symbolic link on the way can make a protected folder look like another one.
 */
export async function checkOutDir(outDir: string, root: string, force: boolean): Promise<void> {
  const out = path.resolve(outDir);
  const [realOut, realRoot] = await Promise.all([realPathOf(out), realPathOf(root)]);
  const protectedDirs = ["content", "templates", "src", "bin", "tests", "node_modules", ".git"].map((d) =>
    realPathOf(path.join(realRoot, d)),
  );
  const never = [path.parse(realOut).root, await realPathOf(os.homedir()), ...(await Promise.all(protectedDirs))];
  // The project itself, or any folder that holds it, is refused as well.
  if (never.includes(realOut) || holds(realOut, realRoot)) {
    throw errorFrom(ProtectedOutput, { out });
  }
  if (force || !existsSync(out)) return;
  const names = await readdir(out);
  if (names.length > 0 && !BUILD_MARKERS.every((m) => names.includes(m))) {
    throw errorFrom(OutputNotABuild, { out });
  }
}

/** Whether `folder` is `inner` or one of its ancestors. */
function holds(folder: string, inner: string): boolean {
  const relative = path.relative(folder, inner);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** The real path of a folder that may not exist yet: its nearest existing ancestor resolved, the rest kept. */
async function realPathOf(folder: string): Promise<string> {
  const rest: string[] = [];
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    try {
      return path.join(await realpath(at), ...rest.reverse());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || at === path.dirname(at)) throw error;
      rest.push(path.basename(at));
    }
  }
}
