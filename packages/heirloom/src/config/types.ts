// The site definition as the stages use it: checked, with every default applied.
import type { z } from "zod";
import type { BodyKind, FeedOptions, FormOptions, LoadedEntry, SortOrder } from "./define.ts";
import type { ResolvedI18n } from "./i18n.ts";
import type { ResolvedMarkdown } from "./markdown-options.ts";

export interface ResolvedCollection {
  name: string;
  single: boolean;
  source: string;
  schema: z.ZodType;
  body: BodyKind | ((entry: Record<string, unknown>) => BodyKind);
  sort?: SortOrder<Record<string, unknown>>;
  unique: string[][];
  /** Raw HTML in its markdown kept as written. */
  html: boolean;
  /** "2024-01-15-hello.md" is the entry "hello" dated 2024-01-15. */
  datedFileNames: boolean;
  /** Entries dated later than the build's clock, or past their expiry date, are left out (content/publication.ts). */
  schedule: boolean;
  /** Makes its entries instead of files (see `CollectionOptions.load`). */
  load?: () => unknown;
}

export interface ResolvedEntryRoute {
  collection: string;
  path: string;
  template: string;
  aliases?: (entry: Record<string, unknown>) => unknown;
}

/** An old site path and where it leads: a site path or an http(s) URL. */
export interface ResolvedRedirect {
  from: string;
  to: string;
}

export interface ResolvedListRoute {
  collection: string;
  page: string;
  perPage: number;
  filter?: (entry: Record<string, unknown>) => boolean;
  feed?: FeedOptions<Record<string, unknown>>;
}

export interface ResolvedForm extends Required<Omit<FormOptions, "env">> {
  name: string;
  env?: string;
}

/** The site definition, checked and with every default applied. */
export interface ResolvedSite {
  collections: Map<string, ResolvedCollection>;
  pages?: string;
  entryRoutes: ResolvedEntryRoute[];
  listRoutes: ResolvedListRoute[];
  forms: ResolvedForm[];
  urlFormat: "file" | "directory";
  base: string;
  siteUrl: string;
  unregistered: string[];
  redirects: ResolvedRedirect[];
  passthrough: string[];
  brokenLinks: "error" | "warn";
  /** The built pages indexed with Pagefind (`search: true`). */
  search: boolean;
  markdown: ResolvedMarkdown;
  /** Host names dev and preview answer besides their own (server.allowedHosts); true for any. */
  allowedHosts: string[] | true;
  /** The site's languages, when it has more than one. */
  i18n?: ResolvedI18n;
  /** How long one run of the site's code may take, in ms (`timeout`, see config/timeout.ts). */
  timeout: number;
  /** The text of site.config.ts, to locate problems found later (an unknown template, a missing page). */
  source: string;
  /** A hash of the compiled definition and of what its collections' load functions made. */
  hash: string;
  /** The entries each collection with a load function made, by its name, each with its hash (load-entries.ts). */
  loaded?: Map<string, Array<Required<LoadedEntry> & { hash: string }>>;
}
