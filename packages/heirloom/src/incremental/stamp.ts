// The stamp of a finished build: what it was made from (a key over the definition, templates, assets and
// settings, and every file under content/ by its size, times and inode) and what it left in the output
// folder (every file's size and time, every folder's time). When none of that changed, a build has
// nothing to do: the output folder is kept as it is, and the report is that build's.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { Manifest } from "../output/write/index.ts";
import type { RouteReport } from "../output/report.ts";
import type { SearchReport } from "../output/files/index.ts";
import type { HeldReport } from "../output/held-report.ts";
import { ENGINE_KEY } from "../version.ts";
import { type EnvReads, mergeEnvReads } from "../compile/site-code.ts";
import { writeAtomically } from "../compile/cache.ts";
import { stateFiles } from "./build-state.ts";
import type { RawContent } from "../content/types.ts";

/**
 * A file changed this long before its size and times were taken can be trusted by them: any later change
 * gets a later time. One changed within it may change again within the same tick of a coarse file-system
 * clock without its times showing it (git's "racily clean" files), so its build is not kept.
 */
const SETTLED_MS = 2000;

/** Every file under content/ by its path (relative, forward slashes) with its size, times and inode. */
export interface InputSnapshot {
  takenAt: number;
  files: Map<string, string>;
  /** The SHA-256 of the bytes the build read, for each entry changed just before: it is compared instead. */
  hashes?: Map<string, string>;
}

export interface Stamp {
  key: string;
  inputs: InputSnapshot;
  /** The output's folders by path relative to it ("" for itself), with their modification times. */
  folders: Map<string, number>;
  output: Manifest;
  /** Every environment variable its pages and feeds read, with its value then. */
  env: EnvReads;
  routes: RouteReport[];
  warnings: string[];
  siteHash: string;
  /** The search index's report (a site with search). */
  search?: SearchReport;
  /** The entries it held back (its report repeats it). */
  held?: HeldReport;
  /** When an entry it held back comes due, or one it published expires (ms): a build from then on is made anew. */
  until?: number;
}

const FORMAT = 3;

/** Sizes and times of the files `list` names (relative to `dir`), taken before any of them is read. */
export function snapshotInputs(dir: string, list: string[], now = Date.now()): InputSnapshot {
  const files = new Map<string, string>();
  for (const relative of list) files.set(relative, signature(statOrNothing(path.join(dir, relative))));
  return { takenAt: now, files };
}

/** A file's stat, or nothing for a link to nothing or anything else that cannot be looked at (its read says why). */
function statOrNothing(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function signature(stat: Stats | undefined): string {
  return stat ? `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}` : "missing";
}

/**
 * Whether two snapshots name the same files with the same sizes and times; a file changed just before the
 * first was taken must also still hold the bytes its build read (git's answer to "racily clean" files).
 */
export function sameInputs(stamped: InputSnapshot, now: InputSnapshot, dir: string): boolean {
  if (stamped.files.size !== now.files.size) return false;
  for (const [file, sig] of stamped.files) {
    if (now.files.get(file) !== sig || sig === "missing") return false;
    if (settled(stamped, sig)) continue;
    const read = stamped.hashes?.get(file);
    if (
      !read ||
      createHash("sha256")
        .update(readFileSync(path.join(dir, file)))
        .digest("hex") !== read
    )
      return false;
  }
  return true;
}

/** The files of a snapshot changed too shortly before it was taken to be trusted by their times. */
export function unsettled(snapshot: InputSnapshot): string[] {
  return [...snapshot.files].filter(([, sig]) => !settled(snapshot, sig)).map(([file]) => file);
}

function settled(snapshot: InputSnapshot, sig: string): boolean {
  const [, mtimeMs, ctimeMs] = sig.split(":").map(Number);
  return snapshot.takenAt - Math.max(mtimeMs, ctimeMs) >= SETTLED_MS;
}

/** The folders holding the manifest's files (and the output folder itself) with their modification times. */
export function foldersOf(outDir: string, output: Manifest): Map<string, number> {
  const names = new Set([""]);
  for (const file of output.keys()) {
    for (
      let folder = path.posix.dirname(file);
      folder !== "." && !names.has(folder);
      folder = path.posix.dirname(folder)
    )
      names.add(folder);
  }
  return new Map([...names].map((folder) => [folder, statSync(path.join(outDir, folder)).mtimeMs]));
}

/**
 * Whether the output folder holds exactly what the stamp says: each file with its size and time, and no
 * other file (a file added or removed changes its folder's time).
 */
export function outputAsStamped(outDir: string, stamp: Stamp): boolean {
  for (const [folder, mtimeMs] of stamp.folders) {
    const stat = statSync(path.join(outDir, folder), { throwIfNoEntry: false });
    if (!stat?.isDirectory() || stat.mtimeMs !== mtimeMs) return false;
  }
  for (const [file, { size, mtimeMs }] of stamp.output) {
    const stat = statSync(path.join(outDir, file), { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size !== size || stat.mtimeMs !== mtimeMs) return false;
  }
  return true;
}

export function loadStamp(root: string, outDir: string): Stamp | undefined {
  try {
    const stored = deserialize(readFileSync(stateFiles(root, outDir).stamp)) as {
      format: number;
      engine: string;
      stamp: Stamp;
    };
    return stored.format === FORMAT && stored.engine === ENGINE_KEY ? stored.stamp : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the stamp before the output folder changes: a stamp always describes the output as it is. */
export function dropStamp(root: string, outDir: string): void {
  rmSync(stateFiles(root, outDir).stamp, { force: true });
}

export function saveStamp(root: string, outDir: string, stamp: Stamp): Promise<void> {
  return writeAtomically(stateFiles(root, outDir).stamp, serialize({ format: FORMAT, engine: ENGINE_KEY, stamp }));
}

/**
 * The stamp of a finished build: the key of its inputs, the snapshot of content/ taken before it read (`raw` is
 * what it read), what it wrote, and the environment variables its pages and feeds read (`envs`).
 */
export function stampOf(build: StampedBuild, inputs: InputSnapshot, outDir: string): Stamp {
  const { key, raw, output, report, envs, until } = build;
  // An entry changed just before the snapshot is compared by the bytes this build read.
  const read = new Map(raw.placement.toRead.map((job, i) => [job.relative, raw.read[i]?.hash]));
  inputs.hashes = new Map(unsettled(inputs).flatMap((file) => (read.get(file) ? [[file, read.get(file)!]] : [])));
  const folders = foldersOf(outDir, output);
  return { key, inputs, folders, output, env: mergeEnvReads(envs), ...report, ...(until && { until }) };
}

type StampReport = Pick<Stamp, "routes" | "warnings" | "siteHash" | "search" | "held">;

/** What a finished build's stamp is made from. */
interface StampedBuild {
  key: string;
  raw: RawContent;
  output: Manifest;
  report: StampReport;
  envs: Array<EnvReads | undefined>;
  until?: number;
}
