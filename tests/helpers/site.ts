// Test helpers: a throwaway copy of the site's content (optionally with a fixture laid over it) and builds into it.
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../../src/build.ts";
import type { BuildOptions } from "../../src/config/options.ts";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const templatesDir = path.join(repoRoot, "templates");

/**
 * Copies content/ into a new temporary project; a fixture's files (tests/fixtures/<name>/content/...)
 * replace or add to it.
 */
export function makeProject(fixture?: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), `heirloom-${fixture ?? "site"}-`));
  cpSync(path.join(repoRoot, "content"), path.join(root, "content"), { recursive: true });
  if (fixture) {
    const dir = path.join(repoRoot, "tests", "fixtures", fixture);
    if (!existsSync(dir)) throw new Error(`no fixture ${dir}`);
    cpSync(dir, root, { recursive: true });
  }
  return root;
}

/** Builds a project with the repository's templates and an empty environment. */
export function buildProject(root: string, options: BuildOptions = {}) {
  return build({ root, templatesDir, env: {}, ...options });
}
