// The entry of output/write/: what the rest of the engine uses of it.
export { LockBusyError, acquireLock } from "./file-lock.ts";
export { lockOutput } from "./output-lock.ts";
export type { PageRecord } from "./page-record.ts";
export { createPageWriter } from "./page-writer.ts";
export { listSeed } from "./seed-listing.ts";
export { openStaging } from "./staging.ts";
export type { FileState, Manifest, Seed, Staging } from "./staging.ts";
export { checkOutDir, recoverInterrupted, removeLeftovers } from "./write.ts";
