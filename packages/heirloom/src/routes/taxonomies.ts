// Taxonomies: the terms a field of a collection's entries holds (tags, categories, series), each with its pages
// (newest first, paginated as a list's) and its own feed, an index page of them, and each entry's own terms.
// Terms are read from the entries of one section (a locale's), which hold no draft.
import { createRequire } from "node:module";
import type { Term } from "../config/taxonomy-options.ts";
import type { ResolvedSite, ResolvedTaxonomy } from "../config/types.ts";
import type { ContentItem, EntryValue, SourceEntry } from "../content/types.ts";
import { setDerived } from "../content/derived.ts";
import { BadTermValue, TermWithoutSlug } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { madeEntry, madeRoute, madeSource, newestFirst, paginate } from "./listing.ts";
import type { FeedSpec, Route } from "./types.ts";
import { normalizePath, withBase } from "./urls.ts";

/** One section's share of the site (a locale's, or the whole site without i18n), as routes.ts gives it. */
export interface TermSection {
  locale?: string;
  prefix: string;
  items: Map<string, ContentItem[]>;
}

/** A term as it is gathered: its spellings with how often each is written, and its entries, newest first. */
interface Gathered {
  slug: string;
  spellings: Map<string, number>;
  entries: EntryValue[];
}

/**
 * The routes and feeds of every taxonomy of one section, and each entry of their collections its `terms`: every
 * entry gets them afresh (one kept from an earlier build too), with what they say in its hash.
 */
export function addTaxonomies(
  site: ResolvedSite,
  section: TermSection,
  made: { routes: Route[]; feeds: FeedSpec[]; errors: HeirloomError[] },
  base: string,
): void {
  if (site.taxonomies.length === 0) return;
  const own = new Map<EntryValue, Record<string, Term[]>>();
  // A collection's order is made once for all of its taxonomies (tags and categories of the same posts).
  const ordered = new Map<string, ContentItem[]>();
  for (const taxonomy of site.taxonomies) {
    const { collection } = taxonomy;
    let items = ordered.get(collection);
    if (!items) {
      items = newestFirst(section.items.get(collection) ?? [], site.collections.get(collection));
      ordered.set(collection, items);
    }
    const { terms, byEntry } = gatherTerms(taxonomy, items, made.errors);
    const url = (slug: string) => withBase(base, termPath(site, section, taxonomy.path, slug));
    const list = [...terms.values()].map(
      (t): Term => ({ name: nameOf(t), slug: t.slug, url: url(t.slug), count: t.entries.length }),
    );
    const bySlug = new Map(list.map((term) => [term.slug, term]));
    for (const item of items) {
      const terms = own.get(item.value) ?? {};
      terms[taxonomy.field] = (byEntry.get(item.value) ?? []).map((slug) => bySlug.get(slug)!);
      own.set(item.value, terms);
    }
    // One source for all of a taxonomy's pages: where its path is written.
    const source = madeSource(site.source, taxonomy.collection, taxonomy.path);
    for (const term of list) {
      addTerm({ site, section, taxonomy, source, base }, term, terms.get(term.slug)!.entries, made);
    }
    if (taxonomy.index) {
      const { path, template, title } = taxonomy.index;
      const at = normalizePath(section.prefix + path, site.urlFormat);
      const entry = madeEntry(
        { title, taxonomy: taxonomy.field, terms: list, url: withBase(base, at) },
        list,
        section.locale,
      );
      const source = madeSource(site.source, taxonomy.collection, path);
      made.routes.push(localized(madeRoute(at, site.urlFormat, template, entry, source), section));
    }
  }
  for (const [value, terms] of own) {
    value.terms = terms;
    setDerived(value, JSON.stringify(terms));
  }
}

