// Starlight's documentation (docs/src/content/docs of withastro/starlight) as a Heirloom site: its .mdx and .md
// files as their authors wrote them, at the URLs Starlight gives them, in English and its 16 translations.
// scripts/corpus/starlight-docs.js copies the files in beside this file; only this definition and templates/ are ours.
import { type ContentOf, defineCollection, defineSite, z } from "heirloom";

const text = z.string().trim().min(1, "must not be empty");
/** A field read as written, which the templates do not show. */
const kept = z.unknown().optional();
const link = z.object({ text, link: text, icon: text.optional(), variant: text.optional(), attrs: kept });

// Starlight's docsSchema(), the fields these files use: what the templates show is typed, what they do not is
// read as it is (Starlight's own head tags, edit links, dates, search flags, prev/next overrides and banners).
const doc = z.object({
  title: text,
  description: text.optional(),
  template: z.enum(["doc", "splash"]).optional(),
  hero: z
    .object({
      title: text.optional(),
      tagline: text.optional(),
      image: kept,
      actions: z.array(link).optional(),
    })
    .optional(),
  sidebar: z
    .object({ label: text.optional(), order: z.number().optional(), hidden: z.boolean().optional(), badge: kept })
    .optional(),
  tableOfContents: z
    .union([z.boolean(), z.object({ minHeadingLevel: z.number().optional(), maxHeadingLevel: z.number().optional() })])
    .optional(),
  draft: z.boolean().optional(),
  head: kept,
  editUrl: kept,
  lastUpdated: kept,
  pagefind: kept,
  prev: kept,
  next: kept,
  banner: kept,
});

/** Starlight's locales (astro.config.mjs of its docs): the folder each translation is in. */
export const LOCALES = ["en", "da", "de", "es", "fa", "fr", "hi", "id", "it", "ja", "ko"] as const;
const MORE = ["pt-br", "pt-pt", "ru", "tr", "uk", "zh-cn"] as const;

const definition = defineSite({
  collections: {
    pages: defineCollection({
      folder: "pages",
      body: "markdown",
      schema: z.strictObject({ path: text, template: text, title: text, description: text }),
    }),
    docs: defineCollection({ folder: "docs", body: "mdx", html: true, schema: doc }),
  },
  routes: {
    pages: "pages",
    // Starlight's files have no ordering numbers: this drops a last `index`, so index.mdx is the page of its
    // folder (/, /de/, guides/index.mdx at /guides/) as Starlight publishes it.
    entries: [{ collection: "docs", path: "/:slug/", template: "doc", stripNumberPrefixes: true }],
  },
  // Starlight's asides as its authors write them: :::note, :::tip[Title], :::caution, :::danger.
  markdown: { containers: true },
  // The pictures its authoring guide shows from GitHub: the one line of policy the port needs.
  headers: { policy: { "img-src": ["https://raw.githubusercontent.com"] } },
  // Starlight shows a page not yet translated in the locale's chrome, with a notice: "default" does the same.
  i18n: { locales: [...LOCALES, ...MORE], defaultLocale: "en", fallback: "default" },
  urlFormat: "directory",
  siteUrl: "https://starlight.astro.build",
  // Links into astro.build's docs and into Starlight's reference pages under other paths.
  brokenLinks: "warn",
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type Doc = Content["docs"][number];
