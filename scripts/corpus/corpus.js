// The Rust blog's posts at one commit of its git history, read straight from git (no work tree): the posts of
// its two blogs as bytes, their manifests, and the files under static/ the posts reference; shared by the ports.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The last commit whose posts are written as the Jekyll-style era wrote them: `posts/YYYY-MM-DD-slug.md` and
 * `posts/inside-rust/YYYY-MM-DD-slug.md`, YAML front matter without a date, published at `/YYYY/MM/DD/slug.html`.
 * It is the main line's parent of the merge of rust-lang/blog.rust-lang.org#1508 ("Translate front matter from
 * yaml to toml", 2025-03-08), the first step of the move to Zola (posts/ became content/ on 2025-03-27).
 */
export const JEKYLL_ERA_COMMIT = "650e08fc3e2536a944615711288b84dbac224095";

/** The two blogs as the original generator published them: a folder of posts and the URL prefix. */
export const BLOGS = [
  { name: "main", folder: "posts", prefix: "" },
  { name: "inside-rust", folder: "posts/inside-rust", prefix: "inside-rust/" },
];

const DATED_POST = /^(\d{4})-(\d{2})-(\d{2})-(.+)\.md$/;

/** Runs git on a bare repository and returns its output (bytes); throws with its stderr when it fails. */
export function git(gitDir, args, input) {
  const result = spawnSync("git", ["--git-dir", gitDir, ...args], { input, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed:\n${result.stderr}`);
  return result.stdout;
}

/** Every blob under the given paths at a commit: { path, sha }. */
export function listBlobs(gitDir, commit, paths) {
  return git(gitDir, ["ls-tree", "-r", "-z", commit, "--", ...paths])
    .toString("utf8")
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta, file] = line.split("\t");
      const [, type, sha] = meta.split(" ");
      return { path: file, type, sha };
    })
    .filter((entry) => entry.type === "blob");
}

/** The bytes of many blobs in one `git cat-file --batch`. */
export function readBlobs(gitDir, shas) {
  const out = git(gitDir, ["cat-file", "--batch"], `${shas.join("\n")}\n`);
  const blobs = new Map();
  let at = 0;
  while (at < out.length) {
    const newline = out.indexOf(10, at);
    const [sha, , size] = out.subarray(at, newline).toString("latin1").split(" ");
    const start = newline + 1;
    blobs.set(sha, out.subarray(start, start + Number(size)));
    at = start + Number(size) + 1;
  }
  return blobs;
}

/** The `images/...` and `scripts/...` paths a post names (relative or absolute), without query or fragment. */
function referencedStatics(text) {
  const found = new Set();
  for (const [match] of text.matchAll(/(?<![\w.-])(?:images|scripts)\/[^\s)"'<>\]]+/g)) {
    found.add(decodeURIComponent(match.replace(/[?#].*$/, "").replace(/[.,;:]+$/, "")));
  }
  return found;
}

/**
 * Reads the corpus at a commit: its posts by blog (a file that the original generator skipped, one without the
 * .md extension, is listed in `skipped`), the blogs' manifests (blog.yml) and the static files the posts name
 * (`statics`: their path under static/, as the original published them at the root, and bytes).
 */
export function readCorpus(gitDir, commit = JEKYLL_ERA_COMMIT) {
  const sha = git(gitDir, ["rev-parse", "--verify", `${commit}^{commit}`])
    .toString()
    .trim();
  const entries = listBlobs(gitDir, sha, ["posts", "static/images", "static/scripts"]);
  const blobs = readBlobs(
    gitDir,
    entries.map((e) => e.sha),
  );
  const posts = [];
  const manifests = {};
  const skipped = [];
  for (const entry of entries.filter((e) => e.path.startsWith("posts/"))) {
    const folder = path.posix.dirname(entry.path);
    const name = path.posix.basename(entry.path);
    const blog = BLOGS.find((b) => b.folder === folder);
    if (!blog) skipped.push(entry.path);
    else if (name === "blog.yml") manifests[blog.name] = blobs.get(entry.sha).toString("utf8");
    else if (DATED_POST.test(name)) posts.push({ blog: blog.name, name, bytes: blobs.get(entry.sha) });
    else skipped.push(entry.path);
  }
  const statics = new Map(
    entries.filter((e) => e.path.startsWith("static/")).map((e) => [e.path.slice("static/".length), e.sha]),
  );
  const named = new Set(posts.flatMap((post) => [...referencedStatics(post.bytes.toString("utf8"))]));
  const files = [...named].filter((file) => statics.has(file)).sort();
  return {
    commit: sha,
    posts,
    manifests,
    skipped,
    statics: files.map((file) => ({ path: file, bytes: blobs.get(statics.get(file)) })),
    missingStatics: [...named].filter((file) => !statics.has(file)).sort(),
  };
}

/** "2019-05-15-Rust-1.35.0.md" -> { year, month, day, date: "2019-05-15", slug: "Rust-1.35.0" }. */
export function datedName(name) {
  const [, year, month, day, slug] = DATED_POST.exec(name);
  return { year, month, day, date: `${year}-${month}-${day}`, slug };
}

/** Fenced code blocks of a post's body, as CommonMark counts them (markdown-it, the engine's parser). */
export function countCodeBlocks(bytes) {
  const text = bytes.toString("utf8").replace(/\r\n?/g, "\n");
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, "");
  return markdownIt()
    .parse(body, {})
    .filter((token) => token.type === "fence").length;
}

let parser;
function markdownIt() {
  if (!parser) {
    const MarkdownIt = createRequire(import.meta.url)("markdown-it");
    parser = new MarkdownIt({ html: true });
  }
  return parser;
}

/** Writes a file, creating its folder. */
export function put(file, data) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}

/** The options shared by the corpus scripts: --git-dir, --commit, --out. */
export function corpusArguments(argv, usage) {
  const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const gitDir = option("--git-dir");
  const out = option("--out");
  if (!gitDir || !out) {
    console.error(usage);
    process.exit(2);
  }
  return { gitDir, commit: option("--commit") ?? JEKYLL_ERA_COMMIT, out: path.resolve(out), flags: argv };
}
