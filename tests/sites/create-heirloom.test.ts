// create-heirloom without a registry: what it asks for where there is no terminal, the starters it offers (the
// engine's), and a site written by the engine's init with the next steps for the package manager that ran it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site.ts";

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

  it("never passes the folder as an option: a name that starts with - is refused, with how to write it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-create-"));
    writeFileSync(path.join(dir, "package.json"), '{ "name": "mine" }\n');
    for (const name of ["--force", "-h", "--template=docs"]) {
      const made = create(dir, ["--yes", "--no-install", "--", name]);
      expect(made.code, name).toBe(2);
      expect(made.stderr).toBe(
        `error: the folder name ${name} starts with "-", which reads as an option; ` +
          `to make a folder of that name, write ./${name}\n(npm create heirloom@latest -- --help shows the options)\n`,
      );
      expect(made.stdout).toBe("");
    }
    expect(readdirSync(dir)).toEqual(["package.json"]);
    expect(readFileSync(path.join(dir, "package.json"), "utf8")).toBe('{ "name": "mine" }\n');
    const dotted = create(dir, ["--yes", "--no-install", "--", "./--force"]);
    expect(dotted.code).toBe(0);
    expect(dotted.stdout).toContain("Made --force from the blog starter: 22 files.\n");
    expect(existsSync(path.join(dir, "--force", "site.config.ts"))).toBe(true);
  });

  it("refuses an empty folder name (. names this folder), and a folder that is a symbolic link", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-create-"));
    const empty = create(dir, ["", "--yes", "--no-install"]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("error: the folder name is empty; name a folder such as my-site, or . for this one");
    expect(readdirSync(dir)).toEqual([]);
    const outside = mkdtempSync(path.join(os.tmpdir(), "heirloom-create-outside-"));
    symlinkSync(outside, path.join(dir, "linked"));
    const linked = create(dir, ["linked", "--yes", "--no-install"]);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain(
      `error OutputDirError: Refusing to start a site in linked: it is a symbolic link (to ${outside}), ` +
        "and init never writes through one.",
    );
    expect(readdirSync(outside)).toEqual([]);
    mkdirSync(path.join(dir, "here"));
    const here = create(path.join(dir, "here"), [".", "--yes", "--no-install"]);
    expect(here.code).toBe(0);
    expect(here.stdout).toContain("Made . from the blog starter: 22 files.\n");
  });

  it.skipIf(!existsSync("/usr/bin/script"))(
    "asks again on a terminal for a folder name that starts with -",
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-create-"));
      // script(1) gives the command a terminal; each answer is typed once its question is shown.
      const command = `${process.execPath} ${createBin} --no-install`;
      const child = spawn("script", ["-qec", command, "/dev/null"], {
        cwd: dir,
        env: { PATH: process.env.PATH, NO_COLOR: "1" },
        // Stopped before the test's own time runs out, should it wait for an answer never given.
        timeout: 25_000,
      });
      let shown = "";
      const answers: Array<[string, string]> = [
        ["Folder for the site (my-site): ", "--force\r"],
        ["write ./--force.\r\n", "site\r"],
        ["Which one (1)? ", "2\r"],
      ];
      child.stdout.on("data", (chunk: Buffer) => {
        shown += chunk.toString();
        while (answers.length > 0 && shown.includes(answers[0][0])) {
          shown = shown.slice(shown.indexOf(answers[0][0]) + answers[0][0].length);
          child.stdin.write(answers.shift()![1]);
        }
      });
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect(answers).toEqual([]);
      expect(code).toBe(0);
      expect(readdirSync(dir)).toEqual(["site"]);
      expect(existsSync(path.join(dir, "site", "site.config.ts"))).toBe(true);
    },
  );

  it("depends on the engine's own version", () => {
    const read = (name: string) =>
      JSON.parse(readFileSync(path.join(repoRoot, "packages", name, "package.json"), "utf8"));
    expect(read("create-heirloom").dependencies).toEqual({ heirloom: `^${read("heirloom").version}` });
    expect(read("create-heirloom").engines).toEqual(read("heirloom").engines);
  });
});
