// create-heirloom without a registry: what it asks for where there is no terminal, the starters it offers (the
// engine's), and a site written by the engine's init with the next steps for the package manager that ran it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/site.ts";

const createBin = path.join(repoRoot, "packages", "create-heirloom", "index.js");

function create(cwd: string, args: string[], agent = "npm/11.0.0 node/v20.19.0 linux x64") {
  const env = { PATH: process.env.PATH, NO_COLOR: "1", npm_config_user_agent: agent };
  const result = spawnSync(process.execPath, [createBin, ...args], { cwd, env, encoding: "utf8", input: "" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("create-heirloom", () => {
  it("asks for nothing where there is no terminal: the folder and starter are given, or --yes takes defaults", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-create-"));
    const missing = create(dir, []);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "error: no terminal to ask for the folder and --template: give it, or pass --yes\n" +
        "(npm create heirloom@latest -- --help shows the options)\n",
    );
    expect(create(dir, ["site"]).stderr).toContain("no terminal to ask for --template");
    const unknown = create(dir, ["site", "--template", "shop"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('there is no starter "shop"; the starters are blog, minimal, docs');
    expect(create(dir, ["--bogus"]).code).toBe(2);
    expect(existsSync(path.join(dir, "site"))).toBe(false);
    const help = create(dir, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("-t, --template <name>  starter to begin from: blog, minimal, docs");
  });

  it("has the engine's init write the starter, and prints the next steps for the package manager that ran it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-create-"));
    const made = create(dir, ["--yes", "--no-install"], "pnpm/9.0.0 npm/? node/v20.19.0 linux x64");
    expect(made.code).toBe(0);
    expect(made.stdout).toBe(
      "Made my-site from the blog starter: 22 files.\n\nNext:\n  cd my-site\n  pnpm install\n  pnpm run dev\n" +
        "Then edit content/ and templates/; pnpm run build writes the site into dist/.\n",
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, "my-site", "package.json"), "utf8"));
    const engine = JSON.parse(readFileSync(path.join(repoRoot, "packages", "heirloom", "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({ heirloom: `^${engine.version}` });
    const minimal = create(dir, ["plain site", "-t", "minimal", "--no-install"]);
    expect(minimal.stdout).toContain("Made plain site from the minimal starter");
    expect(minimal.stdout).toContain("  cd 'plain site'\n");
    const docs = create(dir, ["handbook", "--template", "docs", "--no-install"]);
    expect(docs.stdout).toContain("Made handbook from the docs starter: 18 files.\n");
    expect(readFileSync(path.join(dir, "handbook", "content", "site.md"), "utf8")).toContain("\nname: Handbook\n");
    // The engine refuses what init refuses, and create says nothing more.
    const again = create(dir, ["my-site", "--yes", "--no-install"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("OutputDirError");
    expect(again.stdout).not.toContain("Next:");
  });

  it("depends on the engine's own version", () => {
    const read = (name: string) =>
      JSON.parse(readFileSync(path.join(repoRoot, "packages", name, "package.json"), "utf8"));
    expect(read("create-heirloom").dependencies).toEqual({ heirloom: `^${read("heirloom").version}` });
    expect(read("create-heirloom").engines).toEqual(read("heirloom").engines);
  });
});
