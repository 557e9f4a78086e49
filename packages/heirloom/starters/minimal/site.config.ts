// The site's model: what content/ may hold and which pages exist. Edit it to add a collection or a route;
// `npm run check` tells you what the content and templates must change to match.
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
      }),
    }),
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
      schema: z.strictObject({ path: text, template: text, title: text, description: text.max(170) }),
    }),
  },
  routes: { pages: "pages" },
  urlFormat: "directory",
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
