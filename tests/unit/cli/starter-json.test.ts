// The starters' build script is "heirloom check && heirloom build": `npm run build --silent -- --json` through it
// must print the build's report alone on stdout (check's summary goes to stderr), so that CI can parse it.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliPath, engineRoot } from "../../helpers/site.ts";

describe("npm run build --silent -- --json in a new minimal site", () => {
  it("prints only the build's JSON on stdout, check's summary on stderr", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-starter-json-"));
    cpSync(path.join(engineRoot, "starters", "minimal"), root, { recursive: true });
    const manifest = path.join(root, "package.json");
    writeFileSync(manifest, readFileSync(manifest, "utf8").replace("__PACKAGE_NAME__", "starter-json"));
    // The engine as an install gives it: its command on npm's PATH, the package for the templates' imports.
    mkdirSync(path.join(root, "node_modules", ".bin"), { recursive: true });
    symlinkSync(cliPath, path.join(root, "node_modules", ".bin", "heirloom"));
    symlinkSync(engineRoot, path.join(root, "node_modules", "heirloom"));
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const run = spawnSync(npm, ["run", "build", "--silent", "--", "--json"], {
      cwd: root,
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1" },
      timeout: 240_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      ok: true,
      files: expect.any(Number),
      siteHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(report.pages.map((page: { route: string }) => page.route)).toContain("/");
    expect(run.stderr).toMatch(
      /^Checked \d+ pages, their links, and the types of site\.config\.ts and templates\/: no problems\.$/m,
    );
  }, 300_000);
});
