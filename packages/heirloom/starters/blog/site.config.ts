// The site's model: what content/ may hold, which pages exist and how they are published. Edit it to add a
// collection or a route; `npm run check` tells you what the content and templates must change to match.
import { type ContentOf, date, defineCollection, defineSite, image, z } from "heirloom";

const text = z.string().trim().min(1, "must not be empty");

const definition = defineSite({
  collections: {
    site: defineCollection({
      file: "site.md",
      schema: z.strictObject({
        name: text,
        description: text.max(170),
        lang: text.default("en"),
        // An image under content/: published under a name that changes with its bytes, with its size.
        icon: image({ extensions: [".svg", ".png"] }),
      }),
    }),
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
      schema: z.strictObject({ path: text, template: text, title: text, description: text.max(170) }),
    }),
    posts: defineCollection({
      folder: "posts",
      // .md posts are markdown; .mdx posts may also use the components templates/mdx.tsx exports.
      body: "mdx",
      sort: "-date",
      schema: z.strictObject({
        title: text,
        description: text.max(200),
        // 2026-03-14, or a date and time such as 2026-03-14T09:30:00+01:00 (Hugo's) or 2026-03-14 09:30:00 +0100
        // (Jekyll's). A post dated later than the build is held back until then (`npm run build -- --future`
        // shows it; `npm run dev` always does).
        date: date(),
        // Each tag gets a page at /tags/<tag>/ with its posts and its own feed; "Café" and "cafe" are one tag.
        tags: z.array(text).default([]),
      }),
    }),
  },
  // How wide pictures in posts are shown (the column: 42rem less its padding; on a phone the screen less the
  // padding), so that a browser fetches the width that fills it, not one as wide as a desktop's window.
  markdown: { images: { sizes: "(min-width: 42rem) 39.5rem, calc(100vw - 2.5rem)" } },
  routes: {
    pages: "pages",
    entries: [{ collection: "posts", path: "/blog/:slug/", template: "post" }],
    lists: [{ collection: "posts", page: "/blog/", perPage: 10, feed: { path: "/blog/feed.xml", title: "Blog" } }],
    taxonomies: [
      {
        collection: "posts",
        field: "tags",
        path: "/tags/:term/",
        template: "tag",
        perPage: 10,
        index: { path: "/tags/", template: "tags", title: "Tags" },
        feed: { path: "/tags/:term/feed.xml", title: "Posts tagged :term" },
      },
    ],
    // A page per year at /archive/2026/ with its posts by month, and /archive/ listing the years.
    archives: [
      {
        collection: "posts",
        path: "/archive/:year/",
        template: "year",
        index: { path: "/archive/", template: "years", title: "Archive" },
      },
    ],
  },
  urlFormat: "directory",
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type Post = Content["posts"][number];
