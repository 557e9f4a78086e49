// What the pages of each locale render with (with i18n): its collections, fallbacks included, and the table of
// what its bodies' links name (the default locale's files it translates named by their translations).
import type { SiteConfig } from "../config/options.ts";
import type { ResolvedSite } from "../config/types.ts";
import type { RawContent, ValidatedContent } from "../content/types.ts";
import { collectionsOf } from "../content/validate.ts";
import { refTable } from "../render/refs.ts";
import type { LocalePages } from "../render/render.ts";
import type { Redirect, Route } from "../routes/types.ts";

/** The content stages' result a table of links is made from. */
export interface ReadContent {
  raw: RawContent;
  validated: ValidatedContent;
  routes: Route[];
  redirects: Redirect[];
}

/** What the links and images of bodies name: the default locale's, or with `locale` that locale's. */
export function refTableOf(
  { config, site }: SiteSetup,
  read: ReadContent,
  content: Record<string, unknown>,
  locale?: string,
) {
  const { raw, validated, routes, redirects } = read;
  const { imageSizes } = site.markdown;
  const images = validated.bodyImages;
  const counterparts = locale === undefined ? undefined : validated.locales?.get(locale)?.counterparts;
  const passthrough = raw.passthrough;
  const localeFolder = locale === undefined ? undefined : `${locale}/`;
  const { base } = config;
  return refTable({ base, content, images, passthrough, routes, redirects, counterparts, localeFolder, imageSizes });
}

/** The definition and configuration a locale's pages are made with. */
export interface SiteSetup {
  config: SiteConfig;
  site: ResolvedSite;
}

/** With i18n, each other locale's collections as its pages receive them, and what its bodies' links name. */
export function localePages({ config, site }: SiteSetup, read: ReadContent): Map<string, LocalePages> | undefined {
  const locales = read.validated.locales;
  if (!locales) return undefined;
  const pages = new Map<string, LocalePages>();
  for (const locale of locales.keys()) {
    const content = collectionsOf(site, read.validated, locale);
    pages.set(locale, { content, refs: refTableOf({ config, site }, read, content, locale) });
  }
  return pages;
}
