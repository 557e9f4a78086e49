// Writes the journal (examples/journal, or a copy with generated posts) as a Hugo site, bench-scale.js's peer: every
// post byte for byte at content/blog/<slug>.md (an .mdx post as markdown with raw HTML), the pages at the journal's
// paths (the front page and the list's introduction as _index.md), its stylesheet, and our layouts (hugo-site/).
// Usage: node scripts/scale/hugo.js --journal <folder> --out <folder>
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { put } from "../corpus/corpus.js";
import { startHugoSite } from "../hugo-peer.js";

const layouts = fileURLToPath(new URL("hugo-site/", import.meta.url));
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * Where a page of the journal goes in Hugo's content/: the front page and the list's page are section indexes, the
 * 404 page is Hugo's 404.html layout, and any other page keeps its path through `url` (a file at the top level, so
 * that no section list page is made for it).
 */
function hugoPage(file) {
  const yaml = createRequire(import.meta.url)("js-yaml");
  const [, head, body] = FRONT_MATTER.exec(readFileSync(file, "utf8"));
  const { path: url, title, description } = yaml.load(head);
  if (url === "404") return undefined;
  const fields = { title, description };
  let name = "_index.md";
  if (url === "/blog/") name = path.join("blog", "_index.md");
  else if (url !== "/") [name, fields.url] = [`${url.replace(/^\/|\/$/g, "").replaceAll("/", "-")}.md`, url];
  return { name, text: `---\n${yaml.dump(fields)}---\n${body}` };
}

/** Writes the Hugo site of the journal at `journal` into `out` (its content/, layouts/ and static/ replaced). */
export function writeJournalHugoSite({ journal, out }) {
  startHugoSite(layouts, out);
  put(path.join(out, "static", "site.css"), readFileSync(path.join(journal, "templates", "styles", "site.css")));
  const blog = path.join(out, "content", "blog");
  mkdirSync(blog, { recursive: true });
  const posts = readdirSync(path.join(journal, "content", "posts")).filter((name) => /\.mdx?$/.test(name));
  for (const name of posts) {
    copyFileSync(path.join(journal, "content", "posts", name), path.join(blog, name.replace(/\.mdx$/, ".md")));
  }
  const pages = path.join(journal, "content", "pages");
  for (const name of readdirSync(pages, { recursive: true }).filter((n) => String(n).endsWith(".md"))) {
    const page = hugoPage(path.join(pages, name));
    if (page) put(path.join(out, "content", page.name), page.text);
  }
  return { posts: posts.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? path.resolve(args[args.indexOf(name) + 1]) : undefined);
  const [journal, out] = [option("--journal"), option("--out")];
  if (!journal || !out) {
    console.error("Usage: node scripts/scale/hugo.js --journal <folder> --out <folder>");
    process.exit(2);
  }
  const { posts } = writeJournalHugoSite({ journal, out });
  console.log(`The journal at ${journal} as a Hugo site -> ${out} (${posts} posts); build: hugo -s ${out}`);
}
