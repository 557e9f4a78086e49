// What a later stage gives an entry beyond its file (the terms the routes stage finds for it), kept in its hash:
// a page that shows the entry depends on that too.

/** What was derived for an entry, as text, on the entry itself (not enumerable). */
export const DERIVED_HASH = Symbol("heirloom.derivedHash");

/** Records `summary` as what was derived for `value`, replacing what an earlier build recorded. */
export function setDerived(value: object, summary: string): void {
  Object.defineProperty(value, DERIVED_HASH, { value: summary, configurable: true, writable: true });
}
