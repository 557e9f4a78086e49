// Two builds of one output folder at once (issue 35, item 17): the later ones wait for the lock of the output
// folder, saying whose it is, and all finish with dist/ whole; a lock left by a build killed with SIGKILL is
// taken over and said so; a holder that keeps it past the wait fails the build with a catalogue error.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { build } from "../../../packages/heirloom/src/pipeline/build.ts";
import { lockOutput, outputLockFile } from "../../../packages/heirloom/src/output/write/output-lock.ts";
import { cliPath, makeFixture, ownTemplates, templatesFor } from "../../helpers/site.ts";

/** Starts `heirloom build` in `root` with `args`, collecting its output. */
function startBuild(root: string, ...args: string[]) {
  const child = spawn(process.execPath, [cliPath, "build", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** Every file of a folder (relative, forward slashes) with the SHA-256 of its bytes. */
function filesOf(dir: string): Record<string, string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(
    entries.map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [
        path.relative(dir, file).split(path.sep).join("/"),
        createHash("sha256").update(readFileSync(file)).digest("hex"),
      ];
    }),
  );
}

/** What a --manifest file says the published site holds, in the same form. */
function manifestOf(file: string): Record<string, string> {
  const { files } = JSON.parse(readFileSync(file, "utf8")) as { files: Array<{ path: string; sha256: string }> };
  return Object.fromEntries(files.map((f) => [f.path, f.sha256]));
}

const leftovers = (root: string) => readdirSync(root).filter((n) => /\.(tmp|old)-\d+$/.test(n));

/** Resolves once `file` exists (a marker the build leaves as it starts); rejects after 20 s. */
async function appears(file: string): Promise<void> {
  for (const started = Date.now(); !existsSync(file); ) {
    if (Date.now() - started > 20_000) throw new Error(`${file} did not appear`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("builds of one output folder at once", () => {
  it("four builds started together all succeed, the later ones saying they wait, and dist/ is whole", async () => {
    const root = makeFixture();
    ownTemplates(root);
    // Two builds first, so that the site before the current one is kept (.heirloom/previous-dist): the staging
    // folder of each build starts from it, which is where two builds at once collided.
    for (const url of ["https://a.example", "https://b.example"])
      expect((await startBuild(root, "--site-url", url).done).code).toBe(0);
    // Each build has another site URL, so none is kept as it is: each one renders and swaps.
    const runs = [1, 2, 3, 4].map((i) =>
      startBuild(root, "--site-url", `https://s${i}.example`, "--manifest", `m${i}.json`),
    );
    const results = await Promise.all(runs.map((r) => r.done));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const waited = results.filter((r) => /^Waiting for the build of dist that process \d+ is running/m.test(r.stderr));
    expect(waited.length).toBeGreaterThan(0);
    expect(results.map((r) => r.stderr).join("")).not.toMatch(/ENOENT|rename/);
    // dist/ is exactly one of the four sites: every file it published and no other.
    const dist = filesOf(path.join(root, "dist"));
    const matching = [1, 2, 3, 4].filter((i) => isDeepStrictEqual(manifestOf(path.join(root, `m${i}.json`)), dist));
    expect(matching).toHaveLength(1);
    expect(leftovers(root)).toEqual([]);
    expect(existsSync(outputLockFile(path.join(root, "dist")))).toBe(false);
  }, 120_000);

  it("takes over the lock of a build killed with SIGKILL, saying so, and builds a whole site", async () => {
    const root = makeFixture();
    ownTemplates(root);
    expect((await startBuild(root).done).code).toBe(0);
    const before = filesOf(path.join(root, "dist"));
    const killed = startBuild(root, "--site-url", "https://killed.example");
    await appears(outputLockFile(path.join(root, "dist")));
    killed.child.kill("SIGKILL");
    await killed.done;
    const next = await startBuild(root).done;
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain(
      `Took over the lock of dist left by a build that stopped before it finished (process ${killed.child.pid}, ` +
        "which has ended).",
    );
    expect(filesOf(path.join(root, "dist"))).toEqual(before);
    expect(leftovers(root)).toEqual([]);
    expect(existsSync(outputLockFile(path.join(root, "dist")))).toBe(false);
  }, 60_000);
});

describe("a build whose output folder another build keeps locked", () => {
  it("waits, saying for whom, then fails with a catalogue error naming the holder and the lock", async () => {
    const root = makeFixture();
    const outDir = path.join(root, "dist");
    const options = { root, templatesDir: templatesFor(root), env: {} };
    const release = await lockOutput(outDir, {});
    const notices: string[] = [];
    const refused = await build({ ...options, lockWaitMs: 300, onNotice: (n) => notices.push(n) }).catch((e) => e);
    expect(notices).toEqual([
      `Waiting for the build of dist that process ${process.pid} is running (.heirloom/build-dist.lock).`,
    ]);
    expect([refused.code, refused.message, refused.hint]).toEqual([
      "OutputDirError",
      `Another build of ${outDir} is still running: process ${process.pid} has held its lock ` +
        `(${outputLockFile(outDir)}) for over 0.3 seconds.`,
      expect.stringMatching(/^let that build finish and build again, or stop it/),
    ]);
    expect(existsSync(outDir)).toBe(false);
    await release();
    expect((await build(options)).fileCount).toBeGreaterThan(0);
  });
});
