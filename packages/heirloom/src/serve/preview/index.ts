// The entry of serve/preview/: what the rest of the engine uses of it.
export * from "./preview.ts";
