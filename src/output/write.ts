// Write stage: the only place that writes dist/. Writes a sibling folder, then swaps it in.
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { OutputFile } from "../assets/bundle.ts";
import { HeirloomError } from "../errors.ts";

/**
 * Writes every file into `<out>.tmp-<pid>`, then replaces `out` with it by renames, so a failed or
 * killed build leaves the previous site untouched.
 */
export async function writeSite(outDir: string, files: OutputFile[]): Promise<void> {
  const staging = `${outDir}.tmp-${process.pid}`;
  const retired = `${outDir}.old-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const dirs = new Set(files.map((f) => path.dirname(path.join(staging, f.path))));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    await Promise.all(files.map((f) => writeFile(path.join(staging, f.path), f.contents)));
    await setModes(staging);
    const hadOld = existsSync(outDir);
    if (hadOld) await rename(outDir, retired);
    await rename(staging, outDir);
    if (hadOld) await rm(retired, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  await removeLeftovers(outDir);
}

/**
 * Files rw-r--r--, folders rwxr-xr-x, whatever the umask: the published folder is the same on every machine,
 * and readable by the web server that serves it.
 */
async function setModes(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await chmod(dir, 0o755);
  await Promise.all(entries.map((e) => chmod(path.join(e.parentPath, e.name), e.isDirectory() ? 0o755 : 0o644)));
}

/**
 * The swap is two renames; a build killed between them leaves the old site under `<out>.old-<pid>` and no
 * `<out>`. The next build puts it back first, so even a failing next build leaves the old site in place.
 */
export async function recoverInterrupted(outDir: string): Promise<void> {
  if (existsSync(outDir) || !existsSync(path.dirname(outDir))) return;
  const prefix = `${path.basename(outDir)}.old-`;
  const retired = (await readdir(path.dirname(outDir))).filter((n) => n.startsWith(prefix) && !isAlive(Number(n.slice(prefix.length))));
  if (retired.length === 1) await rename(path.join(path.dirname(outDir), retired[0]), outDir);
}

/** Staging folders of builds that were killed part-way. */
async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}.`;
  for (const name of await readdir(parent)) {
    if (name.startsWith(prefix) && /\.(tmp|old)-\d+$/.test(name) && !isAlive(Number(name.split("-").pop()))) {
      await rm(path.join(parent, name), { recursive: true, force: true });
    }
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
 * root, or a non-empty folder that does not look like an earlier build (unless forced).
 */
export async function checkOutDir(outDir: string, root: string, force: boolean): Promise<void> {
  const out = path.resolve(outDir);
  const protectedDirs = ["", "content", "templates", "src", "bin", "tests", "node_modules", ".git"].map((d) => path.resolve(root, d));
  const never = [path.parse(out).root, os.homedir(), ...protectedDirs];
  const refuse = (why: string, hint: string) => new HeirloomError("OutputDirError", `Refusing to write the site to ${out}: ${why}`, { hint });
  if (never.includes(out) || path.relative(out, root) === "" || !path.relative(out, root).startsWith("..")) {
    throw refuse("the build replaces this folder, and it holds things that are not build output.", "choose a folder of its own, such as dist.");
  }
  if (force || !existsSync(out)) return;
  const names = await readdir(out);
  if (names.length > 0 && !BUILD_MARKERS.every((m) => names.includes(m))) {
    throw refuse("it is not empty and does not look like an earlier build (no index.html and 404.html).", "choose an empty or new folder, or pass --force to replace it.");
  }
}
