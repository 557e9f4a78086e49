#!/usr/bin/env node
// Writes Starlight's documentation (docs/src/content/docs of withastro/starlight, MIT) as a Heirloom site, its
// .mdx and .md files copied byte for byte from commit 3999be7cc18b41095d61e3b63d68ff3e6c6c050b, with our definition,
// templates and stand-ins for its components; with --build, builds it and prints what renders (starlight-report.js).
// Usage: node scripts/corpus/starlight-docs.js --git-dir <starlight.git> [--commit <sha>] --out <folder> [--build]
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { git, listBlobs, put, readBlobs } from "./corpus.js";

/** The commit of withastro/starlight the port is taken from. */
export const STARLIGHT_COMMIT = "3999be7cc18b41095d61e3b63d68ff3e6c6c050b";

/** Where the docs are in the repository. */
const DOCS = "docs/src/content/docs/";

/** Starlight's translations: each a folder at the top of DOCS (English, the root locale, has none). */
export const TRANSLATIONS = ["da", "de", "es", "fa", "fr", "hi", "id", "it", "ja", "ko", "pt-br", "pt-pt"].concat([
  "ru",
  "tr",
  "uk",
  "zh-cn",
]);

const ours = fileURLToPath(new URL("starlight-docs/", import.meta.url));

/**
 * The docs' files at a commit: { name, locale, bytes }, `name` their path under the locale's folder (English's
 * under DOCS), in the order of their paths.
 */
export function readDocs(gitDir, commit = STARLIGHT_COMMIT) {
  const sha = git(gitDir, ["rev-parse", "--verify", `${commit}^{commit}`])
    .toString()
    .trim();
  const entries = listBlobs(gitDir, sha, [DOCS]).filter((entry) => /\.mdx?$/.test(entry.path));
  const blobs = readBlobs(
    gitDir,
    entries.map((entry) => entry.sha),
  );
  const files = entries.map((entry) => {
    const relative = entry.path.slice(DOCS.length);
    const [first, ...rest] = relative.split("/");
    const locale = TRANSLATIONS.includes(first) && rest.length > 0 ? first : "en";
    const name = locale === "en" ? relative : rest.join("/");
    return { path: relative, name, locale, bytes: blobs.get(entry.sha) };
  });
  return { commit: sha, files: files.sort((a, b) => (a.path < b.path ? -1 : 1)) };
}

/**
 * Writes the site into `out`: its content/ and templates/ replaced, an earlier dist/ kept. English's files go to
 * content/docs/, a translation's to content/<locale>/docs/ (where Heirloom reads a locale's version of an entry).
 */
export function extractDocs({ gitDir, commit, out }) {
  if (existsSync(out) && readdirSync(out).length && !existsSync(path.join(out, "site.config.ts"))) {
    throw new Error(`${out} is not empty and holds no site.config.ts: choose an empty or earlier output folder.`);
  }
  const docs = readDocs(gitDir, commit);
  for (const folder of ["content", "templates"]) rmSync(path.join(out, folder), { recursive: true, force: true });
  for (const item of ["templates", "content", "package.json", "site.config.ts"]) {
    cpSync(path.join(ours, item), path.join(out, item), { recursive: true });
  }
  for (const file of docs.files) {
    const folder = file.locale === "en" ? "content/docs" : `content/${file.locale}/docs`;
    put(path.join(out, folder, file.name), file.bytes);
  }
  return docs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const [gitDir, out] = [option("--git-dir"), option("--out")];
  if (!gitDir || !out) {
    const usage = "--git-dir <starlight.git> [--commit <sha>] --out <folder> [--build]";
    console.error(`Usage: node scripts/corpus/starlight-docs.js ${usage}`);
    process.exit(2);
  }
  const root = path.resolve(out);
  const docs = extractDocs({ gitDir, commit: option("--commit") ?? STARLIGHT_COMMIT, out: root });
  const mdx = docs.files.filter((file) => file.name.endsWith(".mdx")).length;
  console.log(`Starlight's docs at ${docs.commit} -> ${root}`);
  console.log(`${docs.files.length} files copied byte for byte (${mdx} .mdx, ${docs.files.length - mdx} .md).`);
  if (argv.includes("--build")) {
    const { buildAndReport } = await import("./starlight-report.js");
    process.exitCode = await buildAndReport(root);
  }
}
