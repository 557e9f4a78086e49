// jekyllrb.com's news (docs/_posts/ of jekyll/jekyll) as a Heirloom site: its posts as their authors wrote them,
// at the URLs the original published (/news/:year/:month/:day/:title/), the news list, a page per category, feeds.
// scripts/corpus/jekyll-news.js copies the posts in beside this file; only this definition and templates/ are ours.
import { type ContentOf, date, defineCollection, defineSite, z } from "heirloom";

const text = z.string().trim().min(1, "must not be empty");

// Ruby's Time.parse, which Jekyll reads dates with, skips what it does not expect: one post (jekyll-3-9-3-released)
// writes "2023-01-29 18:30:22 2023 -0800", a year too many, which date() refuses at its line. Read as Ruby does.
const jekyllDate = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \d{4} /, "$1 ") : value),
  date(),
);

// What the posts' front matter holds, read as Jekyll reads it (every other field is ignored, as Jekyll ignores
// one no layout prints); the date comes from the file name when the front matter has none (datedFileNames).
const post = z.object({
  title: text,
  author: text,
  date: jekyllDate,
  // Written 4.0.0 mostly, and 3.0 (a number) once.
  version: z.union([text, z.number()]).optional(),
  // Jekyll reads `category: release` and `categories: [team, community]` as one list (see the taxonomy below).
  category: text.optional(),
  categories: z.array(text).optional(),
  description: text.optional(),
  layout: z.literal("news_item").optional(),
  redirect_from: z.union([text, z.array(text)]).optional(),
});

export type Post = z.output<typeof post>;

const definition = defineSite({
  collections: {
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
      schema: z.strictObject({ path: text, template: text, title: text, description: text }),
    }),
    posts: defineCollection({
      folder: "posts",
      datedFileNames: true,
      body: "markdown",
      // kramdown publishes raw HTML, and the posts hold some.
      html: true,
      // Jekyll's post.excerpt: the first paragraph.
      summary: "paragraph",
      schema: post,
      sort: "-date",
    }),
  },
  routes: {
    pages: "pages",
    // The permalink of _config.yml's posts collection, with the day as written; see jekyllUrls for the others.
    entries: [
      {
        collection: "posts",
        path: "/news/:year/:month/:day/:slug/",
        template: "post",
        aliases: jekyllUrls,
      },
    ],
    lists: [
      {
        collection: "posts",
        page: "/news/",
        perPage: 20,
        // jekyll-feed's /feed.xml: Atom, the 10 newest posts.
        feed: { path: "/feed.xml", title: "Jekyll • Simple, blog-aware, static sites", limit: 10, item: feedItem },
      },
    ],
    taxonomies: [
      {
        collection: "posts",
        field: "categories",
        also: ["category"],
        path: "/news/categories/:term/",
        template: "category",
        perPage: 20,
        index: { path: "/news/categories/", template: "categories", title: "Categories" },
        // jekyll-feed's category feeds (`feed: categories: [release]` gives /feed/release.xml).
        feed: { path: "/feed/:term.xml", title: "Jekyll news: :term", limit: 10, item: feedItem },
      },
    ],
  },
  urlFormat: "directory",
  siteUrl: "https://jekyllrb.com",
  // The original's one category page, /news/releases/ (docs/pages/releases.html, site.categories.release); the
  // site's root, jekyllrb.com's home page, which this port does not hold, leads to the news.
  redirects: { "/": "/news/", "/news/releases/": "/news/categories/release/" },
  // Links into the rest of jekyllrb.com (/docs/…), which this port does not hold.
  brokenLinks: "warn",
});

/**
 * The URLs Jekyll gave a post that this port does not: its redirect_from (jekyll-redirect-from), and its permalink
 * with the day in _config.yml's timezone, America/Los_Angeles (Jekyll reads a date-time in it: "2013-05-06
 * 02:12:52 +0200" is /news/2013/05/05/…), where that day is not the one written. Each leads to the post.
 */
function jekyllUrls(entry: Post & { slug: string }) {
  const day = entry.date.toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });
  const jekyll = `/news/${day.replaceAll("-", "/")}/${entry.slug}/`;
  const written = String(entry.date).slice(0, 10);
  return [...[entry.redirect_from ?? []].flat(), ...(day === written ? [] : [jekyll])];
}

function feedItem(entry: Post) {
  return { title: entry.title, date: entry.date, description: entry.description };
}

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type PostEntry = Content["posts"][number];
