// The compiled CLI in node_modules/.cache is keyed by the content of everything that shapes it, never by
// modification times: a version bump, a change in a subfolder of src/ and copies that keep old times
// (cp -p, rsync -a, tar, container layers) all run the current code.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildWatched, copyJournal, engineRoot, repoRoot } from "../../helpers/site.ts";

let engine: string;
const run = (...args: string[]) => {
  const result = spawnSync(process.execPath, [path.join(engine, "bin", "heirloom.js"), ...args], {
    cwd: engine,
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
};
/** Writes a file as `cp -p` or a container layer would leave it: new content with an old modification time. */
const replaceKeepingTime = (file: string, from: string, to: string) => {
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  const past = new Date("2001-01-01T00:00:00Z");
  utimesSync(file, past, past);
};

beforeAll(() => {
  // A copy of the engine with a node_modules of its own (links to the installed packages), so its compiled
  // CLI lives apart from the one the other tests run.
  engine = mkdtempSync(path.join(os.tmpdir(), "heirloom-engine-"));
  for (const entry of ["bin", "src", "package.json"])
    cpSync(path.join(engineRoot, entry), path.join(engine, entry), { recursive: true, preserveTimestamps: true });
  mkdirSync(path.join(engine, "node_modules"));
  for (const name of readdirSync(path.join(repoRoot, "node_modules"))) {
    if (name === ".cache") continue;
    if (name === ".package-lock.json")
      cpSync(path.join(repoRoot, "node_modules", name), path.join(engine, "node_modules", name));
    else symlinkSync(path.join(repoRoot, "node_modules", name), path.join(engine, "node_modules", name));
  }
});

describe("the compiled CLI", () => {
  it("prints the new version after package.json changes, even with an old modification time", () => {
    // The version alone is answered by the shim from package.json; with another flag, by the compiled CLI.
    expect(run("--version", "--debug").trim()).toBe("0.1.0");
    replaceKeepingTime(path.join(engine, "package.json"), '"version": "0.1.0"', '"version": "0.1.1"');
    expect(run("--version", "--debug").trim()).toBe("0.1.1");
    expect(run("--version").trim()).toBe("0.1.1");
  });

  it("runs a changed file of a subfolder of src/ copied with its old time, and keeps one compile only", () => {
    replaceKeepingTime(
      path.join(engine, "src", "cli", "build-commands.ts"),
      "Render every route into the output folder",
      "Render every single route into the output folder",
    );
    expect(run("build", "--help")).toContain("Render every single route into the output folder");
    const compiled = readdirSync(path.join(engine, "node_modules", ".cache", "heirloom")).filter((n) =>
      /^cli-.*\.cjs$/.test(n),
    );
    expect(compiled).toHaveLength(1);
  });

  it(
    "loads with V8's code cache that a build leaves beside it; " +
      "a damaged cache is refused and replaced, an old one removed",
    () => {
      const site = copyJournal();
      const dir = path.join(engine, "node_modules", ".cache", "heirloom");
      const caches = () => readdirSync(dir).filter((n) => n.endsWith(".v8"));
      run("--help");
      expect(caches()).toEqual([]);
      expect(run("build", "--root", site)).toContain("Wrote");
      const [made] = caches();
      expect(made).toMatch(/^cli-[0-9a-f]{16}\.cjs\.v8$/);
      expect(readdirSync(dir)).toContain(made.replace(/\.v8$/, ""));
      expect(statSync(path.join(dir, made)).size).toBeGreaterThan(100_000);

      writeFileSync(path.join(dir, made), "not a code cache");
      expect(run("build", "--root", site, "--no-cache")).toContain("Wrote");
      expect(statSync(path.join(dir, made)).size).toBeGreaterThan(100_000);

      replaceKeepingTime(
        path.join(engine, "src", "cli", "build-commands.ts"),
        "Render every single route",
        "Render each route",
      );
      run("--help");
      expect(caches()).toEqual([]);
    },
  );

  it("loads React's server renderer that the engine calls, not react-dom/server's streaming one beside it", () => {
    // The journal renders pages (renderToStaticMarkup), islands (renderToString) and an MDX body.
    const site = copyJournal();
    const built = buildWatched(site, /react-dom/, "--no-cache");
    expect(built.status, built.stderr).toBe(0);
    const loaded = built.stderr.split("\n").filter((line) => line.startsWith("loaded "));
    expect(loaded.some((line) => line.endsWith("/react-dom-server-legacy.node.production.js"))).toBe(true);
    expect(loaded.filter((line) => /react-dom\/server|react-dom-server\.node/.test(line))).toEqual([]);
    expect(readFileSync(path.join(site, "dist", "blog", "index.html"), "utf8")).toContain("<h1>");
  });
});
