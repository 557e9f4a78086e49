// The engine as a site's own modules see it when they run: what site.config.ts and templates/ get when they
// import "heirloom" or "zod". Handed to the compiler, so that no stage imports the engine's public entry.
import * as zod from "zod";
import { defineCollection, defineSite } from "../config/define.ts";
import { image } from "../content/fields/index.ts";
import { date } from "../content/fields/index.ts";
import { withoutNumberPrefixes } from "../content/files/index.ts";
import { renderMarkdown } from "../content/markdown/index.ts";
import { Island } from "../render/island.ts";
import { recordingJsxRuntime } from "../render/island-call-site.ts";
import { serializeJsonLd } from "../render/json-ld.ts";
import { Search } from "../render/search.ts";

/** The values of the public entry (src/index.ts) that a site uses at run time; its types need no module. */
export const siteApi = {
  z: zod.z,
  defineCollection,
  defineSite,
  image,
  date,
  renderMarkdown,
  serializeJsonLd,
  Island,
  Search,
  withoutNumberPrefixes,
};

/**
 * The bare imports a site's compiled modules resolve to the running engine's instances; React's JSX runtime records
 * where each <Island> is made, for the template's line in its errors.
 */
export const siteModules: Record<string, unknown> = {
  heirloom: siteApi,
  zod,
  "react/jsx-runtime": recordingJsxRuntime(Island),
};
