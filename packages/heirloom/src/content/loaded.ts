// The entries collections' load functions made (config/load-entries.ts) as the content stage's sources: each
// like a file's, named after site.config.ts and located at its collection there, with the hash it was given.
import { DEFINITION_FILE, locateCollection } from "../config/definition-file.ts";
import type { ResolvedSite } from "../config/types.ts";
import type { SourceEntry } from "./types.ts";

/** The loaded entries of every collection with a load function, in the order it returned them. */
export function loadedSources(site: ResolvedSite): SourceEntry[] {
  return [...(site.loaded ?? [])].flatMap(([collection, entries]) => {
    const { line = 1, column = 1 } = locateCollection(site.source, collection);
    // The data as returned: the schema reads it and makes the entry's values anew.
    return entries.map(({ slug, data, body, hash }) => ({
      file: DEFINITION_FILE,
      data,
      body,
      bodyLine: line,
      format: "yaml" as const,
      locate: () => ({ line, column }),
      collection,
      slug,
      // With i18n, what ties it to its translations (none: no locale's folder holds it), its own in the collection.
      ...(site.i18n ? { key: `\0${collection}/${slug}` } : {}),
      hash,
    }));
  });
}
