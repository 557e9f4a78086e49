// The engine as a user gets it: `npm pack` of packages/heirloom, installed into a new folder with
// `npm ci --offline`. The folder's lock is made from this repository's: the tarball, and every package it
// depends on at the version, address and integrity the repository installed, so npm takes them all from its
// cache (what `npm ci` or `npm install` here put there) and never from the registry.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { engineRoot, repoRoot } from "./site.ts";

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** Packs the engine (its prepack builds dist/) and returns the tarball's path. */
export function packEngine(): string {
  const into = mkdtempSync(path.join(os.tmpdir(), "heirloom-pack-"));
  const packed = spawnSync("npm", ["pack", "--silent", "--pack-destination", into], {
    cwd: engineRoot,
    encoding: "utf8",
  });
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stdout}\n${packed.stderr}`);
  return path.join(into, packed.stdout.trim().split("\n").pop()!);
}

/** A new folder with the tarball installed offline; returns the folder. */
export function installOffline(tarball: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-installed-"));
  const local = path.join(dir, path.basename(tarball));
  writeFileSync(local, readFileSync(tarball));
  const engine = JSON.parse(readFileSync(path.join(engineRoot, "package.json"), "utf8"));
  const spec = `file:${path.basename(tarball)}`;
  const manifest = { name: "installed-site", version: "1.0.0", private: true, dependencies: { heirloom: spec } };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  const integrity = `sha512-${createHash("sha512").update(readFileSync(local)).digest("base64")}`;
  const { bin, engines, dependencies } = engine;
  const heirloom = { version: engine.version, resolved: spec, integrity, bin, engines, dependencies };
  const packages = {
    "": manifest,
    "node_modules/heirloom": heirloom,
    ...dependencyTree(path.relative(repoRoot, engineRoot), "node_modules/heirloom"),
  };
  const lock = { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages };
  writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify(lock, null, 2));
  const args = ["ci", "--offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"];
  const result = spawnSync("npm", args, { cwd: dir, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm ci --offline failed:\n${result.stderr}`);
  return dir;
}

/**
 * The entries of the repository's lock for everything the package at `from` depends on, transitively, placed
 * as npm placed them (a package nested under the engine's own node_modules goes under `to`'s).
 */
function dependencyTree(from: string, to: string): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const tree: Record<string, LockEntry> = {};
  const visit = (requester: string) => {
    const { dependencies, optionalDependencies, peerDependencies } = lock.packages[requester];
    for (const name of Object.keys({ ...dependencies, ...optionalDependencies, ...peerDependencies })) {
      const found = resolveIn(lock.packages, requester, name);
      // An optional package of another platform is not in the lock: there is nothing to install.
      if (!found || tree[placed(found)]) continue;
      const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = lock.packages[found];
      tree[placed(found)] = { ...entry, resolved: entry.resolved ?? tarballUrl(found, entry.version!) };
      visit(found);
    }
  };
  const placed = (key: string) => (key.startsWith(`${from}/`) ? `${to}/${key.slice(from.length + 1)}` : key);
  visit(from);
  return tree;
}

/**
 * The registry's address of a package's tarball, for a lock written without them (npm's
 * omit-lockfile-registry-resolved): with it npm takes the tarball from its cache by integrity, where without it
 * npm asks the registry for the package's versions first, which it may never have cached.
 */
function tarballUrl(key: string, version: string): string {
  const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
  return `https://registry.npmjs.org/${name}/-/${name.split("/").pop()}-${version}.tgz`;
}

/** Where Node finds `name` from a package at `requester`: its own node_modules, then each one above. */
function resolveIn(packages: Record<string, LockEntry>, requester: string, name: string): string | undefined {
  const parts = requester.split("/");
  for (let end = parts.length; end >= 0; end--) {
    const base = parts.slice(0, end).join("/");
    if (end > 0 && parts[end - 1] === "node_modules") continue;
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
  }
  return undefined;
}

/** Every file under a folder, relative to it. */
export function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
