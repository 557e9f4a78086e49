#!/usr/bin/env node
// Writes the Rust blog as a Hugo site, the peer of extract.js's Heirloom port: the same posts byte for byte
// (content/posts/, content/inside-rust/), the same images and scripts (static/), the port's stylesheet, each blog's
// introduction as its section's _index.md, and our minimal layouts and configuration (scripts/corpus/hugo-site/).
// Usage: node scripts/corpus/hugo.js --git-dir <repo.git> [--commit <sha>] --out <folder>
import { cpSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startHugoSite } from "../hugo-peer.js";
import { corpusArguments, datedName, put, readCorpus } from "./corpus.js";

const layouts = fileURLToPath(new URL("hugo-site/", import.meta.url));
const stylesheet = fileURLToPath(new URL("rust-blog/templates/styles/site.css", import.meta.url));
const SECTIONS = { main: "posts", "inside-rust": "inside-rust" };

/** A section's _index.md: the blog's titles and its introduction; the main blog's list is the home page. */
function sectionIndex(manifestText, blog) {
  const manifest = createRequire(import.meta.url)("js-yaml").load(manifestText);
  const lines = [`title: ${JSON.stringify(manifest["index-title"])}`];
  // The main blog's section page is not published; Inside Rust's is at /inside-rust/ (uglyURLs would say .html).
  lines.push(...(blog === "main" ? ["_build:", "  render: never"] : ['url: "/inside-rust/"']));
  return `---\n${lines.join("\n")}\n---\n${manifest["index-html"]}\n`;
}

/**
 * The file name under which Hugo 0.111 finds the original's slug: its date-from-file-name handler takes the
 * extension off a name that has already lost ".md", so "2019-05-23-Rust-1.35.0.md" would be "Rust-1.35" (and
 * Rust-1.85.0 and 1.85.1 one page). A slug with a dot keeps it as "....md.md"; the bytes are the same.
 */
function hugoName(name) {
  return datedName(name).slug.includes(".") ? `${name}.md` : name;
}

/** Writes the Hugo site into `out` (its content/, layouts/ and static/ replaced). */
export function writeHugoSite({ gitDir, commit, out }) {
  const corpus = readCorpus(gitDir, commit);
  startHugoSite(layouts, out);
  cpSync(stylesheet, path.join(out, "static", "site.css"));
  for (const [blog, section] of Object.entries(SECTIONS)) {
    put(path.join(out, "content", section, "_index.md"), sectionIndex(corpus.manifests[blog], blog));
  }
  for (const post of corpus.posts) put(path.join(out, "content", SECTIONS[post.blog], hugoName(post.name)), post.bytes);
  for (const file of corpus.statics) put(path.join(out, "static", file.path), file.bytes);
  return corpus;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const usage = "Usage: node scripts/corpus/hugo.js --git-dir <repo.git> [--commit <sha>] --out <folder>";
  const { gitDir, commit, out } = corpusArguments(process.argv.slice(2), usage);
  const corpus = writeHugoSite({ gitDir, commit, out });
  console.log(
    `Rust blog at ${corpus.commit} as a Hugo site -> ${out} (${corpus.posts.length} posts); build: hugo -s ${out}`,
  );
}
