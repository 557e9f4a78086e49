// The entry of content/files/: content/ as files on disk, walked (links, loops, dot-files), placed as Hugo's and
// Jekyll's layouts place them, read and decoded; what the rest of the engine uses of it.
export {
  dataOutsideError,
  entrySlug,
  isSectionPage,
  sectionPageWarning,
  warningText,
  withoutExtension,
} from "./layout.ts";
export { listTree } from "./list-tree.ts";
export type { Listing } from "./list-tree.ts";
export { numberedOrder, withoutNumberPrefixes } from "./number-prefixes.ts";
export { MAX_CONTENT_BYTES, readAll } from "./read.ts";
export type { ReadRendering, ReadResult } from "./read.ts";
