// With i18n, each locale's collections as its pages show them: its own entries (from content/<locale>/) and, by
// `i18n.fallback`, the default locale's entries it has no translation of, marked as fallbacks. An entry and its
// translations share their path under their locale's folder.
import type { ResolvedSite } from "../config/types.ts";
import { sortItems } from "./order.ts";
import type { ContentItem, EntryValue, LocaleContent, ValidatedContent } from "./types.ts";

/** Each locale but the default's collections (see LocaleContent); none without i18n. */
export function localizeContent(site: ResolvedSite, validated: ValidatedContent): Map<string, LocaleContent> {
  const locales = new Map<string, LocaleContent>();
  for (const [locale, own] of validated.translated ?? []) {
    const items = new Map<string, ContentItem[]>();
    const counterparts = new Map<string, string>();
    for (const collection of site.collections.values()) {
      const mine = own.get(collection.name) ?? [];
      const byKey = new Map(mine.map((item) => [item.source.key, item]));
      const list = [...mine];
      for (const item of validated.items.get(collection.name) ?? []) {
        const translation = byKey.get(item.source.key);
        if (translation) counterparts.set(item.source.file, translation.source.file);
        // A single file (the site's name, its menus' words) is never left out: every page of the locale needs it.
        else if (collection.single || site.i18n!.fallback === "default") list.push(fallbackOf(item));
      }
      items.set(collection.name, sortItems(site, collection, list));
    }
    locales.set(locale, { items, counterparts });
  }
  return locales;
}

/** The default locale's entry as a locale shows it untranslated: the same fields, its own URL, marked. */
function fallbackOf(item: ContentItem): ContentItem {
  const original = item.value;
  const copy = {} as EntryValue;
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(original))) {
    // A lazily rendered body (html, headings, Content) is read from the entry, rendered once for both.
    if (descriptor.get)
      Object.defineProperty(copy, key, { enumerable: true, configurable: true, get: () => original[key] });
    else Object.defineProperty(copy, key, descriptor);
  }
  for (const symbol of Object.getOwnPropertySymbols(original)) {
    Object.defineProperty(copy, symbol, Object.getOwnPropertyDescriptor(original, symbol)!);
  }
  copy.url = undefined;
  copy.fallback = true;
  return { ...item, value: copy };
}

/** Every valid entry once: the default locale's and each other locale's own (fallbacks are the default's). */
export function everyItem(validated: ValidatedContent): ContentItem[] {
  const lists = [validated.items, ...(validated.translated?.values() ?? [])];
  return lists.flatMap((collections) => [...collections.values()].flat());
}
