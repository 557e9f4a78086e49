// The Rust blog port for an engine without dated file names, route dates or aliases (extract.js --today writes
// it as site.config.ts): the same posts, unchanged, at /<file name>/ and /inside-rust/<file name>/, so that a
// build lists every problem the engine finds in them. site.config.ts is the port itself.
import { type ContentOf, defineCollection, defineSite, z } from "heirloom";

const text = z.string().trim().min(1, "must not be empty");

const post = z.strictObject({
  layout: z.literal("post"),
  title: text,
  author: text,
  release: z.boolean().default(false),
  // Read as the original did: the first `Name <url>` in it (a post may name two teams).
  team: text.regex(/[^<]* <[^>]+>/, "must read `Name <https://team.url>`").optional(),
  // Some posts have a description; the original ignored it (as it ignored any field it did not know).
  description: text.optional(),
  date: z.iso.date("must be a date written as YYYY-MM-DD").optional(),
});

type Post = z.output<typeof post> & { slug: string };

const feedItem = (entry: Post) => ({ title: entry.title, date: entry.slug.slice(0, 10) });
const feed = (path: string, title: string) => ({ path, title, author: "the Rust Teams", limit: 10, item: feedItem });

const definition = defineSite({
  collections: {
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
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
    // In file order, oldest first: a sort function sees the front matter alone, which holds no date here.
    posts: defineCollection({ folder: "posts", body: "markdown", html: true, schema: post }),
    insideRust: defineCollection({ folder: "inside-rust", body: "markdown", html: true, schema: post }),
  },
  routes: {
    pages: "pages",
    entries: [
      { collection: "posts", path: "/:slug/", template: "post" },
      { collection: "insideRust", path: "/inside-rust/:slug/", template: "insidePost" },
    ],
    lists: [
      { collection: "posts", page: "/", perPage: 1000, feed: feed("/feed.xml", "Rust Blog") },
      {
        collection: "insideRust",
        page: "/inside-rust/",
        perPage: 1000,
        feed: feed("/inside-rust/feed.xml", "Inside Rust Blog"),
      },
    ],
  },
  urlFormat: "directory",
  passthrough: ["images", "scripts"],
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type PostEntry = Content["posts"][number];
