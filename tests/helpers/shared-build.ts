// Work that several test files only read (a site's build, the packed engine), done once per test run into the
// run's temporary folder and shared: the first file to ask does it under a lock, the others wait for its marker.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import type { BuildOptions } from "../../packages/heirloom/src/config/options.ts";
import { packEngine } from "./package.ts";
import { buildProject, repoRoot } from "./site.ts";

/** How long a file waits for another's work: a pack or a build on a loaded machine takes minutes at worst. */
const WAIT_MS = 600_000;

/** A build made once: the project folder, its output folder and the build's result (without its config). */
export interface SharedBuild {
  root: string;
  outDir: string;
  result: Omit<BuildResult, "config">;
}

/**
 * The value `make` gives, made once per test run under `name` and kept as JSON in the run's temporary folder.
 * Test files may run in separate processes, so the lock is a folder only one of them can create, and the value
 * is read from a file written whole (renamed into place) that the others wait for; a failure is kept the same
 * way, so a waiting file fails with it rather than waiting out its time.
 */
export async function once<T>(name: string, make: () => T | Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), "heirloom-shared");
  mkdirSync(dir, { recursive: true });
  const done = path.join(dir, `${name}.json`);
  const failed = path.join(dir, `${name}.failed`);
  if (take(path.join(dir, `${name}.lock`))) {
    try {
      const value = await make();
      writeWhole(done, JSON.stringify(value));
      return value;
    } catch (error) {
      writeWhole(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
  }
  const until = Date.now() + WAIT_MS;
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`${name} failed in another test file:\n${readFileSync(failed, "utf8")}`);
    if (Date.now() > until) throw new Error(`${name} was not ready within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return JSON.parse(readFileSync(done, "utf8")) as T;
}

/**
 * The project `make` returns, built with `options` (or the options `options` gives, made only by the file that
 * builds, such as an output folder of its own), once per run under `name`: for tests that only read the build.
 * Every caller of one name passes the same `make` and `options`, so each reads the build it would have made.
 */
export function sharedBuild(
  name: string,
  make: () => string,
  options: BuildOptions | (() => BuildOptions) = {},
): Promise<SharedBuild> {
  return once(name, async () => {
    const root = make();
    const { config: _config, ...result } = await buildProject(
      root,
      typeof options === "function" ? options() : options,
    );
    return { root, outDir: result.outDir, result };
  });
}

/** The documentation (docs/) built with a site URL into a folder of the run: read by its browser tests. */
export function docsBuild(): Promise<SharedBuild> {
  return sharedBuild(
    "docs",
    () => path.join(repoRoot, "docs"),
    () => ({ outDir: path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-docs-")), "dist"), siteUrl }),
  );
}
const siteUrl = "https://heirloom.example";

/** A new site from the docs starter (`my-docs`), built into its dist/ with its site URL. */
export function docsStarterBuild(): Promise<SharedBuild> {
  return sharedBuild(
    "docs-starter",
    () => {
      const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-docs-starter-")), "my-docs");
      createSite(root, "docs", false);
      return root;
    },
    { siteUrl: "https://docs.example.com" },
  );
}

/** A new site from the blog starter (`my-site`), built into its dist/ with its site URL. */
export function blogStarterBuild(): Promise<SharedBuild> {
  return sharedBuild(
    "blog-starter",
    () => {
      const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-blog-starter-")), "my-site");
      createSite(root, "blog", false);
      return root;
    },
    { siteUrl: "https://example.com" },
  );
}

/** The engine packed as npm packs it (see packEngine), once per run: the tarball's path. */
export function packedEngine(): Promise<string> {
  return once("engine-tarball", packEngine);
}

/** True if this process created the lock folder, false if another had. */
function take(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.${process.pid}`, text);
  renameSync(`${file}.${process.pid}`, file);
}
