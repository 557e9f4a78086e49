// The site's model: what content/ may hold, which pages exist and how they are published. Edit it to add a
// collection or a route; `npm run check` tells you what the content and templates must change to match.
import { type ContentOf, defineCollection, defineSite, image, z } from "heirloom";

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
        // Where a page's file is edited: its path under the site's folder is added to this address.
        edit: z.url().endsWith("/", "must end with /, as https://github.com/you/my-docs/edit/main/ does"),
        // The words of the chrome around every page, kept here so that a site in another language changes
        // content only, not templates.
        labels: z.strictObject({
          skip: text,
          menu: text,
          guide: text,
          onThisPage: text,
          previous: text,
          next: text,
          edit: text,
        }),
        // The search box's words (`<Search />` fills in {query}, {count} and {shown}).
        search: z.strictObject({
          label: text,
          button: text,
          noScript: text,
          loading: text,
          none: text,
          one: text,
          many: text,
          unavailable: text,
          dev: text,
        }),
      }),
    }),
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
      schema: z.strictObject({ path: text, template: text, title: text, description: text.max(170) }),
    }),
    guide: defineCollection({
      folder: "guide",
      body: "markdown",
      schema: z.strictObject({
        title: text,
        description: text.max(170),
        // The page's place in the sidebar and in the previous and next links; no two pages share one.
        order: z.number().int().positive(),
      }),
      sort: "order",
      unique: ["order"],
    }),
  },
  routes: {
    pages: "pages",
    entries: [{ collection: "guide", path: "/guide/:slug/", template: "guide" }],
  },
  // Pagefind indexes the built pages; the box in every page's header loads the index on first use.
  search: true,
  urlFormat: "directory",
  // /guide/ has no page of its own: it leads to the first one.
  redirects: { "/guide/": "/guide/getting-started/" },
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type GuidePage = Content["guide"][number];