/** One term's pages (its entries newest first, paginated) and its feed, named in its own pages' heads. */
function addTerm(
  of: { site: ResolvedSite; section: TermSection; taxonomy: ResolvedTaxonomy; source: SourceEntry; base: string },
  term: Term,
  entries: EntryValue[],
  made: { routes: Route[]; feeds: FeedSpec[] },
): void {
  const { site, section, taxonomy, source, base } = of;
  const path = termPath(site, section, taxonomy.path, term.slug);
  const entry = madeEntry({ ...term, title: term.name, taxonomy: taxonomy.field }, term, section.locale);
  const first = localized(madeRoute(path, site.urlFormat, taxonomy.template, entry, source), section);
  const pages = paginate(first, entries, taxonomy.perPage, site.urlFormat, base);
  if (taxonomy.feed) {
    const options = taxonomy.feed;
    const title = (options.title ?? ":term").replaceAll(":term", term.name);
    const feed: FeedSpec = {
      path: section.prefix + options.path.replace(":term", term.slug),
      title,
      author: options.author ?? title,
      listPath: path,
      // A locale's feed holds its own entries, as a list's does.
      items: section.prefix ? entries.filter((v) => !v.fallback) : entries,
      options,
      source,
      own: true,
    };
    if (section.locale !== undefined) feed.locale = section.locale;
    made.feeds.push(feed);
    for (const page of pages) page.feeds = [feed];
  }
  made.routes.push(...pages);
}

/** The terms of a taxonomy by slug (in the order of their slugs) and each entry's own, in the order it writes them. */
function gatherTerms(taxonomy: ResolvedTaxonomy, items: ContentItem[], errors: HeirloomError[]) {
  const terms = new Map<string, Gathered>();
  const byEntry = new Map<EntryValue, string[]>();
  const slugs = new Map<string, string>();
  for (const item of items) {
    const named = [taxonomy.field, ...taxonomy.also].flatMap((field) =>
      namesOf(item, field, errors).map((name) => ({ field, name })),
    );
    const own: string[] = [];
    for (const { field, name } of named) {
      let slug = slugs.get(name);
      if (slug === undefined) slugs.set(name, (slug = termSlug(name)));
      if (!slug) {
        const { file } = item.source;
        const location = { file, ...item.source.locate([field]) };
        errors.push(errorFrom(TermWithoutSlug, { file, field, name }, { location }));
        continue;
      }
      const term: Gathered = terms.get(slug) ?? { slug, spellings: new Map(), entries: [] };
      terms.set(slug, term);
      term.spellings.set(name, (term.spellings.get(name) ?? 0) + 1);
      if (own.includes(slug)) continue;
      own.push(slug);
      term.entries.push(item.value);
    }
    byEntry.set(item.value, own);
  }
  const sorted = new Map([...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { terms: sorted, byEntry };
}

/** The terms an entry's field holds: one text or number, or a list of them; anything else is an error. */
function namesOf(item: ContentItem, field: string, errors: HeirloomError[]): string[] {
  const value = item.value[field];
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  const usable = list.every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)));
  if (!usable) {
    const { file } = item.source;
    const found = JSON.stringify(value) ?? String(value);
    errors.push(
      errorFrom(BadTermValue, { file, field, found }, { location: { file, ...item.source.locate([field]) } }),
    );
    return [];
  }
  return list.map((v) => String(v).trim()).filter(Boolean);
}

/** The spelling written most often, the first one met on a tie. */
function nameOf(term: Gathered): string {
  let best = "";
  let most = 0;
  for (const [name, count] of term.spellings) {
    if (count > most) [best, most] = [name, count];
  }
  return best;
}

type Slugify = (text: string, options?: { decamelize?: boolean }) => string;
// Loaded when a term is first named, not with the engine: building its table of transliterations takes a site
// without taxonomies time for nothing. A local `require`, so the CLI's bundle leaves it to be loaded then.
const require = createRequire(import.meta.url);
let slugify: Slugify | undefined;

/** The package's function (an ES module, its default export; required, the module itself or its default). */
function slugifier(): Slugify {
  if (!slugify) {
    const loaded = require("@sindresorhus/slugify") as Slugify | { default: Slugify };
    slugify = typeof loaded === "function" ? loaded : loaded.default;
  }
  return slugify;
}

/**
 * A term's URL segment, the same for every spelling of it: accents dropped, other scripts transliterated, letters
 * lowercased, every run of anything else a hyphen ("C++" is "c-plus-plus", "C#" "c-sharp"); "" when nothing is left.
 */
export function termSlug(name: string): string {
  const spelled = name.replace(/\+/g, " plus ").replace(/(\w)#/g, "$1 sharp ");
  return slugifier()(spelled.normalize("NFD").replace(/\p{M}/gu, ""), { decamelize: false });
}

function termPath(site: ResolvedSite, section: TermSection, path: string, slug: string): string {
  return normalizePath(section.prefix + path.replace(":term", slug), site.urlFormat);
}

function localized(route: Route, section: TermSection): Route {
  if (section.locale !== undefined) route.locale = section.locale;
  return route;
}
