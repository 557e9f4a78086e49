// The engine's public entry: what site.config.ts and templates import as "heirloom", and build() for programs.
export { z } from "zod";
export { build, checkSite } from "./pipeline/build.ts";
export type { BuildResult } from "./pipeline/build.ts";
export type { BuildOptions } from "./config/options.ts";
export { defineCollection, defineSite } from "./config/define.ts";
export type {
  ArchivePage,
  ArchivePeriod,
  ArchiveRoute,
  ArchivesPage,
  CollectionDefinition,
  ContentOf,
  Entry,
  EntryMeta,
  EntryOf,
  FeedItem,
  FeedOptions,
  FormOptions,
  I18nOptions,
  LoadedEntry,
  ServerOptions,
  SiteDefinition,
  SummaryOption,
  TaxonomyIndexOptions,
  TaxonomyRoute,
  Term,
  TermPage,
  TermsPage,
  Translation,
} from "./config/define.ts";
export type { CodeTheme, GfmOptions, Heading, MarkdownOptions, MarkdownPlugin } from "./config/markdown-options.ts";
export type { HeaderRule, HeadersOptions, PolicyDirective, PolicySources } from "./config/headers-options.ts";
export { image } from "./content/fields/index.ts";
export { date } from "./content/fields/index.ts";
export type { ContentDate, DateOptions } from "./content/fields/index.ts";
export { renderMarkdown } from "./content/markdown/index.ts";
export { withoutNumberPrefixes } from "./content/files/index.ts";
export type { RenderMarkdownOptions } from "./content/markdown/index.ts";
export type { ImageOptions } from "./content/fields/index.ts";
export type {
  Assets,
  BuiltImage,
  ContentImage,
  FormAction,
  Head,
  PageProps,
  Pagination,
  Rendition,
} from "./render/contract.ts";
export { serializeJsonLd } from "./render/json-ld.ts";
export { Island } from "./render/island.ts";
export { Search } from "./render/search.ts";
export type { SearchProps } from "./render/search.ts";
export type { IslandLoad, IslandProps } from "./render/island.ts";
