#!/usr/bin/env node
// Taxonomy benchmark: a generated blog (tests/fixtures/taxonomies' templates, N posts, T tags, K tags a post) built
// cold as a whole process with its tag pages, tag index and a feed per tag, against the same blog without them (its
// posts still hold their tags), taken in turn. Medians, the median of pair ratios (with / without), and the pages
// each writes. Usage: npm run bench:taxonomies [-- --posts 10000 --tags 500 --per-post 2 --runs 3]
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { alternate, clean, fmt, median, pairRatio, peakMeaning, timed } from "./builds.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => Number(args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const posts = option("--posts", 10_000);
const tags = option("--tags", 500);
const perPost = option("--per-post", 2);
const runs = option("--runs", 3);
const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-taxonomies-bench-"));
const cli = path.join(root, "packages", "heirloom", "bin", "heirloom.js");
const fixture = path.join(root, "tests", "fixtures", "taxonomies");

/** The fixture's site with generated posts; its archives left out, and with `taxonomies` false its taxonomies too. */
function prepare(name, taxonomies) {
  const site = path.join(work, name);
  cpSync(fixture, site, { recursive: true, filter: (src) => !src.includes(`${path.sep}posts${path.sep}`) });
  const config = path.join(site, "site.config.ts");
  const text = readFileSync(config, "utf8");
  // Both without the fixture's archives, ten posts a tag page: what is measured is the tags' pages, index and feeds.
  const archives = text.replace("perPage: 2,", "perPage: 10,").replace(/\n {4}archives: \[[\s\S]*?\n {4}\],/, "");
  writeFileSync(config, taxonomies ? archives : archives.replace(/\n {4}taxonomies: \[[\s\S]*?\n {4}\],/, ""));
  // The home page links the tags and the archive: it links the blog only.
  const home = path.join(site, "content", "pages", "index.md");
  writeFileSync(home, readFileSync(home, "utf8").replace(/, \[the tags\][^\n]*/, "."));
  const folder = path.join(site, "content", "posts");
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < posts; i++) {
    // The same tags for the same post in both sites, spread over every tag.
    const own = Array.from({ length: perPost }, (_, k) => `Tag ${(i * 7919 + k * 104_729) % tags}`);
    const date = new Date(Date.UTC(2000, 0, 1) + i * 36e5 * 7).toISOString().slice(0, 10);
    writeFileSync(
      path.join(folder, `post-${i}.md`),
      `---\ntitle: Post ${i}\ndate: ${date}\ntags: [${[...new Set(own)].join(", ")}]\n---\n` +
        `The text of post ${i}, a paragraph as a blog post starts with, and [a link home](/).\n\n` +
        "A second paragraph, with *emphasis* and `code`, so that each body is more than one line.\n",
    );
  }
  return {
    name,
    site,
    command: [process.execPath, cli, "build", "--site-url", "https://blog.example"],
    env: {},
    // A site under the system's temporary folder has no package.json above it: its cache is its own .heirloom/.
    clean: [path.join(site, "dist"), path.join(site, "node_modules", ".cache"), path.join(site, ".heirloom")],
  };
}

const builds = [prepare("with taxonomies", true), prepare("without", false)];
const results = await alternate(builds, runs, async (build) => {
  clean(build);
  return timed(build);
});
const pages = Object.fromEntries(
  builds.map((b) => [b.name, readFileSync(path.join(b.site, "dist", "sitemap.xml"), "utf8").split("<loc>").length - 1]),
);
console.log(`${posts} posts, ${tags} tags, ${perPost} a post, ${runs} cold builds each, in turn (${peakMeaning})`);
for (const build of builds) {
  const r = results[build.name];
  const seconds = median(r.map((x) => x.seconds));
  const peak = median(r.map((x) => x.peak));
  console.log(`${build.name.padEnd(16)} ${fmt(seconds)} s  peak ${fmt(peak, 0)} MiB  ${pages[build.name]} URLs`);
}
console.log(`ratio (median of pairs): ${fmt(pairRatio(results[builds[0].name], results[builds[1].name]), 3)}x`);
rmSync(work, { recursive: true, force: true });
