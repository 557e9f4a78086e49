// The entry of config/checks/: what the rest of the engine uses of it.
export { resolveSite } from "./check-definition.ts";
export { FEED_TYPES, feedFormat } from "./check-feeds.ts";
export { resolveMarkdown } from "./check-markdown.ts";
