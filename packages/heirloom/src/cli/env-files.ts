// The environment a command runs with: the process's own, over the variables of the project's `.env` and
// `.env.<mode>` files (production for build and check, development for dev), which are read with Node's own
// parser and never override a variable already set. Flags still win over both, as site.config.ts loses to all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import type { Io } from "./io.ts";

export type Mode = "production" | "development";

/** `env` over the variables of `<root>/.env.<mode>` over those of `<root>/.env` (files that exist). */
export function withEnvFiles(root: string, mode: Mode, env: Io["env"]): Io["env"] {
  const fromFiles = [".env", `.env.${mode}`].map((name) => readEnvFile(path.join(root, name)));
  return Object.assign({}, ...fromFiles, definedOnly(env));
}

function readEnvFile(file: string): Record<string, string> {
  try {
    return parseEnv(readFileSync(file, "utf8")) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

function definedOnly(env: Io["env"]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
