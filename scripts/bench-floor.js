#!/usr/bin/env node
// The floor of the scale benchmark: the least that any generator of React templates and markdown-it must do
// for the journal's posts, with nothing else. For each post, on one thread: read it, parse its YAML front
// matter, render its markdown with the engine's options, render the post page's elements (the journal's
// Document and Post templates, written out by hand, its island's markup and script tag among them) with
// renderToStaticMarkup, and write it. No list pages, feed or sitemap; no validation, link check, sizes, hashes,
// cache or atomic swap; the island's markup is written into the page's tree, not rendered on its own.
// Headings get the engine's ids and links, code blocks its Shiki classes (Shiki loaded only when a post has one),
// and GitHub's extensions are on as in the engine (tables' alignment as align=, <del>, task lists, GitHub's
// autolinks, footnotes); the typographer is markdown-it's own, which does a little more than the engine's.
// Usage: node scripts/bench-floor.js <posts folder> <output folder>
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// React's production build, as bin/heirloom.js picks it (set before React loads).
process.env.NODE_ENV ??= "production";
const { default: yaml } = await import("js-yaml");
const { default: MarkdownIt } = await import("markdown-it");
const { default: footnote } = await import("markdown-it-footnote");
const { createElement: h } = await import("react");
const { renderToStaticMarkup } = await import("react-dom/server");

const [posts, out] = process.argv.slice(2);
if (!posts || !out) {
  console.error("Usage: node scripts/bench-floor.js <posts folder> <output folder>");
  process.exit(2);
}
// As src/content/markdown/markdown.ts and front-matter.ts configure them.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true }).use(footnote);
github(md);
headings(md);
const site = { name: "The Journal", url: "https://journal.example", tagline: "Notes", author: "The author" };

