// The entry of output/links/: what the rest of the engine uses of it.
export { checkLinks, checkRedirectTargets } from "./links.ts";
export { pageLinks } from "./page-links.ts";
export { linksDespiteMistakes } from "./partial-links.ts";
export { templateLinkFinder } from "./template-links.ts";
export { blockedUses } from "./blocked-uses.ts";
export { pageUses } from "./page-uses.ts";
export { readSources } from "./template-links.ts";
export { allows, usesOf } from "./policy-match.ts";
export type { PageUse } from "./policy-match.ts";
