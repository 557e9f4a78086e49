// Docs sets number their folders and files for their order (01-app/02-guides/03-caching.mdx) and publish them
// without the numbers, as Docusaurus does: "01-", "1." and "001_" are an order; dates and versions are names.

/** A date or a version ("2024-01-15-launch", "7.0-notes"): a name, not an order, as Docusaurus reads them. */
const DATE_OR_VERSION = /^\d+[-_.]\d/;
const NUMBERED = /^\d+[-_.]+(.+)$/;
/** A segment's ordering number, where one starts a segment of a path. */
const ORDER_NUMBER = /(^|\/)(\d+)(?=[-_.](?!\d))/g;

/**
 * A path without the ordering number of each segment ("01-", "1.", "001_") and without a last "index":
 * "01-app/02-guides/03-caching" is "app/guides/caching", "index" is "". Dates and versions stay.
 */
export function withoutNumberPrefixes(path: string): string {
  const segments = path.split("/").map((segment) => {
    if (DATE_OR_VERSION.test(segment)) return segment;
    return NUMBERED.exec(segment)?.[1] ?? segment;
  });
  if (segments[segments.length - 1] === "index") segments.pop();
  return segments.join("/");
}

/**
 * A path that sorts by code points as its ordering numbers do by value: "9-x" before "10-x", as Docusaurus orders
 * them. The path itself (the same string) when no segment has a number.
 */
export function numberedOrder(path: string): string {
  return path.replace(ORDER_NUMBER, (_, start: string, digits: string) => start + digits.padStart(16, "0"));
}
