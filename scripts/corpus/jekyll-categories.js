#!/usr/bin/env node
// The Jekyll news port's category counts beside the original's: Jekyll's site.categories computed from the posts'
// front matter at the port's commit (its rules: document.rb's populate_categories), Heirloom's counted on the
// built /news/categories/ pages; with --log, the build's warnings (its stderr) grouped by kind.
// Usage: node scripts/corpus/jekyll-categories.js --git-dir <jekyll.git> [--commit <sha>] --dist <built site>
//        [--log <build stderr>]
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JEKYLL_NEWS_COMMIT, readNews } from "./jekyll-news.js";

const require = createRequire(import.meta.url);

/** Ruby's `value.split` for a String, `compact` for an Array (utils.rb's value_from_plural_key). */
const plural = (value) =>
  typeof value === "string" ? value.split(/\s+/).filter(Boolean) : Array.isArray(value) ? value : undefined;

/**
 * A post's categories as Jekyll 4 reads them: `categories` (a String is split on spaces), then `category` if the
 * post has one, else `categories` again, each as text, without repeats. Folders above _posts/ add none here.
 */
export function jekyllCategories(data) {
  const categories = [...(plural(data.categories) ?? [])];
  const singular = "category" in data ? data.category : plural(data.categories);
  categories.push(...[singular].flat().filter((value) => value !== null && value !== undefined));
  return [...new Set(categories.map(String))];
}

/** site.categories: each category and how many posts hold it, as the original's pages list them. */
export function jekyllCounts(posts) {
  const yaml = require("js-yaml");
  const counts = new Map();
  for (const post of posts) {
    const text = post.bytes.toString("utf8");
    const data = yaml.load(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)[1]) ?? {};
    if (data.published === false) continue;
    for (const category of jekyllCategories(data)) counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return counts;
}

/** Each term page's posts, counted on its pages (/news/categories/<slug>/, then page/2/ …) of the built site. */
export function heirloomCounts(dist) {
  const { parse } = require("node-html-parser");
  const index = parse(readFileSync(path.join(dist, "news", "categories", "index.html"), "utf8"));
  const counts = new Map();
  for (const link of index.querySelectorAll(".terms a")) {
    const folder = path.join(dist, link.getAttribute("href").replace(/^\//, ""));
    let posts = 0;
    for (let page = 1; existsSync(pageFile(folder, page)); page++) {
      posts += parse(readFileSync(pageFile(folder, page), "utf8")).querySelectorAll(".post-list > li").length;
    }
    counts.set(link.text.trim(), posts);
  }
  return counts;
}

const pageFile = (folder, page) => path.join(folder, ...(page === 1 ? [] : ["page", String(page)]), "index.html");

/** The build's warnings by kind: the Liquid construct (its tag, or its output's variable or filter), or a link. */
export function warningKinds(log) {
  const kinds = new Map();
  for (const line of log.split("\n").filter((l) => l.startsWith("warning "))) {
    const liquid = /: (\{%.*?%\}|\{\{.*?\}\}) is (?:a )?Liquid (tag|output)/.exec(line);
    const kind = liquid
      ? `Liquid ${liquid[2]} ${liquid[1].replace(/"[^"]*"|'[^']*'/, "'…'")}`
      : /^warning The link \S+ on .* leads to no page or file/.test(line)
        ? "a link to the rest of jekyllrb.com (/docs/…), which the port does not hold"
        : line.slice(8, 100);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const [gitDir, dist, log] = [option("--git-dir"), option("--dist"), option("--log")];
  if (!gitDir || !dist) {
    console.error("Usage: node scripts/corpus/jekyll-categories.js --git-dir <jekyll.git> --dist <site> [--log <f>]");
    process.exit(2);
  }
  const news = readNews(gitDir, option("--commit") ?? JEKYLL_NEWS_COMMIT);
  const [jekyll, heirloom] = [jekyllCounts(news.posts), heirloomCounts(path.resolve(dist))];
  const terms = [...new Set([...jekyll.keys(), ...heirloom.keys()])].sort();
  console.log(`Categories of jekyllrb.com's news at ${news.commit} (${news.posts.length} posts):`);
  console.table(terms.map((term) => ({ term, jekyll: jekyll.get(term) ?? 0, heirloom: heirloom.get(term) ?? 0 })));
  if (log) {
    const kinds = [...warningKinds(readFileSync(log, "utf8"))].sort((a, b) => b[1] - a[1]);
    console.log(`Warnings: ${kinds.reduce((sum, [, n]) => sum + n, 0)}`);
    console.table(kinds.map(([kind, count]) => ({ kind, count })));
  }
}
