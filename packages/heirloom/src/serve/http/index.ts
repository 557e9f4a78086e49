// The entry of serve/http/: what the rest of the engine uses of it.
export * from "./allowed-hosts.ts";
export { compressedFiles } from "./compressed-files.ts";
export type { ByteRange, CompressedFiles } from "./compressed-files.ts";
export { confinedFiles } from "./confined-files.ts";
export type { ConfinedFiles } from "./confined-files.ts";
export { EncodedBodies } from "./encoded-bodies.ts";
export { answer, createSiteServer, listen } from "./http.ts";
export type { Target } from "./http.ts";
export { checkListenHost } from "./listen-host.ts";
