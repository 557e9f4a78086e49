// Where a user reads about an error: the documentation (docs/, built by the engine itself) has a page for each
// entry of the catalogue, made from it (docs/references.ts), at an address that only the entry's id decides.

/** The documentation as published (docs/, which CI builds under /docs/ of the repository's GitHub Pages site). */
export const DOCS_URL = "https://heirloom.github.io/heirloom/docs/";

/** The path part of an entry's page: "NoDefinitionFile" → "no-definition-file", "NotAFile" → "not-a-file". */
export function errorSlug(id: string): string {
  return id
    .replace(/([a-z\d])([A-Z])/g, "$1-$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

/** The address of the documentation's page about the catalogue's entry `id`. */
export function errorDocsUrl(id: string): string {
  return `${DOCS_URL}reference/errors/${errorSlug(id)}/`;
}
