// What a template reads of the collections while it renders one page: each list's length, each entry it
// touches and each single entry, with the content hash it saw. A later build re-renders the page only if
// one of them changed.

/** One content access a page's template made, and the value it saw. */
export interface ContentDependency {
  collection: string;
  /** An index of a list, -1 for a single entry, -2 for the list's length. */
  index: number;
  value: string;
  /** With i18n: the locale whose collections were read (absent for the default locale's). */
  locale?: string;
}

/**
 * The collections behind a recording proxy. `hashOf` gives an entry's content hash. Array methods (map,
 * slice, filter, for...of) read through the proxy, so they are recorded index by index.
 */
export function trackContent(
  content: Record<string, unknown>,
  hashOf: (entry: unknown) => string,
  locale?: string,
): { content: Record<string, unknown>; deps(): ContentDependency[] } {
  const seen = new Map<string, ContentDependency>();
  const record = (collection: string, index: number, value: string) => {
    const key = `${collection}:${index}`;
    if (!seen.has(key))
      seen.set(key, locale === undefined ? { collection, index, value } : { collection, index, value, locale });
  };
  const lists = new Map<string, unknown[]>();
  const tracked = new Proxy(content, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof name !== "string" || !(name in target)) return value;
      // A single entry, a data file's list among them (a list with a file's hash), is read whole.
      if (!Array.isArray(value) || hashOf(value) !== "") {
        record(name, -1, hashOf(value));
        return value;
      }
      let list = lists.get(name);
      if (!list) {
        list = new Proxy(value, {
          get(array, key) {
            if (key === "length") record(name, -2, String(array.length));
            else if (typeof key === "string" && /^\d+$/.test(key)) {
              const index = Number(key);
              if (index < array.length) record(name, index, hashOf(array[index]));
            }
            return Reflect.get(array, key);
          },
        });
        lists.set(name, list);
      }
      return list;
    },
  });
  return { content: tracked, deps: () => [...seen.values()] };
}

/** The value a dependency has in the current content, to compare with the one recorded. */
export function currentValue(
  content: Record<string, unknown>,
  dep: ContentDependency,
  hashOf: (entry: unknown) => string,
): string {
  const value = content[dep.collection];
  if (dep.index === -1) return value === undefined ? "" : hashOf(value);
  if (!Array.isArray(value)) return "";
  if (dep.index === -2) return String(value.length);
  return dep.index < value.length ? hashOf(value[dep.index]) : "";
}