function page(slug, data, html, toc, code) {
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
      code && h("link", { rel: "stylesheet", href: "/assets/code.css" }),
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
          toc.length > 1 &&
            h(
              "nav",
              { className: "toc", "aria-label": "On this page" },
              h("p", { className: "toc-title" }, "On this page"),
              h(
                "ol",
                null,
                toc.map((t) =>
                  h("li", { key: t.id, className: `depth-${t.depth}` }, h("a", { href: `#${t.id}` }, t.text)),
                ),
              ),
            ),
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

// Read first: whether any post has a code block decides whether every page links the code stylesheet.
const read = readdirSync(posts)
  .filter((name) => name.endsWith(".md"))
  .map((name) => {
    const text = readFileSync(path.join(posts, name), "utf8");
    const end = text.indexOf("\n---", 4);
    const data = yaml.load(text.slice(4, end), { schema: yaml.CORE_SCHEMA });
    return { name, data, body: text.slice(text.indexOf("\n", end + 1) + 1) };
  });
const languages = new Set(
  read.flatMap(({ body }) => [...body.matchAll(/^(?:```|~~~)[ \t]*(\w[\w+-]*)/gm)].map((m) => m[1])),
);
if (languages.size > 0) await highlighting(md, [...languages]);
for (const { name, data, body } of read) {
  const env = {};
  const html = md.render(body, env).trim();
  const toc = env.headings.filter((t) => t.depth === 2 || t.depth === 3);
  const folder = path.join(out, "blog", name.slice(0, -3));
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, "index.html"),
    `<!doctype html>${renderToStaticMarkup(page(name.slice(0, -3), data, html, toc, languages.size > 0))}`,
  );
}

/** GitHub's extensions as src/content/markdown/gfm.ts writes them: align=, <del>, task lists, GitHub's autolinks. */
function github(md) {
  const match = md.linkify.set({ fuzzyLink: true }).add("ftp:", null).add("//", null).match.bind(md.linkify);
  md.linkify.match = (text) => match(text)?.filter((link) => link.schema !== "" || /^www\./i.test(link.text)) ?? null;
  md.core.ruler.push("github", (state) => {
    const lists = [];
    state.tokens.forEach((token, i) => {
      if (/^(bullet|ordered)_list_open$/.test(token.type)) lists.push(token);
      if (/^(bullet|ordered)_list_close$/.test(token.type)) lists.pop();
      const align = /^text-align:(\w+)$/.exec(token.attrGet("style") ?? "")?.[1];
      if (align) token.attrs = [["align", align]];
      for (const child of token.children ?? []) if (/^s_(open|close)$/.test(child.type)) child.tag = "del";
      const inline = state.tokens[i + 2];
      const marker = /^\[([ xX])\][ \t]+/.exec(inline?.children?.[0]?.content ?? "");
      if (token.type !== "list_item_open" || inline?.type !== "inline" || !marker) return;
      if (inline.children[0].type !== "text") return;
      inline.children[0].content = inline.children[0].content.slice(marker[0].length);
      const checked = marker[1] === " " ? "" : " checked";
      const checkbox = `<input class="task-list-item-checkbox" type="checkbox" disabled${checked}>`;
      const open = Object.assign(new state.Token("html_inline", "", 0), { content: `<label>${checkbox} ` });
      const close = Object.assign(new state.Token("html_inline", "", 0), { content: "</label>" });
      inline.children = [open, ...inline.children, close];
      token.attrJoin("class", "task-list-item");
      if (!lists.at(-1).attrGet("class")) lists.at(-1).attrJoin("class", "contains-task-list");
    });
  });
}

/**
 * Each heading gets GitHub's id (unique in the post) and a link to it after it, as src/content/markdown/headings.ts.
 */
function headings(md) {
  const stripped = /(?![\p{Alphabetic} -])[\p{No}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{S}\p{C}\p{Z}]/gu;
  const escapeHtml = (text) =>
    text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  md.core.ruler.push("ids", (state) => {
    const used = new Map();
    state.env.headings = [];
    for (let i = 0; i < state.tokens.length; i++) {
      const open = state.tokens[i];
      if (open.type !== "heading_open") continue;
      const parts = state.tokens[i + 1].children.filter((c) => ["text", "code_inline", "image"].includes(c.type));
      const text = parts
        .map((c) => c.content)
        .join("")
        .trim();
      const base = text.toLowerCase().replace(stripped, "").replaceAll(" ", "-") || "section";
      let id = base;
      while (used.has(id)) used.set(base, used.get(base) + 1), (id = `${base}-${used.get(base)}`);
      used.set(id, 0);
      open.attrSet("id", id);
      open.meta = state.tokens[i + 2].meta = { id, text };
      state.env.headings.push({ depth: Number(open.tag.slice(1)), text, id });
    }
  });
  md.renderer.rules.heading_open = (tokens, idx, options, _env, self) =>
    `<div class="heading-wrapper">${self.renderToken(tokens, idx, options)}`;
  md.renderer.rules.heading_close = (tokens, idx) => {
    const { id, text } = tokens[idx].meta;
    const label = escapeHtml(`Link to this section: ${text}`);
    return (
      `</${tokens[idx].tag}><a class="heading-anchor" href="#${escapeHtml(id)}" aria-label="${label}">` +
      `<span aria-hidden="true">#</span></a></div>\n`
    );
  };
}

/**
 * Code blocks as src/content/highlight/highlight.ts writes them: a class per colour of each theme, no style attribute.
 */
async function highlighting(md, names) {
  // Its core, with the engine's WebAssembly read from its file, as the engine loads it.
  const [{ createHighlighterCore }, { createOnigurumaEngine }, { bundledThemes }, { bundledLanguages }] =
    await Promise.all([
      import("shiki/core"),
      import("shiki/engine/oniguruma"),
      import("shiki/themes"),
      import("shiki/langs"),
    ]);
  const wasm = readFileSync(createRequire(import.meta.url).resolve("shiki/onig.wasm"));
  const themes = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" };
  const highlighter = await createHighlighterCore({
    themes: Object.values(themes).map((name) => bundledThemes[name]),
    langs: [],
    engine: createOnigurumaEngine(wasm),
  });
  const known = names.map((n) => n.toLowerCase()).filter((n) => Object.hasOwn(bundledLanguages, n));
  for (const lang of known) await highlighter.loadLanguage(bundledLanguages[lang]);
  const palettes = Object.fromEntries(
    Object.entries(themes).map(([scheme, name]) => {
      const theme = highlighter.getTheme(name);
      const colors = [theme.fg, ...theme.settings.map((s) => s.settings?.foreground)];
      const palette = new Set(colors.filter((c) => c && /^#[\da-f]{3,8}$/i.test(c)).map((c) => c.toLowerCase()));
      return [scheme, { fg: theme.fg.toLowerCase(), palette }];
    }),
  );
  const classes = (prefix, style, { fg, palette }) => {
    const color = (style?.color ?? "").toLowerCase();
    const font = style?.fontStyle ?? 0;
    return [
      color && color !== fg && palette.has(color) ? `${prefix}-${color.slice(1)}` : "",
      font & 1 ? `${prefix}-i` : "",
      font & 2 ? `${prefix}-b` : "",
      font & 12 ? `${prefix}-${font & 4 ? "u" : ""}${font & 8 ? "s" : ""}` : "",
    ].filter(Boolean);
  };
  const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  md.set({
    highlight(code, info) {
      const lang = info.toLowerCase();
      if (!known.includes(lang)) return "";
      const lines = highlighter.codeToTokensWithThemes(code.replace(/\n$/, ""), { lang, themes, tokenizeTimeLimit: 0 });
      const html = lines.map((line) => {
        const spans = line.map(({ content, variants }) => {
          const names = [
            ...classes("sl", variants.light, palettes.light),
            ...classes("sd", variants.dark, palettes.dark),
          ];
          return names.length ? `<span class="${names.join(" ")}">${escapeHtml(content)}</span>` : escapeHtml(content);
        });
        return `<span class="line">${spans.join("")}</span>`;
      });
      return `<pre class="shiki" data-language="${lang}" tabindex="0"><code>${html.join("\n")}</code></pre>`;
    },
  });
}
