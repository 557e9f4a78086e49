#!/usr/bin/env node
// Writes the Rust blog as an Eleventy site, the second peer of extract.js's Heirloom port: the same posts byte for
// byte (src/posts/, src/inside-rust/), the same images and scripts (static/), the port's stylesheet, each blog's
// titles and introduction from its blog.yml (src/_data/blogs.json), and our layouts (scripts/corpus/eleventy-site/).
// Eleventy itself comes from the shared bench folder's installed peer (its node_modules linked in).
// Usage: node scripts/corpus/eleventy.js --git-dir <repo.git> [--commit <sha>] --out <folder> [--peer <bench folder>]
import { cpSync, existsSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { corpusArguments, put, readCorpus } from "./corpus.js";

const site = fileURLToPath(new URL("eleventy-site/", import.meta.url));
const stylesheet = fileURLToPath(new URL("rust-blog/templates/styles/site.css", import.meta.url));
const BLOGS = {
  main: { folder: "posts", path: "/", collection: "posts" },
  "inside-rust": { folder: "inside-rust", path: "/inside-rust/", collection: "insideRust" },
};

/** Each blog's manifest as the layouts read it. */
function blogsData(manifests) {
  const yaml = createRequire(import.meta.url)("js-yaml");
  const data = {};
  for (const [blog, where] of Object.entries(BLOGS)) {
    const manifest = yaml.load(manifests[blog]);
    const { title, description } = manifest;
    data[blog] = { ...where, title, description, indexHtml: manifest["index-html"] };
  }
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Writes the Eleventy site into `out` (src/ and static/ replaced); links the peer's node_modules when installed. */
export function writeEleventySite({ gitDir, commit, out, peer }) {
  if (existsSync(out) && readdirSync(out).length && !existsSync(path.join(out, "eleventy.config.js"))) {
    throw new Error(`${out} is not empty and holds no eleventy.config.js: choose an empty or earlier output folder.`);
  }
  const corpus = readCorpus(gitDir, commit);
  for (const folder of ["src", "static"]) rmSync(path.join(out, folder), { recursive: true, force: true });
  cpSync(site, out, { recursive: true });
  cpSync(stylesheet, path.join(out, "static", "site.css"));
  put(path.join(out, "src", "_data", "blogs.json"), blogsData(corpus.manifests));
  for (const post of corpus.posts) put(path.join(out, "src", BLOGS[post.blog].folder, post.name), post.bytes);
  for (const file of corpus.statics) put(path.join(out, "static", file.path), file.bytes);
  const modules = path.join(peer, "eleventy", "node_modules");
  const installed = existsSync(path.join(modules, ".bin", "eleventy"));
  if (installed && !existsSync(path.join(out, "node_modules"))) symlinkSync(modules, path.join(out, "node_modules"));
  return { corpus, installed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const usage =
    "Usage: node scripts/corpus/eleventy.js --git-dir <repo.git> [--commit <sha>] --out <folder> [--peer <folder>]";
  const { gitDir, commit, out, flags } = corpusArguments(process.argv.slice(2), usage);
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const peerOption = flags.includes("--peer") ? flags[flags.indexOf("--peer") + 1] : undefined;
  const peer = path.resolve(root, peerOption ?? process.env.HEIRLOOM_BENCH_PEER ?? "../shared/bench");
  const { corpus, installed } = writeEleventySite({ gitDir, commit, out, peer });
  console.log(`Rust blog at ${corpus.commit} as an Eleventy site -> ${out} (${corpus.posts.length} posts)`);
  if (!installed) console.log(`Eleventy is not installed in ${peer}/eleventy (npm ci there): node_modules not linked.`);
}
