// The entries collections' load functions made (config/load-entries.ts) as the content stage's sources: each
// like a file's, named after site.config.ts and located at its collection there, hashed by what it holds.
import { createHash } from "node:crypto";
import { DEFINITION_FILE, locateCollection } from "../config/definition-file.ts";
import type { ResolvedSite } from "../config/types.ts";
import type { SourceEntry } from "./types.ts";

/** The loaded entries of every collection with a load function, in the order it returned them. */
export function loadedSources(site: ResolvedSite): SourceEntry[] {
  return [...(site.loaded ?? [])].flatMap(([collection, entries]) => {
    const { line = 1, column = 1 } = locateCollection(site.source, collection);
    return entries.map(({ slug, data, body = "" }) => ({
      file: DEFINITION_FILE,
      data: structuredClone(data),
      body,
      bodyLine: line,
      format: "yaml" as const,
      locate: () => ({ line, column }),
      collection,
      slug,
      // With i18n, what ties it to its translations (none: no locale's folder holds it), its own in the collection.
      ...(site.i18n ? { key: `\0${collection}/${slug}` } : {}),
      hash: createHash("sha256")
        .update(`loaded\0${collection}\0${slug}\0${JSON.stringify(data)}\0${body}`)
        .digest("hex"),
    }));
  });
}
