#!/usr/bin/env node
// Writes the Rust blog as a Heirloom site, ready to build: its posts copied byte for byte from a commit of its
// git history (content/posts/, content/inside-rust/), the images and scripts they name (content/images/,
// content/scripts/), each blog's list page made from its blog.yml, and our definition and templates
// (scripts/corpus/rust-blog/). The port changes configuration, never posts (but with --repair: see REPAIRS and
// STATIC_REPAIRS).
// Usage: node scripts/corpus/extract.js --git-dir <repo.git> [--commit <sha>] --out <folder> [--repair]
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { corpusArguments, countCodeBlocks, put, readCorpus } from "./corpus.js";

const ours = fileURLToPath(new URL("rust-blog/", import.meta.url));
const FOLDERS = { main: "posts", "inside-rust": "inside-rust" };
const LIST_PAGES = {
  main: { file: "index.md", path: "/" },
  "inside-rust": { file: "inside-rust.md", path: "/inside-rust/" },
};

/** A blog's list page: its manifest's titles and description in front matter, its introduction (HTML) below. */
function listPage(manifestText, listPath) {
  const yaml = createRequire(import.meta.url)("js-yaml");
  const manifest = yaml.load(manifestText);
  const fields = {
    path: listPath,
    template: "index",
    title: manifest["index-title"],
    description: manifest.description,
    blog: manifest.title,
    linkText: manifest["link-text"],
    maintainedBy: manifest["maintained-by"],
  };
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n${manifest["index-html"]}\n`;
}

/**
 * The one post the port cannot build as written: its front matter has no opening --- line (Heirloom refuses it
 * with FrontMatterWithoutOpening; Hugo and Eleventy print its fields as text). --repair adds the line, for runs
 * that need a site that builds (bench:corpus); without it the posts are copied byte for byte.
 */
const REPAIRS = {
  "inside-rust/2020-09-17-stabilizing-intra-doc-links.md": (bytes) => Buffer.concat([Buffer.from("---\n"), bytes]),
};

/**
 * The one picture the port cannot publish as written: rustc's interactive flame graph, an SVG that runs a script
 * when opened on its own (Heirloom refuses it with UnsafeImageError: on a host without the site's policy it would
 * run on the site's origin). --repair removes its script and its onload, so the graph is still shown, not driven.
 */
const STATIC_REPAIRS = {
  "images/inside-rust/2020-02-25-intro-rustc-self-profile/rustc.svg": (bytes) =>
    Buffer.from(
      bytes
        .toString("utf8")
        .replace(/<script\b[\s\S]*?<\/script>/g, "")
        .replace(/\sonload="[^"]*"/g, ""),
    ),
};

/** Writes the site into `out` (its content/ and templates/ replaced, an earlier dist/ kept). */
export function extractSite({ gitDir, commit, out, repair = false }) {
  if (existsSync(out) && readdirSync(out).length && !existsSync(path.join(out, "site.config.ts"))) {
    throw new Error(`${out} is not empty and holds no site.config.ts: choose an empty or earlier output folder.`);
  }
  const corpus = readCorpus(gitDir, commit);
  for (const folder of ["content", "templates"]) rmSync(path.join(out, folder), { recursive: true, force: true });
  cpSync(path.join(ours, "templates"), path.join(out, "templates"), { recursive: true });
  cpSync(path.join(ours, "content"), path.join(out, "content"), { recursive: true });
  cpSync(path.join(ours, "package.json"), path.join(out, "package.json"));
  cpSync(path.join(ours, "site.config.ts"), path.join(out, "site.config.ts"));
  for (const [blog, { file, path: listPath }] of Object.entries(LIST_PAGES)) {
    put(path.join(out, "content", "pages", file), listPage(corpus.manifests[blog], listPath));
  }
  const counts = { main: { posts: 0, codeBlocks: 0 }, "inside-rust": { posts: 0, codeBlocks: 0 } };
  for (const post of corpus.posts) {
    const fix = repair ? REPAIRS[`${FOLDERS[post.blog]}/${post.name}`] : undefined;
    put(path.join(out, "content", FOLDERS[post.blog], post.name), fix ? fix(post.bytes) : post.bytes);
    counts[post.blog].posts++;
    counts[post.blog].codeBlocks += countCodeBlocks(post.bytes);
  }
  for (const file of corpus.statics) {
    const fix = repair ? STATIC_REPAIRS[file.path] : undefined;
    put(path.join(out, "content", file.path), fix ? fix(file.bytes) : file.bytes);
  }
  return { corpus, counts };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const usage = "Usage: node scripts/corpus/extract.js --git-dir <repo.git> [--commit <sha>] --out <folder> [--repair]";
  const { gitDir, commit, out, flags } = corpusArguments(process.argv.slice(2), usage);
  const options = { gitDir, commit, out, repair: flags.includes("--repair") };
  const { corpus, counts } = extractSite(options);
  const total = Object.values(counts).reduce((a, c) => ({
    posts: a.posts + c.posts,
    codeBlocks: a.codeBlocks + c.codeBlocks,
  }));
  console.log(`Rust blog at ${corpus.commit} -> ${out}${options.repair ? " (--repair)" : ""}`);
  console.table({ ...counts, total });
  const images = corpus.statics.filter((file) => file.path.startsWith("images/")).length;
  console.log(`${images} images and ${corpus.statics.length - images} scripts the posts name copied into content/.`);
  if (corpus.missingStatics.length) console.log(`Named but not in static/: ${corpus.missingStatics.join(", ")}`);
  if (corpus.skipped.length)
    console.log(`Skipped as the original did (not YYYY-MM-DD-slug.md): ${corpus.skipped.join(", ")}`);
}
