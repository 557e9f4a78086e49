// A build killed part-way never leaves a partial or mixed dist/: the old site stays until the new one is
// complete. The CLI is killed with SIGKILL at moments spread over its measured build time (so a faster or
// slower machine moves them with it), and once exactly when its staging folder appears.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeProject, repoRoot, cliPath } from "../../helpers/site.ts";

const cli = cliPath;
let root: string;
let dist: string;
let oldSite: Map<string, string>;
let newSite: Map<string, string>;
/** Median whole-process build time on this machine, now. */
let buildMs: number;

/** Every file of a folder with the hash of its contents. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = path.join(sub, name);
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else
        files.set(
          rel,
          createHash("sha256")
            .update(readFileSync(path.join(dir, rel)))
            .digest("hex"),
        );
    }
  };
  walk("");
  return files;
}

function buildSync(out: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cli, "build", "--out", out], { cwd: root, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return performance.now() - started;
}

function startBuild(): ChildProcess {
  return spawn(process.execPath, [cli, "build", "--out", "dist"], { cwd: root, stdio: "ignore" });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );

/**
 * "old", "new", or a description of what is wrong with dist/. Killed between the swap's two renames (a
 * window of microseconds) the old site is whole under dist.old-<pid>, which the next build puts back:
 * "between".
 */
function state(): string {
  if (!existsSync(dist)) {
    const retired = readdirSync(root).filter((n) => n.startsWith("dist.old-"));
    const kept = retired.length === 1 ? snapshot(path.join(root, retired[0])) : new Map();
    return kept.size === oldSite.size && [...kept].every(([f, h]) => oldSite.get(f) === h) ? "between" : "missing";
  }
  const now = snapshot(dist);
  const same = (other: Map<string, string>) =>
    now.size === other.size && [...now].every(([f, h]) => other.get(f) === h);
  return same(oldSite) ? "old" : same(newSite) ? "new" : `mixed (${now.size} files)`;
}

beforeAll(() => {
  root = makeProject();
  cpSync(path.join(repoRoot, "templates"), path.join(root, "templates"), { recursive: true });
  dist = path.join(root, "dist");
  buildSync("dist");
  oldSite = snapshot(dist);
  // The next builds say something else, so an old and a new dist/ can be told apart.
  const page = path.join(root, "content/pages/waitlist.md");
  writeFileSync(
    page,
    readFileSync(page, "utf8").replace("Be among the first to begin.", "Be among the very first to begin."),
  );
  const times = [buildSync("expected-new"), buildSync("expected-new"), buildSync("expected-new")].sort((a, b) => a - b);
  buildMs = times[1];
  newSite = snapshot(path.join(root, "expected-new"));
  expect(newSite.get("index.html")).not.toBe(oldSite.get("index.html"));
}, 60_000);

describe("a build killed part-way", () => {
  it("leaves the old site, byte for byte, whenever it is killed before it finished", async () => {
    // 16 moments from the start to a quarter past the measured build time.
    const moments = Array.from({ length: 16 }, (_, i) => Math.round((i * 1.25 * buildMs) / 15));
    const seen: Array<{ delay: number; killed: boolean; state: string }> = [];
    for (const delay of moments) {
      const child = startBuild();
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      await exited(child);
      const now = state();
      seen.push({ delay, killed: child.signalCode === "SIGKILL", state: now });
      const log =
        `build ${buildMs.toFixed(0)} ms; ` +
        `${seen.map((s) => `${s.delay}ms:${s.killed ? "killed" : "finished"}:${s.state}`).join(" ")}`;
      // Killed before the swap: the old site; killed after it (or finished): the complete new one; between
      // its renames: the old site kept whole, which the next build puts back. Never anything else.
      expect(["old", "new", "between"], log).toContain(now);
      if (now === "between") {
        buildSync("dist");
        expect(state()).toBe("new");
      }
      if (now !== "old") buildSyncOld(); // put the old site back for the next round
    }
    // The kills did land part-way: in the second half of the build time too, past the start-up.
    const log =
      `build ${buildMs.toFixed(0)} ms; ` +
      `${seen.map((s) => `${s.delay}ms:${s.killed ? "killed" : "finished"}:${s.state}`).join(" ")}`;
    // The build's time as this loop saw it: the first moment a build finished, when one did (a busy machine makes
    // the measured time above longer than the builds here).
    const finishedAt = Math.min(buildMs, ...seen.filter((s) => !s.killed).map((s) => s.delay));
    const midBuild = seen.filter((s) => s.killed && s.state === "old" && s.delay >= finishedAt / 2);
    expect(midBuild.length, log).toBeGreaterThanOrEqual(2);
    expect(seen.filter((s) => s.killed && s.state === "old").length, log).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it("leaves the old site when killed exactly while the new one is being written, " +
    "and the next build cleans up", async () => {
    const child = startBuild();
    const staging = `dist.tmp-${child.pid}`;
    await new Promise<void>((resolve) => {
      const watcher = watch(root, (_event, name) => {
        if (name === staging) {
          child.kill("SIGKILL");
          watcher.close();
          resolve();
        }
      });
      child.once("exit", () => {
        watcher.close();
        resolve();
      });
    });
    await exited(child);
    expect(child.signalCode).toBe("SIGKILL");
    expect(state()).toBe("old");
    expect(readdirSync(root).filter((n) => n.startsWith("dist.tmp-"))).toContain(staging);

    buildSync("dist");
    expect(state()).toBe("new");
    expect(readdirSync(root).filter((n) => /^dist\.(tmp|old)-/.test(n))).toEqual([]);
  }, 60_000);
});

/** Restores the old site into dist/ by building the old content again. */
function buildSyncOld() {
  const page = path.join(root, "content/pages/waitlist.md");
  const text = readFileSync(page, "utf8");
  writeFileSync(page, text.replace("Be among the very first to begin.", "Be among the first to begin."));
  buildSync("dist");
  writeFileSync(page, text);
  expect(state()).toBe("old");
}
