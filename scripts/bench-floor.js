#!/usr/bin/env node
// The floor of the scale benchmark: the least that any generator of React templates and markdown-it must do
// for the journal's posts, with nothing else. For each post, on one thread: read it, parse its YAML front
// matter, render its markdown with the engine's options, render the post page's elements (the journal's
// Document and Post templates, written out by hand, its island's markup and script tag among them) with
// renderToStaticMarkup, and write it. No list pages, feed or sitemap; no validation, link check, sizes, hashes,
// cache or atomic swap; the island's markup is written into the page's tree, not rendered on its own.
// Usage: node scripts/bench-floor.js <posts folder> <output folder>
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// React's production build, as bin/heirloom.js picks it (set before React loads).
process.env.NODE_ENV ??= "production";
const { default: yaml } = await import("js-yaml");
const { default: MarkdownIt } = await import("markdown-it");
const { createElement: h } = await import("react");
const { renderToStaticMarkup } = await import("react-dom/server");

const [posts, out] = process.argv.slice(2);
if (!posts || !out) {
  console.error("Usage: node scripts/bench-floor.js <posts folder> <output folder>");
  process.exit(2);
}
// As src/content/markdown.ts and front-matter.ts configure them.
const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
const site = { name: "The Journal", url: "https://journal.example", tagline: "Notes", author: "The author" };

function page(slug, data, html) {
  const url = `${site.url}/blog/${slug}/`;
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, `${data.title} · ${site.name}`),
      h("meta", { name: "description", content: data.description }),
      h("link", { rel: "canonical", href: url }),
      h("meta", { property: "og:type", content: "article" }),
      h("meta", { property: "og:site_name", content: site.name }),
      h("meta", { property: "og:title", content: data.title }),
      h("meta", { property: "og:description", content: data.description }),
      h("meta", { property: "og:url", content: url }),
      h("meta", { name: "twitter:card", content: "summary" }),
      h("link", { rel: "alternate", type: "application/atom+xml", title: site.name, href: "/blog/feed.xml" }),
      h("link", { rel: "stylesheet", href: "/assets/site.css" }),
      h("script", { type: "module", src: "/assets/islands/loader.js" }),
    ),
    h(
      "body",
      null,
      h(
        "header",
        { className: "masthead" },
        h("a", { className: "name", href: "/" }, site.name),
        h("nav", { "aria-label": "Main" }, h("a", { href: "/blog/" }, "All notes")),
      ),
      h(
        "main",
        null,
        h(
          "article",
          { className: "post" },
          h(
            "heirloom-island",
            { src: "/assets/islands/ReadingProgress.js", load: "idle", props: '{"of":"article.post"}' },
            h("progress", { className: "reading-progress", max: 100, value: 0, hidden: true, "aria-hidden": true }),
          ),
          h("h1", null, data.title),
          h("p", { className: "meta" }, h("time", { dateTime: String(data.date) }, String(data.date))),
          h("div", { className: "body", dangerouslySetInnerHTML: { __html: html } }),
          h("p", null, h("a", { href: "/blog/" }, "All notes")),
        ),
      ),
      h(
        "footer",
        { className: "colophon" },
        h("p", null, `${site.tagline}. Written by ${site.author}.`),
        h(
          "nav",
          { "aria-label": "Legal" },
          h("a", { href: "/legal/privacy/" }, "Privacy"),
          " · ",
          h("a", { href: "/legal/terms/" }, "Terms"),
        ),
      ),
    ),
  );
}

for (const name of readdirSync(posts)) {
  if (!name.endsWith(".md")) continue;
  const text = readFileSync(path.join(posts, name), "utf8");
  const end = text.indexOf("\n---", 4);
  const data = yaml.load(text.slice(4, end), { schema: yaml.CORE_SCHEMA });
  const html = md.render(text.slice(text.indexOf("\n", end + 1) + 1)).trim();
  const folder = path.join(out, "blog", name.slice(0, -3));
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, "index.html"),
    `<!doctype html>${renderToStaticMarkup(page(name.slice(0, -3), data, html))}`,
  );
}
