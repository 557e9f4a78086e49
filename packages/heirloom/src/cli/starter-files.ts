// The starter's files written inside the folder init fills, never through a symbolic link: every place checked
// before the first write, each file written under a new name and renamed into place (a hard link replaced).
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { InitPathTaken, InitThroughLink } from "../errors/catalogue.ts";
import { type HeirloomError, printableName, throwIfAny } from "../errors/errors.ts";
import { kindOf, notWritable, refusal } from "./init-target.ts";

/**
 * A file of a starter: its path in the new site ("templates/Layout.tsx") and its bytes (a text's with the site's
 * names filled in, a picture's as they are).
 */
export interface StarterFile {
  relative: string;
  data: Uint8Array;
}

/** Writes `files` into the folder `root` (a real path); `dir` is the folder as the messages name it. */
export function writeInside(root: string, files: StarterFile[], dir: string): void {
  throwIfAny(problemsOf(root, files, dir));
  for (const file of files) writeOne(root, file, dir);
}

/** Each place a file or its folders would take that holds a link or the wrong kind of thing, once. */
function problemsOf(root: string, files: StarterFile[], dir: string): HeirloomError[] {
  const checked = new Map<string, HeirloomError | undefined>();
  for (const { relative } of files) {
    const parts = relative.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const place = parts.slice(0, i).join("/");
      if (!checked.has(place)) checked.set(place, placeProblem(root, place, i === parts.length, dir));
      if (checked.get(place)) break;
    }
  }
  return [...checked.values()].filter((problem) => problem !== undefined);
}

function placeProblem(root: string, place: string, isFile: boolean, dir: string): HeirloomError | undefined {
  const file = path.join(root, place);
  const stats = lstatOrNothing(file, dir);
  const shown = printableName(place);
  if (!stats) return undefined;
  if (stats.isSymbolicLink()) return refusal(InitThroughLink, { dir, path: shown, to: linkTarget(file) }, file);
  if (isFile ? stats.isFile() : stats.isDirectory()) return undefined;
  const wanted = isFile ? "file" : "folder";
  return refusal(InitPathTaken, { dir, path: shown, kind: kindOf(stats), wanted }, file);
}

/** Writes one file: its folders made one by one, its data under a new name, then renamed over the place. */
function writeOne(root: string, { relative, data }: StarterFile, dir: string): void {
  const parts = relative.split("/");
  for (let i = 1; i < parts.length; i++) makeFolder(path.join(root, ...parts.slice(0, i)), dir);
  const file = path.join(root, ...parts);
  const fresh = path.join(path.dirname(file), `.${path.basename(file)}.heirloom-${process.pid}`);
  try {
    const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;
    const fd = openSync(fresh, O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0), 0o666);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(fresh, file);
  } catch (error) {
    rmSync(fresh, { force: true });
    throw notWritable(dir, path.dirname(file), error);
  }
}

/** Makes a folder; one that is there already must be a real folder (not a link to one). */
function makeFolder(folder: string, dir: string): void {
  try {
    mkdirSync(folder);
  } catch (error) {
    const exists = (error as NodeJS.ErrnoException).code === "EEXIST";
    if (!exists || !lstatOrNothing(folder, dir)?.isDirectory()) throw notWritable(dir, path.dirname(folder), error);
  }
}

function lstatOrNothing(file: string, dir: string) {
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw notWritable(dir, path.dirname(file), error);
  }
}

function linkTarget(file: string): string {
  return printableName(readlinkSync(file));
}
