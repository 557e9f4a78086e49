// The entry of serve/dev/: what the rest of the engine uses of it.
export * from "./dev.ts";
