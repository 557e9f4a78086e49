// The entry of serve/dev/site-thread/: what the rest of the engine uses of it.
export { problemsFormatter } from "./dev-problems.ts";
export type { ServedAnswer, ServedFile, SiteThreadData } from "./site-thread-messages.ts";
export { startSiteThread } from "./site-thread.ts";
