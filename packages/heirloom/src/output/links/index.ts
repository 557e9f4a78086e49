// The entry of output/links/: what the rest of the engine uses of it.
export { checkLinks, checkRedirectTargets } from "./links.ts";
export { pageLinks } from "./page-links.ts";
export { linksDespiteMistakes } from "./partial-links.ts";
export { templateLinkFinder } from "./template-links.ts";
