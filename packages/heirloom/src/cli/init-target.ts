// The folder `heirloom init` fills, made one folder at a time (a recursive mkdir loops under /proc); each
// target it cannot fill (a file, a pipe, below a file, a symbolic link, not writable, a long name) refused.
import { type Stats, lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import {
  FolderNotEmpty,
  InitNameTooLong,
  InitTargetBelowFile,
  InitTargetDanglingLink,
  InitTargetIsLink,
  InitTargetNotAFolder,
  InitTargetNotWritable,
} from "../errors/catalogue.ts";
import { type ErrorEntry, type HeirloomError, errorFrom, printableName } from "../errors/errors.ts";
import { shownPath } from "./shown-path.ts";

/** The longest name of a file or folder most file systems take, in bytes. */
const NAME_MAX = 255;

/** Checks the target, makes it when missing, and returns its real path. */
export function prepareTarget(target: string, force: boolean): string {
  const dir = printableName(shownPath(target));
  const long = target.split(path.sep).find((name) => Buffer.byteLength(name) > NAME_MAX);
  if (long) throw refusal(InitNameTooLong, { dir: shorten(dir), bytes: Buffer.byteLength(long) }, target);
  // A link to a folder would be written through: the site would land where the link leads, not at the name given.
  if (lstatOf(target, dir)?.isSymbolicLink() && statOf(target, dir)) {
    throw refusal(InitTargetIsLink, { dir, to: printableName(readlinkSync(target)) }, target);
  }
  const stats = followed(target, dir);
  if (!stats) makeFolders(target, dir);
  else if (!stats.isDirectory()) throw refusal(InitTargetNotAFolder, { dir, kind: kindOf(stats) }, target);
  else if (!force && readdirSync(target).length > 0) throw refusal(FolderNotEmpty, { dir }, target);
  return realpathSync(target);
}

/** What `file` is, a symbolic link followed; undefined when nothing is there (or a parent is not a folder). */
function followed(file: string, dir: string): Stats | undefined {
  const own = lstatOf(file, dir);
  if (!own?.isSymbolicLink()) return own;
  const stats = statOf(file, dir);
  if (stats) return stats;
  const to = printableName(readlinkSync(file));
  throw refusal(InitTargetDanglingLink, { dir, link: printableName(shownPath(file)), to }, file);
}

/** Makes the target and every missing folder above it, from the nearest one that exists. */
function makeFolders(target: string, dir: string): void {
  const missing: string[] = [];
  let existing = target;
  for (; !followed(existing, dir) && path.dirname(existing) !== existing; existing = path.dirname(existing)) {
    missing.unshift(existing);
  }
  const stats = followed(existing, dir);
  if (stats && !stats.isDirectory()) {
    const file = printableName(shownPath(existing));
    throw refusal(InitTargetBelowFile, { dir, file, kind: kindOf(stats) }, existing);
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      throw notWritable(dir, path.dirname(folder), error);
    }
  }
}

/** The error of a folder that cannot be written in (read-only, no permission, or another failure). */
export function notWritable(dir: string, place: string, error: unknown): HeirloomError {
  const reason = describe(error);
  const shown = printableName(shownPath(place));
  return errorFrom(InitTargetNotWritable, { dir, place: shown, reason }, { location: { file: shown }, cause: error });
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "a read-only file system";
  if (code === "ELOOP") return "a loop of symbolic links";
  return code ?? String(error);
}

function lstatOf(file: string, dir: string): Stats | undefined {
  return statWith(lstatSync, file, dir);
}

function statOf(file: string, dir: string): Stats | undefined {
  return statWith(statSync, file, dir);
}

/** ENOENT and ENOTDIR (a parent is a file) mean nothing is there; anything else is a folder not readable. */
function statWith(stat: (file: string) => Stats, file: string, dir: string): Stats | undefined {
  try {
    return stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw notWritable(dir, path.dirname(file), error);
  }
}

/** "a file", "a named pipe (FIFO)", … */
export function kindOf(stats: Stats): string {
  if (stats.isFile()) return "a file";
  if (stats.isDirectory()) return "a folder";
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isSocket()) return "a socket";
  return "a device";
}

/** The catalogue's error, located at `file` as the user would type it. */
export function refusal<A extends object>(entry: ErrorEntry<A>, args: A, file: string): HeirloomError {
  return errorFrom(entry, args, { location: { file: printableName(shownPath(file)) } });
}

/** A long name cut to its first 60 characters for the message (the location holds it whole). */
function shorten(name: string): string {
  return name.length > 80 ? `${name.slice(0, 60)}… (${name.length} characters)` : name;
}
