// A date or date-time as content writes it, read without the build machine's time zone: ISO 8601 and RFC 3339
// (Hugo), Jekyll's "2024-01-05 09:30:00 +0100", YAML's timestamps, TOML's date-times as the front matter keeps them.

/**
 * YYYY-MM-DD, then optionally a time after T, t or spaces (HH:MM, seconds and a fraction optional), then optionally
 * (after spaces) Z or an offset: +01:00, +0100, +01 or YAML's -5.
 */
const WRITTEN = new RegExp(
  "^(\\d{4})-(\\d{2})-(\\d{2})" +
    "(?:(?:[Tt]|[ \\t]+)(\\d{1,2}):(\\d{2})(?::(\\d{2})(\\.\\d+)?)?(?:[ \\t]*([Zz]|[+-]\\d{1,2}(?::?\\d{2})?))?)?$",
);

/** What a written date says: its calendar day, its wall-clock time, the offset it was written with, its instant. */
export interface WrittenDate {
  year: number;
  month: number;
  day: number;
  /** Whether a time of day is written ("2024-01-05T09:30"), or the day only ("2024-01-05"). */
  hasTime: boolean;
  /** Minutes east of UTC as written (+01:00 is 60); 0 for Z, and for a date or time written without one (UTC). */
  offset: number;
  /** Whether an offset (or Z) is written. */
  zoned: boolean;
  /** The instant, in ms since 1970: a day alone is its midnight in UTC. */
  ms: number;
}

/** A text as a date, or undefined for any other form, a day that is not on the calendar, or an hour past 23. */
export function readWrittenDate(text: string): WrittenDate | undefined {
  const found = WRITTEN.exec(text.trim());
  if (!found) return undefined;
  const [year, month, day, hour, minute, second] = found.slice(1, 7).map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const offset = offsetOf(found[8]);
  if (offset === undefined) return undefined;
  const fraction = found[7] ? Math.round(Number(`0${found[7]}`) * 1000) : 0;
  const utc = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, fraction);
  const hasTime = found[4] !== undefined;
  return { year, month, day, hasTime, offset, zoned: found[8] !== undefined, ms: utc.getTime() - offset * 60_000 };
}

/** "+01:00", "+0100", "+01", "-5" or "Z" in minutes east of UTC (0 when none is written); undefined past 23:59. */
function offsetOf(written: string | undefined): number | undefined {
  if (written === undefined || written.toUpperCase() === "Z") return 0;
  const digits = written.slice(1).replace(":", "");
  const [hours, minutes] = digits.length <= 2 ? [Number(digits), 0] : [Number(digits.slice(0, -2)), +digits.slice(-2)];
  if (hours > 23 || minutes > 59) return undefined;
  return (written[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/** The days of a month (1 to 12) of a year of the Gregorian calendar. */
export function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}
