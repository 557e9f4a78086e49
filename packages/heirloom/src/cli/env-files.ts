// The environment a command runs with: the process's own, over the variables of the project's `.env` and
// `.env.<mode>` files (production for build and check, development for dev), which are read with Node's own
// parser and never override a variable already set. Flags still win over both, as site.config.ts loses to all.
import { type Stats, closeSync, constants, fstatSync, openSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { EnvFileNotAFile, EnvFileUnreadable } from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";
import type { Io } from "./io.ts";
import { shownPath } from "./shown-path.ts";

export type Mode = "production" | "development";

/** `env` over the variables of `<root>/.env.<mode>` over those of `<root>/.env` (files that exist). */
export function withEnvFiles(root: string, mode: Mode, env: Io["env"]): Io["env"] {
  const fromFiles = [".env", `.env.${mode}`].map((name) => readEnvFile(path.join(root, name)));
  return Object.assign({}, ...fromFiles, definedOnly(env));
}

/**
 * The variables of one file; none when there is no such file. Only a regular file is read: a folder, a named
 * pipe (which would wait for a writer for ever), a socket or a device is refused before it is opened, and
 * again after (O_NONBLOCK: opening a pipe never waits), in case it was replaced in between.
 */
function readEnvFile(file: string): Record<string, string> {
  const stats = statOf(file);
  if (!stats) return {};
  refuseUnlessFile(file, stats);
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    refuseUnlessFile(file, fstatSync(fd));
    return parseEnv(readFileSync(fd, "utf8")) as Record<string, string>;
  } catch (error) {
    if (error instanceof HeirloomError) throw error;
    throw unreadable(file, error);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    // A missing file, or a link to nothing: there is no such file to read.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw unreadable(file, error);
  }
}

function refuseUnlessFile(file: string, stats: Stats): void {
  if (stats.isFile()) return;
  const shown = shownPath(file);
  throw errorFrom(EnvFileNotAFile, { file: shown, kind: kindOf(stats) }, { location: { file: shown } });
}

function unreadable(file: string, error: unknown): HeirloomError {
  const shown = shownPath(file);
  const reason = (error as NodeJS.ErrnoException).code ?? String(error);
  return errorFrom(EnvFileUnreadable, { file: shown, reason }, { location: { file: shown }, cause: error });
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isSocket()) return "a socket";
  return "a device";
}

function definedOnly(env: Io["env"]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
