// Archives: a collection's entries by the year (or month) of their `date`, newest first, a page (paginated as a
// list's) for each year or month that has entries, and an index page of the years with their months.
import type { ArchivePeriod } from "../config/taxonomy-options.ts";
import type { ResolvedArchive, ResolvedSite } from "../config/types.ts";
import { dateParts, offCalendar } from "../content/frontmatter/index.ts";
import type { ContentItem, EntryValue } from "../content/types.ts";
import { EntryWithoutDate } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { byDate, madeEntry, madeRoute, madeSource, paginate } from "./listing.ts";
import type { TermSection } from "./taxonomies.ts";
import type { Pagination, Route } from "./types.ts";
import { normalizePath, withBase } from "./urls.ts";

/** Entries of one year or month, newest first. */
interface Period {
  year: string;
  month?: string;
  entries: Array<{ value: EntryValue; month: string }>;
}

/** The pages of every archive of one section and their index pages. */
export function addArchives(
  site: ResolvedSite,
  section: TermSection,
  made: { routes: Route[]; errors: HeirloomError[] },
  base: string,
): void {
  for (const archive of site.archives) {
    const items = byDate(section.items.get(archive.collection) ?? []);
    const periods = periodsOf(archive, items, made.errors);
    const pathOf = (year: string, month?: string) => {
      const filled = archive.path.replace(":year", year).replace(":month", month ?? "");
      return normalizePath(section.prefix + filled, site.urlFormat);
    };
    const url = (year: string, month?: string) => withBase(base, pathOf(year, month));
    const source = madeSource(site.source, archive.collection, archive.path);
    const years = yearsOf(periods, archive.month, url);
    for (const period of periods) {
      const { year, month } = period;
      const months = archive.month ? [] : (years.find((y) => y.year === year)?.months ?? []);
      const title = month ? `${year}-${month}` : year;
      const summary: ArchivePeriod = {
        year,
        ...(month ? { month } : {}),
        url: url(year, month),
        count: period.entries.length,
      };
      const entry = madeEntry({ ...summary, title, months }, { ...summary, months }, section.locale);
      const first = madeRoute(pathOf(year, month), site.urlFormat, archive.template, entry, source);
      if (section.locale !== undefined) first.locale = section.locale;
      const values = period.entries.map((e) => e.value);
      const pages = paginate(first, values, archive.perPage, site.urlFormat, base);
      for (const page of pages) page.pagination!.groups = groupsOf(page.pagination!, period);
      made.routes.push(...pages);
    }
    if (archive.index) {
      const { path, template, title } = archive.index;
      const at = normalizePath(section.prefix + path, site.urlFormat);
      const entry = madeEntry({ title, years, url: withBase(base, at) }, years, section.locale);
      const route = madeRoute(at, site.urlFormat, template, entry, madeSource(site.source, archive.collection, path));
      if (section.locale !== undefined) route.locale = section.locale;
      made.routes.push(route);
    }
  }
}

/** The years (or months) with entries, newest first; an entry without a date of the calendar is an error. */
function periodsOf(archive: ResolvedArchive, items: ContentItem[], errors: HeirloomError[]): Period[] {
  const periods = new Map<string, Period>();
  for (const item of items) {
    const date = dateParts(item.value.date);
    if (!date) {
      const { file } = item.source;
      const value = item.value.date === undefined ? undefined : String(item.value.date);
      const off = value === undefined ? undefined : offCalendar(value.trim());
      const location = { file, ...item.source.locate(["date"]) };
      errors.push(errorFrom(EntryWithoutDate, { file, pattern: archive.path, value, off }, { location }));
      continue;
    }
    const key = archive.month ? `${date.year}-${date.month}` : date.year;
    const period = periods.get(key) ?? {
      year: date.year,
      ...(archive.month ? { month: date.month } : {}),
      entries: [],
    };
    periods.set(key, period);
    period.entries.push({ value: item.value, month: date.month });
  }
  // Dates of one day are in the order their times give; periods newest first whatever the times' offsets say.
  return [...periods.values()].sort((a, b) => periodKey(b).localeCompare(periodKey(a)));
}

const periodKey = (period: { year: string; month?: string }) => `${period.year}-${period.month ?? ""}`;

/** Every year with its count and months, newest first; URLs for the pages the archive has. */
function yearsOf(periods: Period[], monthly: boolean, url: (year: string, month?: string) => string) {
  const years = new Map<string, ArchivePeriod & { months: ArchivePeriod[] }>();
  for (const period of periods) {
    const year = years.get(period.year) ?? {
      year: period.year,
      count: 0,
      months: [],
      ...(monthly ? {} : { url: url(period.year) }),
    };
    years.set(period.year, year);
    year.count += period.entries.length;
    const months = new Map<string, number>();
    for (const { month } of period.entries) months.set(month, (months.get(month) ?? 0) + 1);
    for (const [month, count] of months) {
      year.months.push({ year: period.year, month, count, ...(monthly ? { url: url(period.year, month) } : {}) });
    }
  }
  for (const year of years.values()) year.months.sort((a, b) => b.month!.localeCompare(a.month!));
  return [...years.values()];
}

/** The entries of one page of a period, by month, in the page's order. */
function groupsOf(pagination: Pagination, period: Period): NonNullable<Pagination["groups"]> {
  const monthOf = new Map(period.entries.map((e) => [e.value, e.month]));
  const groups: NonNullable<Pagination["groups"]> = [];
  for (const value of pagination.items) {
    const month = monthOf.get(value)!;
    const last = groups[groups.length - 1];
    if (last?.month === month) last.items.push(value);
    else groups.push({ year: period.year, month, items: [value] });
  }
  return groups;
}
