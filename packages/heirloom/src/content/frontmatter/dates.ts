// Dates as content writes them (YYYY-MM-DD, an ISO 8601 date-time, a Date a schema made, a post's file name),
// read the same on every machine: never in the build machine's time zone; one written so that is not a day of the
// calendar (2026-02-31, which JavaScript reads as 3 March) is told apart, never read as another day.
import type { OffCalendar } from "../../errors/catalogue.ts";

export type { OffCalendar };

/** YYYY-MM-DD, optionally with a time and optionally with Z or an offset. */
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The calendar date a text starts with: "2024-01-15", alone or before a time ("T10:00", " 10:00:00 +0100"). */
const WRITTEN_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/**
 * "2026-01-31" -> "2026-01-31T00:00:00Z"; a Date or an ISO 8601 date-time -> UTC ISO; anything else -> undefined.
 * Without an offset, a date-time is read as UTC: JavaScript would read it (and any other form of date) in
 * the build machine's time zone, and two machines would write two files.
 */
export function isoDate(value: unknown): string | undefined {
  const iso = typeof value === "string" ? ISO_DATE.exec(value.trim()) : null;
  if (iso && offCalendar(iso[1])) return undefined;
  const date =
    value instanceof Date ? value : iso ? new Date(`${iso[1]}${iso[2] ?? "T00:00:00"}${iso[3] ?? "Z"}`) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().replace(/\.000Z$/, "Z") : undefined;
}

/**
 * The year, month and day of a date, zero-padded: a text's calendar date as written (as Jekyll and Hugo read
 * "2024-01-15T23:30:00-05:00": the 15th), a Date's in UTC; undefined for anything else or a day that does not exist.
 */
export function dateParts(value: unknown): { year: string; month: string; day: string } | undefined {
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
  const days = daysOf(Number(year), Number(month));
  // A day before the month's first or past its last; or, with no such month, month and day swapped (2026-13-02).
  const nearest = `${year}-${month}-${Number(day) < 1 ? "01" : String(days)}`;
  const swapped = isDay(year, day, month) ? `${year}-${day}-${month}` : undefined;
  return { date: `${year}-${month}-${day}`, year, month, day, days, instead: days ? nearest : swapped };
}

const isDay = (year: string, month: string, day: string) =>
  Number(day) >= 1 && Number(day) <= (daysOf(+year, +month) ?? 0);

/** The days of a month (1 to 12) of a year of the Gregorian calendar; undefined for a number that is not a month. */
function daysOf(year: number, month: number): number | undefined {
  if (month < 1 || month > 12) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

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
