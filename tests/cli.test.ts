// The CLI as a user runs it: bin/heirloom.js in a child process, exit codes, stderr, and the old output kept.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeProject, repoRoot } from "./helpers/site.ts";

const bin = path.join(repoRoot, "bin", "heirloom.js");
function heirloom(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
/** A project whose templates/ is a copy of the repository's, so the CLI finds it relative to cwd. */
function project(fixture?: string) {
  const root = makeProject(fixture);
  cpSync(path.join(repoRoot, "templates"), path.join(root, "templates"), { recursive: true });
  return root;
}

describe("heirloom build", () => {
  it("builds, prints the route table and warns about the missing endpoint", () => {
    const root = project();
    const { code, stdout, stderr } = heirloom(root, "build");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\/pricing\s+pricing\/index\.html\s+[\d.]+ KB/m);
    expect(stdout).toMatch(/Wrote \d+ files to dist in [\d.]+ s/);
    expect(stderr).toMatch(/^warning No waitlist endpoint is set/);
  });

  it("exits 1 on broken content, names the file and line, and leaves the old output untouched", () => {
    const root = project();
    expect(heirloom(root, "build").code).toBe(0);
    const before = snapshot(path.join(root, "dist"));
    cpSync(path.join(repoRoot, "tests/fixtures/bad-front-matter"), root, { recursive: true });
    const { code, stderr } = heirloom(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain("error FrontMatterParseError");
    expect(stderr).toContain("at content/plans/legacy-collection.md:3");
    expect(stderr).not.toMatch(/^\s+at .*\.(ts|js|mjs|cjs):\d+/m);
    expect(snapshot(path.join(root, "dist"))).toEqual(before);
  });

  it("prints a stack trace with --debug", () => {
    const { code, stderr } = heirloom(project("bad-front-matter"), "build", "--debug");
    expect(code).toBe(1);
    expect(stderr).toMatch(/^\s+at .*\.(ts|js|mjs|cjs):\d+/m);
  });
});

describe("heirloom build --out", () => {
  it.each(["content", "templates", ".", "src"])("refuses --out %s even with --force, and leaves it as it was", (dir) => {
    const root = project();
    const target = path.join(root, dir);
    const before = readdirSync(root).includes(dir) ? snapshot(target) : undefined;
    const { code, stderr } = heirloom(root, "build", "--out", dir, "--force");
    expect(code).toBe(1);
    expect(stderr).toContain(`error OutputDirError: Refusing to write the site to ${target}`);
    if (before) expect(snapshot(target)).toEqual(before);
  });

  it("refuses a folder that does not look like a build output unless --force is given", () => {
    const root = project();
    const notes = path.join(root, "notes");
    mkdirSync(notes);
    writeFileSync(path.join(notes, "ideas.txt"), "keep me");
    const refused = heirloom(root, "build", "--out", "notes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("it is not empty and does not look like an earlier build (no index.html and 404.html).");
    expect(refused.stderr).toContain("hint: choose an empty or new folder, or pass --force to replace it.");
    expect(readFileSync(path.join(notes, "ideas.txt"), "utf8")).toBe("keep me");
    expect(heirloom(root, "build", "--out", "notes", "--force").code).toBe(0);
    expect(readdirSync(notes)).toContain("404.html");
    // Once it holds a build, it is recognised as one.
    expect(heirloom(root, "build", "--out", "notes").code).toBe(0);
  });
});

describe("usage", () => {
  it("exits 2 for an unknown command or option, 0 for --help and --version", () => {
    const cwd = repoRoot;
    expect(heirloom(cwd, "biuld").code).toBe(2);
    expect(heirloom(cwd, "biuld").stderr).toMatch(/Did you mean build/);
    expect(heirloom(cwd, "build", "--nope").code).toBe(2);
    expect(heirloom(cwd, "preview", "--port", "http").code).toBe(2);
    const help = heirloom(cwd, "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/build .*\n.*preview/s);
    const version = heirloom(cwd, "--version");
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).version);
  });
});

describe("heirloom check", () => {
  it("exits 0 on the real content and 1 with the location of a broken link", () => {
    expect(heirloom(project(), "check")).toMatchObject({ code: 0, stdout: expect.stringMatching(/no problems/) });
    const root = project();
    const site = path.join(root, "content", "site.md");
    const broken = readFileSync(site, "utf8").replace("href: /pricing", "href: /prices");
    writeFileSync(site, broken);
    const { code, stderr } = heirloom(root, "check");
    expect(code).toBe(1);
    expect(stderr).toMatch(/BrokenLinkError: The link \/prices/);
    expect(stderr).toMatch(/at content\/site\.md:\d+:\d+/);
  });
});

function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), "utf8")]));
}
