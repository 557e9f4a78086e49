// With i18n, what ties an entry to its translations once every route is made: each entry's `translations` (its
// versions in each locale, with their URLs, for a language switcher), each page's hreflang alternates, and a
// fallback's canonical page. Translations share their collection and path under their locale's folder.
import type { ResolvedI18n } from "../config/i18n.ts";
import type { Translation } from "../config/define.ts";
import type { ContentItem, ValidatedContent } from "../content/types.ts";
import { setTranslations } from "../content/validate.ts";
import type { Route } from "./types.ts";

/** Gives every entry its translations, every translated page its alternates and every fallback's its canonical. */
export function linkTranslations(i18n: ResolvedI18n, content: ValidatedContent, routes: Route[]): void {
  const byLocale: Array<[string, Map<string, ContentItem[]>]> = [[i18n.defaultLocale, content.items]];
  for (const [locale, { items }] of content.locales ?? []) byLocale.push([locale, items]);
  const order = (locale: string) => i18n.locales.indexOf(locale);
  byLocale.sort(([a], [b]) => order(a) - order(b));
  const groups = new Map<string, Array<{ locale: string; item: ContentItem }>>();
  for (const [locale, collections] of byLocale) {
    for (const items of collections.values()) {
      for (const item of items) {
        const key = groupKey(item.source);
        const group = groups.get(key) ?? [];
        group.push({ locale, item });
        groups.set(key, group);
      }
    }
  }
  for (const group of groups.values()) {
    for (const { item } of group) {
      const translations = group.map(({ locale, item: other }): Translation => {
        const { url, title, fallback } = other.value;
        const found: Translation = { locale, url, current: other === item, fallback: fallback === true };
        if (typeof title === "string") found.title = title;
        return found;
      });
      setTranslations(item.value, translations);
    }
  }
  linkPages(i18n, routes);
}

/** Each page's alternates (when two locales or more have it) and a fallback's canonical, the default's page. */
function linkPages(i18n: ResolvedI18n, routes: Route[]): void {
  const groups = new Map<string, Route[]>();
  for (const route of routes) {
    const key = `${groupKey(route.source)}\0${route.pagination?.page ?? 1}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const order = (route: Route) => i18n.locales.indexOf(route.locale ?? i18n.defaultLocale);
  for (const group of groups.values()) {
    const original = group.find((route) => route.locale === i18n.defaultLocale && !route.entry.fallback);
    const translated = group.filter((route) => !route.entry.fallback).sort((a, b) => order(a) - order(b));
    const alternates = translated.map((route) => ({ hreflang: route.locale!, path: route.path }));
    if (original) alternates.push({ hreflang: "x-default", path: original.path });
    for (const route of group) {
      // A route kept from the dev server's last build is told afresh: a translation may have gone since.
      route.alternates = undefined;
      route.canonical = undefined;
      if (route.entry.fallback) {
        if (original) route.canonical = original.path;
      } else if (translated.length > 1) route.alternates = alternates;
    }
  }
}

/** What an entry shares with its translations: its collection and its path under its locale's folder. */
function groupKey(source: { collection: string; key?: string; file: string }): string {
  return `${source.collection}\0${source.key ?? source.file}`;
}
