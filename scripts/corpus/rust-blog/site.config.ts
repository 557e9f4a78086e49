// The Rust blog (blog.rust-lang.org before its move to Zola) as a Heirloom site: the posts of its two blogs as
// their authors wrote them (posts/YYYY-MM-DD-slug.md, YAML front matter without a date), at the URLs the original
// published: /YYYY/MM/DD/slug.html and /inside-rust/YYYY/MM/DD/slug.html, each blog's list and feed at its root.
// scripts/corpus/extract.js copies the posts in beside this file; only this definition and templates/ are ours.
import { type ContentOf, defineCollection, defineSite, z } from "heirloom";

const text = z.string().trim().min(1, "must not be empty");

// What the original generator read (src/posts.rs): layout "post", title, author, release, and a team written
// as `Name <https://url>`; the date comes from the file name (datedFileNames).
const post = z.strictObject({
  layout: z.literal("post"),
  title: text,
  author: text,
  release: z.boolean().default(false),
  // Read as the original did: the first `Name <url>` in it (a post may name two teams).
  team: text.regex(/[^<]* <[^>]+>/, "must read `Name <https://team.url>`").optional(),
  // Some posts have a description; the original ignored it (as it ignored any field it did not know).
  description: text.optional(),
  date: z.iso.date("must be a date written as YYYY-MM-DD"),
});

type Post = z.output<typeof post>;

/** The original's order: by date and then title, newest first (src/blogs.rs). */
const newestFirst = (a: Post, b: Post) => {
  const [x, y] = [`${a.date}-${a.title}`, `${b.date}-${b.title}`];
  return x < y ? 1 : x > y ? -1 : 0;
};

/** /YYYY/MM/DD/slug/: the URL the Zola site later gave each post; here it leads to the .html page. */
const laterUrl = (prefix: string) => (entry: Post & { slug: string }) => [
  `${prefix}/${entry.date.replaceAll("-", "/")}/${entry.slug}/`,
];

const definition = defineSite({
  collections: {
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
      // The blogs' introductions are HTML in the original's blog.yml.
      html: true,
      schema: z.strictObject({
        path: text,
        template: text,
        title: text,
        description: text,
        blog: text.optional(),
        linkText: text.optional(),
        maintainedBy: text.optional(),
      }),
    }),
    posts: defineCollection({
      folder: "posts",
      datedFileNames: true,
      body: "markdown",
      html: true,
      schema: post,
      sort: newestFirst,
    }),
    insideRust: defineCollection({
      folder: "inside-rust",
      datedFileNames: true,
      body: "markdown",
      html: true,
      schema: post,
      sort: newestFirst,
    }),
  },
  routes: {
    pages: "pages",
    entries: [
      { collection: "posts", path: "/:year/:month/:day/:slug.html", template: "post", aliases: laterUrl("") },
      {
        collection: "insideRust",
        path: "/inside-rust/:year/:month/:day/:slug.html",
        template: "insidePost",
        aliases: laterUrl("/inside-rust"),
      },
    ],
    // One page each with every post, as the original; its feeds hold the 10 newest.
    lists: [
      {
        collection: "posts",
        page: "/",
        perPage: 1000,
        feed: { path: "/feed.xml", title: "Rust Blog", author: "the Rust Teams", limit: 10, item: feedItem },
      },
      {
        collection: "insideRust",
        page: "/inside-rust/",
        perPage: 1000,
        feed: {
          path: "/inside-rust/feed.xml",
          title: "Inside Rust Blog",
          author: "the Rust Teams",
          limit: 10,
          item: feedItem,
        },
      },
    ],
  },
  urlFormat: "directory",
  passthrough: ["images", "scripts"],
  // Links the original published broken (fragments written for other ids, two relative by mistake): each is told
  // as a warning at its place, and the site published, as the original was.
  brokenLinks: "warn",
});

function feedItem(entry: Post) {
  return { title: entry.title, date: entry.date };
}

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type PostEntry = Content["posts"][number];
