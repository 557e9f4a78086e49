// Dates as content writes them (YYYY-MM-DD, a date-time with or without an offset, a Date a schema made, a post's
// file name), read the same on every machine: never in the build machine's time zone; one written so that is not a
// day of the calendar (2026-02-31, which JavaScript reads as 3 March) is told apart, never read as another day.
import type { OffCalendar } from "../../errors/catalogue.ts";
import { ContentDate } from "./content-date.ts";
import { daysIn, readWrittenDate } from "./written-date.ts";

export type { OffCalendar };

/** The calendar date a text starts with: "2024-01-15", alone or before a time ("T10:00", " 10:00:00 +0100"). */
const WRITTEN_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/**
 * "2026-01-31" -> "2026-01-31T00:00:00Z"; a Date or a date-time (ISO 8601, RFC 3339, Jekyll's "2024-01-05 09:30:00
 * +0100", see written-date.ts) -> UTC ISO (RFC 3339); anything else -> undefined. Without an offset, a date-time is
 * read as UTC: JavaScript would read it (and any other form of date) in the build machine's time zone, and two
 * machines would write two files.
 */
export function isoDate(value: unknown): string | undefined {
  const ms = value instanceof Date ? value.getTime() : typeof value === "string" ? readWrittenDate(value)?.ms : NaN;
  return ms !== undefined && !Number.isNaN(ms) ? new Date(ms).toISOString().replace(/\.000Z$/, "Z") : undefined;
}

/**
 * The year, month and day of a date, zero-padded: a text's calendar date as written (as Jekyll and Hugo read
 * "2024-01-15T23:30:00-05:00": the 15th), a date() field's as written too, a Date's in UTC; undefined for anything
 * else or a day that does not exist.
 */
export function dateParts(value: unknown): { year: string; month: string; day: string } | undefined {
  if (value instanceof ContentDate) return dateParts(value.toString());
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    const [year, month, day] = value.toISOString().slice(0, 10).split("-");
    return { year, month, day };
  }
  const written = typeof value === "string" ? WRITTEN_DATE.exec(value.trim()) : null;
  if (!written || offCalendar(written[0])) return undefined;
  const [, year, month, day] = written;
  return { year, month, day };
}

/**
 * The date a text starts with (YYYY-MM-DD, alone or before a time) when it is not a day of the calendar: a month
 * 00 or past 12, a day 00 or past the month's last (2026-02-31, 2025-02-29), with the day it may have meant;
 * undefined for a day that exists, or a text of another form.
 */
export function offCalendar(text: string): OffCalendar | undefined {
  const written = WRITTEN_DATE.exec(text);
  if (!written) return undefined;
  const [, year, month, day] = written;
  if (isDay(year, month, day)) return undefined;
  const days = Number(month) >= 1 && Number(month) <= 12 ? daysIn(Number(year), Number(month)) : undefined;
  // A day before the month's first or past its last; or, with no such month, month and day swapped (2026-13-02).
  const nearest = `${year}-${month}-${Number(day) < 1 ? "01" : String(days)}`;
  const swapped = isDay(year, day, month) ? `${year}-${day}-${month}` : undefined;
  return { date: `${year}-${month}-${day}`, year, month, day, days, instead: days ? nearest : swapped };
}

const isDay = (year: string, month: string, day: string) =>
  +month >= 1 && +month <= 12 && Number(day) >= 1 && Number(day) <= daysIn(+year, +month);

/** "2024-01-15-hello": a file's name (without its extension) that starts with a date and a hyphen. */
const DATED_NAME = /^(\d{4}-\d{2}-\d{2})-(.+)$/;

/**
 * The date and slug a post's file name gives, as Jekyll and Hugo read "2024-01-15-hello.md" (the slug without the
 * folders the file is in), or a bundle's folder name "2024-01-15-hello/index.md"; undefined for a name without a
 * date, or with a day that does not exist.
 */
export function datedFileName(relative: string): { date: string; slug: string } | undefined {
  const dated = DATED_NAME.exec(nameOf(relative));
  return dated && dateParts(dated[1]) ? { date: dated[1], slug: dated[2] } : undefined;
}

/** A post's file name that starts with a date that is not a day of the calendar ("2026-02-31-hello.md"), if so. */
export function offCalendarFileName(relative: string): OffCalendar | undefined {
  const dated = DATED_NAME.exec(nameOf(relative));
  return dated ? offCalendar(dated[1]) : undefined;
}

/** A file's name without its extension; a page bundle's index.md ("2024-01-15-hello/index.md") its folder's. */
const nameOf = (relative: string) => {
  const bare = relative.replace(/\.(?:mdx?|markdown)$/, "").replace(/(.)\/index$/, "$1");
  return bare.slice(bare.lastIndexOf("/") + 1);
};
