// Heirloom's documentation, built with Heirloom: a guide (content/guide/, a page per capability), and references
// generated at build time from the engine's own code (references.ts): the errors of its catalogue, the commands
// of its CLI and the options of site.config.ts.
import { type ContentOf, defineCollection, defineSite, z } from "heirloom";
import { commandEntries, configEntries, errorEntries } from "./references.ts";

const text = z.string().trim().min(1, "must not be empty");

const definition = defineSite({
  collections: {
    site: defineCollection({
      file: "site.md",
      schema: z.strictObject({
        name: text,
        description: text,
        repository: z.url(),
        labels: z.strictObject({
          skip: text,
          menu: text,
          guide: text,
          reference: text,
          onThisPage: text,
          previous: text,
          next: text,
          edit: text,
          home: text,
          languages: text,
          notTranslated: text,
        }),
        /** The search box's words (see `<Search />`: {query}, {count} and {shown} are filled in). */
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
        /** Each locale's name in its own language, for the language switch. */
        languageNames: z.record(z.string(), text),
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
        order: z.number().int().positive(),
      }),
      sort: "order",
      unique: ["order"],
    }),
    errors: defineCollection({
      load: errorEntries,
      schema: z.strictObject({
        id: text,
        code: text,
        title: text,
        message: text,
        hint: z.string(),
        example: text,
        source: text,
      }),
    }),
    commands: defineCollection({
      load: commandEntries,
      schema: z.strictObject({
        title: text,
        summary: text,
        usage: text,
        arguments: z.array(z.strictObject({ name: text, description: z.string() })),
        options: z.array(z.strictObject({ flags: text, description: z.string(), default: z.string() })),
        source: text,
      }),
    }),
    options: defineCollection({
      load: configEntries,
      schema: z.strictObject({
        title: text,
        summary: z.string(),
        fields: z.array(z.strictObject({ name: text, type: text, optional: z.boolean(), doc: z.string() })),
        source: text,
      }),
    }),
  },
  routes: {
    pages: "pages",
    entries: [
      { collection: "guide", path: "/guide/:slug/", template: "guide" },
      { collection: "commands", path: "/reference/commands/:slug/", template: "command" },
      { collection: "options", path: "/reference/configuration/:slug/", template: "option" },
      { collection: "errors", path: "/reference/errors/:slug/", template: "error" },
    ],
  },
  // English and German; a page not yet translated is shown in English at its German address, marked.
  i18n: { locales: ["en", "de"], defaultLocale: "en", fallback: "default" },
  // Pagefind indexes the built pages; the box in every page's header loads it on first use.
  search: true,
  urlFormat: "directory",
  passthrough: ["icon.svg"],
  redirects: {
    "/guide/": "/guide/getting-started/",
    "/reference/": "/reference/commands/",
    "/de/guide/": "/de/guide/getting-started/",
    "/de/reference/": "/de/reference/commands/",
  },
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type GuidePage = Content["guide"][number];
export type ErrorPage = Content["errors"][number];
export type CommandPage = Content["commands"][number];
export type OptionPage = Content["options"][number];
