// The catalogue's entries about a site's languages: the definition's `i18n` option (content/<locale>/ folders a
// site does not declare are content.ts's).
import { errorEntry as entry } from "../errors.ts";

export const BadLocales = entry("BadLocales", {
  code: "ConfigError",
  title: "i18n.locales is not a list of language tags",
  message: ({ value }: { value: string }) => `i18n.locales is ${value}.`,
  hint: () =>
    'list the site\'s languages as BCP 47 tags, each once, such as `locales: ["en", "de", "pt-BR"]` ' +
    "(each becomes the folder content/<locale>/ and the start of its URLs).",
});

export const LocalesDifferInCase = entry("LocalesDifferInCase", {
  code: "ConfigError",
  title: "Two of i18n.locales differ only in case",
  message: ({ first, second }: { first: string; second: string }) =>
    `i18n.locales holds "${first}" and "${second}", which differ only in case.`,
  hint: ({ first }) =>
    "each locale is a folder under content/ and the start of its URLs, which some file systems and hosts do not " +
    `tell apart by case: list each language once, in one spelling (such as "${first}").`,
});

export const BadDefaultLocale = entry("BadDefaultLocale", {
  code: "ConfigError",
  title: "i18n.defaultLocale is not one of i18n.locales",
  message: ({ value, locales }: { value: string; locales: string[] }) =>
    `i18n.defaultLocale is ${value}, which is not one of i18n.locales (${locales.join(", ")}).`,
  hint: () => "name the locale whose content is directly under content/ and whose pages are at the root.",
});

export const BadI18nFallback = entry("BadI18nFallback", {
  code: "ConfigError",
  title: "i18n.fallback is neither default nor omit",
  message: ({ value }: { value: string }) => `i18n.fallback is ${value}.`,
  hint: () =>
    'use "default" (a page not yet translated is published in the default locale\'s words, marked as such) ' +
    'or "omit" (it is not published in that locale).',
});

export const LocaleIsCollectionFolder = entry("LocaleIsCollectionFolder", {
  code: "ConfigError",
  title: "A locale has the name of a collection's folder",
  message: ({ locale, collection }: { locale: string; collection: string }) =>
    `The locale "${locale}" has the name of the folder of the collection "${collection}".`,
  hint: ({ locale }) =>
    `content/${locale}/ would be both; rename the collection's folder (its \`folder\` or \`file\` in site.config.ts).`,
});
