// The output folder around a build: what a build killed mid-swap left is put back, what killed builds left
// behind is removed, and folders a build must never replace, nor preview serve, are refused, as is a file. (The
// staging folder is staging.ts; the lock of its builds, output-lock.ts.)
import { existsSync } from "node:fs";
import { readdir, realpath, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { OutputNotABuild, OutputNotAFolder, ProtectedOutput } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";
import type { SitePaths } from "../../config/options.ts";

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

/** The folders checkOutDir needs: the site's own ones and the output folder. */
export type OutDirPaths = Pick<SitePaths, "root" | "contentDir" | "templatesDir" | "outDir" | "cacheDir">;

/**
 * Refuses an output folder a build must never replace, or preview serve: one of the site's own folders
 * (guardedFolders), a folder inside one or holding one; and, for a build not forced, a non-empty folder
 * that does not look like an earlier build. Real paths are compared, so no symbolic link or `..` on the way
 * can make a guarded folder look like another one.
 */
export async function checkOutDir(paths: OutDirPaths, use: { force?: boolean; serving?: boolean } = {}) {
  const out = path.resolve(paths.outDir);
  const serving = use.serving ?? false;
  const blocking = await fileInTheWay(out);
  if (blocking) throw errorFrom(OutputNotAFolder, { out, ...blocking, serving }, { location: { file: blocking.file } });
  const clash = await clashingFolder(out, paths);
  if (clash) throw errorFrom(ProtectedOutput, { out, ...clash, serving });
  if (use.serving || use.force || !existsSync(out)) return;
  const names = await readdir(out);
  if (names.length > 0 && !BUILD_MARKERS.every((m) => names.includes(m))) {
    throw errorFrom(OutputNotABuild, { out });
  }
}

/**
 * The output folder, or the nearest of its parents that exists, when it is not a folder (a link followed): a
 * `.env` or `site.config.ts` given as --out would be replaced by the site with --force.
 */
async function fileInTheWay(out: string): Promise<{ file: string; kind: string } | undefined> {
  for (let at = out; ; at = path.dirname(at)) {
    const stats = await stat(at).catch((error: NodeJS.ErrnoException) => {
      // Nothing there (or a parent is a file, found on the way up): look at the parent.
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
      throw error;
    });
    if (stats?.isDirectory()) return undefined;
    if (stats) return { file: at, kind: stats.isFile() ? "a file" : stats.isFIFO() ? "a named pipe" : "a device" };
    if (at === path.dirname(at)) return undefined;
  }
}

/**
 * A folder the output may not be; "within": nor be inside it or hold it; "around": nor hold it (the site's
 * own folder, which the output folder is usually inside).
 */
interface GuardedFolder {
  dir: string;
  name: string;
  reach: "equal" | "within" | "around";
}

/** The site's folder, first, and the folders whose files a build must never delete, nor preview serve. */
function guardedFolders(out: string, paths: OutDirPaths): GuardedFolder[] {
  const { root } = paths;
  const within = (dir: string, name: string) => ({ dir, name, reach: "within" as const });
  const equal = (dir: string, name: string) => ({ dir, name, reach: "equal" as const });
  return [
    { dir: root, name: "the site's folder", reach: "around" },
    within(path.join(root, ".heirloom"), "the site's .heirloom folder (form entries, the previous site, caches)"),
    within(path.join(path.dirname(out), ".heirloom"), "the .heirloom folder where the site before this one is kept"),
    within(paths.contentDir, "the site's content folder"),
    within(paths.templatesDir, "the site's templates folder"),
    within(path.join(root, "node_modules"), "the site's node_modules folder"),
    within(paths.cacheDir, "the site's cache"),
    within(path.join(root, ".git"), "git's folder"),
    ...["src", "bin", "tests"].map((name) => equal(path.join(root, name), `the project's ${name} folder`)),
    equal(os.homedir(), "your home folder"),
    equal(path.parse(out).root, "the file system's root"),
  ];
}

/** The first guarded folder the output folder is, is inside or holds, and how; undefined when none. */
async function clashingFolder(out: string, paths: OutDirPaths) {
  const guarded = guardedFolders(out, paths);
  const [realOut, ...reals] = await Promise.all([out, ...guarded.map((g) => g.dir)].map(realPathOf));
  for (const [i, { dir, name, reach }] of guarded.entries()) {
    const relation = relationOf(realOut, reals[i], reach);
    if (!relation) continue;
    // The folder's path, unless the output was named by that very path.
    return { relation, folder: relation === "is" && path.resolve(dir) === out ? name : `${name}, ${dir}` };
  }
  return undefined;
}

function relationOf(out: string, guarded: string, reach: GuardedFolder["reach"]) {
  if (out === guarded) return "is";
  if (reach !== "equal" && holds(out, guarded)) return "holds";
  if (reach === "within" && holds(guarded, out)) return "is inside";
  return undefined;
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
