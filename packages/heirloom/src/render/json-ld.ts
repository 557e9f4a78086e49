// Structured data for a page's head: the site's templates build it, the engine serializes it safely.

/**
 * Serializes JSON for an HTML <script type="application/ld+json"> element. `<`, `>` and `&` are
 * escaped so no content can close the element or open a comment; U+2028/2029 for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
