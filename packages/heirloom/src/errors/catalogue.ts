// Every message and hint a user can get, as data (one entry each: id, code, title, message, hint), kept by the
// stage that finds the problem; throw sites only pick an entry and fill it in (`errorFrom`). The README's
// table of errors is this catalogue; README.md beside it says how to write a message.
import * as budget from "./budget-messages.ts";
import * as config from "./config-messages.ts";
import * as content from "./content-messages.ts";
import * as entries from "./entry-messages.ts";
import * as hostFiles from "./host-file-messages.ts";
import * as i18n from "./i18n-messages.ts";
import * as images from "./image-messages.ts";
import * as init from "./init-messages.ts";
import type { ErrorEntry } from "./errors.ts";
import * as islands from "./island-messages.ts";
import * as markdown from "./markdown-messages.ts";
import * as options from "./options-messages.ts";
import * as output from "./output-messages.ts";
import * as server from "./server-messages.ts";
import * as site from "./site-messages.ts";

export * from "./budget-messages.ts";
export * from "./config-messages.ts";
export * from "./content-messages.ts";
export * from "./entry-messages.ts";
export * from "./host-file-messages.ts";
export * from "./i18n-messages.ts";
export * from "./image-messages.ts";
export * from "./init-messages.ts";
export * from "./island-messages.ts";
export * from "./markdown-messages.ts";
export * from "./options-messages.ts";
export * from "./output-messages.ts";
export * from "./server-messages.ts";
export * from "./site-messages.ts";

const isEntry = (value: unknown): value is ErrorEntry => typeof (value as ErrorEntry)?.message === "function";

/** Every entry of the catalogue by its id (the name it is exported under), in the order of the stages. */
export const catalogue: Record<string, ErrorEntry> = Object.fromEntries(
  [config, hostFiles, i18n, options, content, entries, markdown, site, islands, images, budget, output, init, server]
    .flatMap((messages) => Object.values(messages).filter(isEntry))
    .map((entry) => [entry.id, entry]),
);
