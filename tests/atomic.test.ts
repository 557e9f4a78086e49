// A build killed part-way never leaves a partial or mixed dist/: the old site stays until the new one is
// complete. The CLI is killed with SIGKILL at many moments, and once exactly when its staging folder appears.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeProject, repoRoot } from "./helpers/site.ts";

const cli = path.join(repoRoot, "bin", "heirloom.js");
let root: string;
let dist: string;
let oldSite: Map<string, string>;
let newSite: Map<string, string>;

/** Every file of a folder with the hash of its contents. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = path.join(sub, name);
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else files.set(rel, createHash("sha256").update(readFileSync(path.join(dir, rel))).digest("hex"));
    }
  };
  walk("");
  return files;
}

function buildSync(out: string) {
  const result = spawnSync(process.execPath, [cli, "build", "--out", out], { cwd: root, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
}

function startBuild(): ChildProcess {
  return spawn(process.execPath, [cli, "build", "--out", "dist"], { cwd: root, stdio: "ignore" });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

/** "old", "new", or a description of what is wrong with dist/. */
function state(): string {
  if (!existsSync(dist)) return "missing";
  const now = snapshot(dist);
  const same = (other: Map<string, string>) => now.size === other.size && [...now].every(([f, h]) => other.get(f) === h);
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
  writeFileSync(page, readFileSync(page, "utf8").replace("Be among the first to begin.", "Be among the very first to begin."));
  buildSync("expected-new");
  newSite = snapshot(path.join(root, "expected-new"));
  expect(newSite.get("index.html")).not.toBe(oldSite.get("index.html"));
}, 60_000);

describe("a build killed part-way", () => {
  it("leaves the old site, byte for byte, whenever it is killed before it finished", async () => {
    const seen: string[] = [];
    for (let delay = 0; delay <= 600; delay += 40) {
      const child = startBuild();
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      await exited(child);
      const now = state();
      seen.push(`${delay}ms:${child.signalCode === "SIGKILL" ? "killed" : "finished"}:${now}`);
      // Killed before the swap: the old site; killed after it (or finished): the complete new one. Never anything else.
      expect(["old", "new"], seen.join(" ")).toContain(now);
      if (now === "new") {
        // Put the old site back for the next round.
        buildSyncOld();
      }
    }
    // The kills did land part-way: most runs were killed and left the old site.
    expect(seen.filter((s) => s.endsWith("killed:old")).length, seen.join(" ")).toBeGreaterThan(5);
  }, 120_000);

  it("leaves the old site when killed exactly while the new one is being written, and the next build cleans up", async () => {
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
