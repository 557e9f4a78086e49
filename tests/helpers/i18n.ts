// The two-locale fixture (tests/fixtures/i18n), copied for a test.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixturesDir } from "./site.ts";

/** A copy of the two-locale fixture (its own templates), with `files` (path under the project → text) written. */
export function i18nSite(files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-i18n-"));
  cpSync(path.join(fixturesDir, "i18n"), root, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
