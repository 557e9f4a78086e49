// Hugo as a benchmark peer (bench-corpus.js, bench-scale.js): whether `hugo` is on the PATH, a build of a site (cold:
// its output, resources and cache removed), and a site folder started from minimal layouts of ours.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

/** `hugo version`'s line, or undefined where Hugo is not installed. */
export const hugoVersion = (() => {
  const result = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
})();

export const hugoMissing = "Hugo is not installed (no `hugo` on the PATH; `apt-get install hugo`): left out.";

/** A Hugo build of `site` into its public/, with a cache folder of its own that a cold build removes too. */
export function hugoBuild(site) {
  return {
    name: "Hugo",
    site,
    command: ["hugo", "--quiet", "--source", site],
    env: { HUGO_CACHEDIR: path.join(site, ".hugo-cache") },
    clean: [path.join(site, "public"), path.join(site, "resources"), path.join(site, ".hugo-cache")],
    out: path.join(site, "public"),
  };
}

/**
 * Starts a Hugo site in `out` from the folder `layouts` (hugo.toml and layouts/): what an earlier write put there
 * (content/, layouts/, static/) is removed first; a non-empty folder without hugo.toml is refused.
 */
export function startHugoSite(layouts, out) {
  if (existsSync(out) && readdirSync(out).length && !existsSync(path.join(out, "hugo.toml"))) {
    throw new Error(`${out} is not empty and holds no hugo.toml: choose an empty or earlier output folder.`);
  }
  for (const folder of ["content", "layouts", "static"]) {
    rmSync(path.join(out, folder), { recursive: true, force: true });
  }
  cpSync(layouts, out, { recursive: true });
}
