// The i18n option: the site's languages, each but the default with its content in content/<locale>/ and its
// pages under /<locale>/; its types and its check.
import * as messages from "../errors/catalogue.ts";
import type { ErrorEntry } from "../errors/errors.ts";

/** One locale's version of an entry (see `EntryMeta.translations`). */
export interface Translation {
  /** The locale whose part of the site it is in ("de"). */
  locale: string;
  /** Its page's URL (base path included), when a route shows it. */
  url?: string;
  /** Its `title`, when it has a text one. */
  title?: string;
  /** It is the entry it is listed on. */
  current: boolean;
  /** It is the default locale's entry, published there untranslated. */
  fallback: boolean;
}

/** The site's languages: content per locale, each locale's pages under /<locale>/, the default one at the root. */
export interface I18nOptions {
  /** BCP 47 tags, such as ["en", "de"]: each but the default has its content in content/<locale>/. */
  locales: string[];
  /** The locale whose content is directly under content/ and whose pages are at the root. */
  defaultLocale: string;
  /**
   * An entry a locale has no translation of: "default" (the default) publishes the default locale's at the
   * locale's URL, marked (`fallback`, its canonical URL the default page's, left out of hreflang and the sitemap);
   * "omit" leaves it out of that locale (a link to it there is a broken link). A single-file collection's entry
   * (such as site.md) always falls back.
   */
  fallback?: "default" | "omit";
}

/** The site's languages, checked. */
export interface ResolvedI18n {
  locales: string[];
  defaultLocale: string;
  fallback: "default" | "omit";
}

/** A BCP 47 language tag as folders and URLs carry it: "en", "de", "pt-BR", "zh-Hant". */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

/** The i18n option checked, each problem at its line of site.config.ts; undefined without one. */
export function checkI18n(
  given: unknown,
  collections: Map<string, { name: string; source: string }>,
  fail: Fail,
): ResolvedI18n | undefined {
  if (given === undefined) return undefined;
  const options = (typeof given === "object" && given !== null ? given : {}) as Partial<I18nOptions>;
  const { locales, defaultLocale } = options;
  const fallback = options.fallback ?? "default";
  const tags = Array.isArray(locales) ? locales : [];
  const valid = tags.length > 0 && tags.every((tag) => typeof tag === "string" && LANGUAGE_TAG.test(tag));
  if (!valid || new Set(tags).size !== tags.length) {
    fail(messages.BadLocales, { value: JSON.stringify(locales) ?? "undefined" }, "locales");
    return undefined;
  }
  const twin = caseTwin(tags);
  if (twin) {
    fail(messages.LocalesDifferInCase, twin, `"${twin.second}"`);
    return undefined;
  }
  if (typeof defaultLocale !== "string" || !tags.includes(defaultLocale)) {
    const value = JSON.stringify(defaultLocale) ?? "undefined";
    fail(messages.BadDefaultLocale, { value, locales: tags }, "defaultLocale");
  }
  if (fallback !== "default" && fallback !== "omit") {
    fail(messages.BadI18nFallback, { value: JSON.stringify(fallback) }, "fallback");
  }
  for (const locale of tags) {
    const owner = [...collections.values()].find((c) => c.source.split("/")[0] === locale);
    if (owner) fail(messages.LocaleIsCollectionFolder, { locale, collection: owner.name }, `"${locale}"`);
  }
  return { locales: tags, defaultLocale: defaultLocale as string, fallback };
}

/** The first two tags that differ only in case ("de" and "DE"): one language, and one folder on macOS. */
function caseTwin(tags: string[]): { first: string; second: string } | undefined {
  const seen = new Map<string, string>();
  for (const tag of tags) {
    const first = seen.get(tag.toLowerCase());
    if (first !== undefined) return { first, second: tag };
    seen.set(tag.toLowerCase(), tag);
  }
  return undefined;
}
