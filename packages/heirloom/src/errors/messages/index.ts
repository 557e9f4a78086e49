// The catalogue's entries, one file per stage that finds the problem; every entry is exported under its id.
// `byStage` lists the files in the order of the stages, the order of the README's table of errors.
import * as budget from "./budget.ts";
import * as config from "./config.ts";
import * as content from "./content.ts";
import * as entries from "./entry.ts";
import * as feeds from "./feed.ts";
import * as foreign from "./foreign.ts";
import * as hostFiles from "./host-file.ts";
import * as headers from "./headers.ts";
import * as i18n from "./i18n.ts";
import * as images from "./image.ts";
import * as init from "./init.ts";
import * as islands from "./island.ts";
import * as layout from "./layout.ts";
import * as markdown from "./markdown.ts";
import * as options from "./options.ts";
import * as output from "./output.ts";
import * as server from "./server.ts";
import * as site from "./site.ts";
import * as taxonomy from "./taxonomy.ts";

export * from "./budget.ts";
export * from "./config.ts";
export * from "./content.ts";
export * from "./entry.ts";
export * from "./feed.ts";
export * from "./foreign.ts";
export * from "./host-file.ts";
export * from "./headers.ts";
export * from "./i18n.ts";
export * from "./image.ts";
export * from "./init.ts";
export * from "./island.ts";
export * from "./layout.ts";
export * from "./markdown.ts";
export * from "./options.ts";
export * from "./output.ts";
export * from "./server.ts";
export * from "./site.ts";
export * from "./taxonomy.ts";

export const byStage: readonly Record<string, unknown>[] = [
  config,
  feeds,
  hostFiles,
  headers,
  i18n,
  taxonomy,
  options,
  content,
  entries,
  layout,
  markdown,
  foreign,
  site,
  islands,
  images,
  budget,
  output,
  init,
  server,
];
