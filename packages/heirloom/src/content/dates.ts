// Dates as content writes them (YYYY-MM-DD, an ISO 8601 date-time, a Date a schema made, a post's file name),
// read the same on every machine: never in the build machine's time zone.

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
  if (!written) return undefined;
  const [, year, month, day] = written;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCDate() === Number(day) ? { year, month, day } : undefined;
}

/** "2024-01-15-hello": a file's name (without its extension) that starts with a date and a hyphen. */
const DATED_NAME = /^(\d{4}-\d{2}-\d{2})-(.+)$/;

/**
 * The date and slug a post's file name gives, as Jekyll and Hugo read "2024-01-15-hello.md" (the slug without the
 * folders the file is in); undefined for a name without a date, or with a day that does not exist.
 */
export function datedFileName(relative: string): { date: string; slug: string } | undefined {
  const name = relative.slice(relative.lastIndexOf("/") + 1).replace(/\.mdx?$/, "");
  const dated = DATED_NAME.exec(name);
  return dated && dateParts(dated[1]) ? { date: dated[1], slug: dated[2] } : undefined;
}
