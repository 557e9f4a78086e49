// The Journal: a small blog built by the same engine as Heirloom, with its own content model and templates.
// Posts at /blog/<slug>/, the list at /blog/ (10 a page, newest first) with an Atom feed, and legal pages.
import { type ContentOf, defineCollection, defineSite, z } from "heirloom";

const text = z.string().trim().min(1, "must not be empty");

const definition = defineSite({
  collections: {
    site: defineCollection({
      file: "site.md",
      schema: z.strictObject({ name: text, tagline: text, author: text, lang: text.default("en") }),
    }),
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
      schema: z.strictObject({ path: text, template: text, title: text, description: text.max(170) }),
    }),
    posts: defineCollection({
      folder: "posts",
      // .md posts are markdown; .mdx posts may use the components of templates/mdx.tsx.
      body: "mdx",
      schema: z.strictObject({
        title: text,
        description: text.max(200),
        date: z.iso.date("must be a date written as YYYY-MM-DD, such as 2026-03-14"),
      }),
      sort: "-date",
    }),
  },
  routes: {
    pages: "pages",
    entries: [{ collection: "posts", path: "/blog/:slug/", template: "post" }],
    lists: [
      {
        collection: "posts",
        page: "/blog/",
        perPage: 10,
        feed: { path: "/blog/feed.xml", title: "The Journal", author: "The Journal team" },
      },
    ],
  },
  urlFormat: "directory",
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type Post = Content["posts"][number];
