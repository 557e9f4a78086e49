// The published site as a list: every file with its size and SHA-256, and one SHA-256 of the whole site,
// so that a CI log shows whether a commit changed what is published, and a manifest says which files.
import { hash } from "node:crypto";
import path from "node:path";
import type { OutputFile } from "../assets/bundle.ts";
import { writeAtomically } from "../compile/cache.ts";
import type { SitePaths } from "../config/options.ts";
import { ManifestInOutput } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";
import type { Manifest } from "./write/index.ts";

export interface ManifestEntry {
  /** Relative to the output folder, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
}

export interface SiteManifest {
  /**
   * The site's hash: the SHA-256 of its `sha256sum` listing, one "<sha256>  <path>\n" line per file with
   * the paths in byte order, the same as
   * `find . -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum`
   * run in the output folder.
   */
  site: string;
  /** Every published file, in byte order of their paths. */
  files: ManifestEntry[];
}

/** The manifest of a site's files; it depends on their paths and bytes only. */
export function siteManifest(files: OutputFile[]): SiteManifest {
  return manifestOf(files.map((f) => ({ path: f.path, size: f.contents.byteLength, sha256: sha256(f.contents) })));
}

/** The manifest of files already measured (the staging folder's record of what it holds). */
export function manifestOf(files: ManifestEntry[]): SiteManifest {
  const entries = files
    .map((entry) => ({
      key: Buffer.from(entry.path),
      entry: { path: entry.path, size: entry.size, sha256: entry.sha256 },
    }))
    .sort((a, b) => Buffer.compare(a.key, b.key))
    .map(({ entry }) => entry);
  const listing = entries.map((e) => `${e.sha256}  ${e.path}\n`).join("");
  return { site: hash("sha256", listing), files: entries };
}

function sha256(contents: Uint8Array): string {
  return hash("sha256", contents);
}

/** The manifest of a published output folder, from the record of what each of its files holds. */
export function publishedManifest(output: Manifest): SiteManifest {
  return manifestOf([...output].map(([file, { size, sha256 }]) => ({ path: file, size, sha256 })));
}

/**
 * Where `--manifest` writes, relative to the project folder. Never inside the output folder: every host
 * would publish it with the site.
 */
export function resolveManifestFile(file: string, paths: SitePaths): string {
  const resolved = path.resolve(paths.root, file);
  const inside = path.relative(paths.outDir, resolved);
  if (!file.trim() || inside === "" || !(inside.startsWith("..") || path.isAbsolute(inside))) {
    throw errorFrom(ManifestInOutput, { file: resolved, named: file.trim() !== "" });
  }
  return resolved;
}

/** Writes the manifest as JSON, one line per file, under a private name first so no reader sees half of it. */
export async function writeManifest(file: string, manifest: SiteManifest): Promise<void> {
  const lines = manifest.files.map((entry) => `    ${JSON.stringify(entry)}`);
  const files = lines.length > 0 ? `\n${lines.join(",\n")}\n  ` : "";
  const text = `{\n  "site": ${JSON.stringify(manifest.site)},\n  "files": [${files}]\n}\n`;
  await writeAtomically(file, text);
}
