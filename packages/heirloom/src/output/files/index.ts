// The entry of output/files/: what the rest of the engine uses of it.
export { feedEntries, feedFiles } from "./feeds.ts";
export type { FeedSelections } from "./feeds.ts";
export { hostingFiles, securityHeaders } from "./hosting.ts";
export { redirectFiles } from "./redirects.ts";
export { SEARCH_FOLDER, indexSearch } from "./search-index.ts";
export type { KeptSearch, SearchReport, SearchState } from "./search-index.ts";
export { fixedFiles, linkResolver, readPassthrough, siteFiles } from "./site-files.ts";
export type { FixedFiles } from "./site-files.ts";
export { headersAt, pathHeaders } from "./header-rules.ts";
export type { PathHeaders } from "./header-rules.ts";
export { contentSecurityPolicy, hasPathPolicies, policyDirectives } from "./policy.ts";
