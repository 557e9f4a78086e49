#!/usr/bin/env node
// Writes jekyllrb.com's news (docs/_posts/ of jekyll/jekyll, MIT) as a Heirloom site, its posts copied byte for
// byte from commit 202df571314ba1d18e9fccd81d12aaad4a703c38 (2026-04-22), with our definition and templates.
// Usage: node scripts/corpus/jekyll-news.js --git-dir <jekyll.git> [--commit <sha>] --out <folder>
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { git, listBlobs, put, readBlobs } from "./corpus.js";

/** The commit of jekyll/jekyll the port is taken from (docs: update wsl installation procedure, #9968). */
export const JEKYLL_NEWS_COMMIT = "202df571314ba1d18e9fccd81d12aaad4a703c38";

const ours = fileURLToPath(new URL("jekyll-news/", import.meta.url));
const POSTS = "docs/_posts/";

/** The posts of docs/_posts/ at a commit: { name, bytes }, in the order of their names. */
export function readNews(gitDir, commit = JEKYLL_NEWS_COMMIT) {
  const sha = git(gitDir, ["rev-parse", "--verify", `${commit}^{commit}`])
    .toString()
    .trim();
  const entries = listBlobs(gitDir, sha, [POSTS]);
  const blobs = readBlobs(
    gitDir,
    entries.map((entry) => entry.sha),
  );
  // Jekyll takes categories from the folders above _posts/ too; its posts are all directly in docs/_posts/.
  const nested = entries.filter((entry) => entry.path.slice(POSTS.length).includes("/")).map((entry) => entry.path);
  const posts = entries
    .map((entry) => ({ name: entry.path.slice(POSTS.length), bytes: blobs.get(entry.sha) }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return { commit: sha, posts, nested };
}

/** Writes the site into `out`: its content/ and templates/ replaced, an earlier dist/ kept. */
export function extractNews({ gitDir, commit, out }) {
  if (existsSync(out) && readdirSync(out).length && !existsSync(path.join(out, "site.config.ts"))) {
    throw new Error(`${out} is not empty and holds no site.config.ts: choose an empty or earlier output folder.`);
  }
  const news = readNews(gitDir, commit);
  for (const folder of ["content", "templates"]) rmSync(path.join(out, folder), { recursive: true, force: true });
  for (const item of ["templates", "content", "package.json", "site.config.ts"]) {
    cpSync(path.join(ours, item), path.join(out, item), { recursive: true });
  }
  for (const post of news.posts) put(path.join(out, "content", "posts", post.name), post.bytes);
  return news;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const [gitDir, out] = [option("--git-dir"), option("--out")];
  if (!gitDir || !out) {
    console.error("Usage: node scripts/corpus/jekyll-news.js --git-dir <jekyll.git> [--commit <sha>] --out <folder>");
    process.exit(2);
  }
  const news = extractNews({ gitDir, commit: option("--commit") ?? JEKYLL_NEWS_COMMIT, out: path.resolve(out) });
  const markdown = news.posts.filter((post) => post.name.endsWith(".markdown")).length;
  console.log(`jekyllrb.com news at ${news.commit} -> ${path.resolve(out)}`);
  console.log(`${news.posts.length} posts copied byte for byte (${markdown} .markdown, the others .md).`);
  if (news.nested.length) console.log(`In folders below _posts/ (categories in Jekyll): ${news.nested.join(", ")}`);
}
