// The value of a date() field: a Date at the instant written, which prints the calendar day and time as written
// (in its own offset), never the build machine's time zone: "2024-01-05" is 5 January in Los Angeles and Tokyo.
import { readWrittenDate } from "./written-date.ts";

type Locales = string | string[] | undefined;
type Options = Intl.DateTimeFormatOptions | undefined;

const MINUTE = 60_000;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A date as content wrote it. Its instant (getTime, toISOString, comparisons) is the one written; what it prints
 * (String(), JSON, toLocaleDateString and the other toLocale… methods, getDate and the other local getters) is its
 * own wall clock: the day and time as written, in the offset written (UTC for a day alone or no offset), whatever
 * the machine's time zone. A `timeZone` given to a toLocale… method is honoured.
 */
export class ContentDate extends Date {
  /** Minutes east of UTC as written (+01:00 is 60); 0 for a day alone, Z, or a time written without an offset. */
  readonly offset: number;
  /** Whether a time of day was written ("2024-01-05T09:30:00+01:00"), or the day only ("2024-01-05"). */
  readonly hasTime: boolean;

  constructor(ms: number, offset = 0, hasTime = true) {
    super(ms);
    this.offset = offset;
    this.hasTime = hasTime;
  }

  /** "2024-01-05" for a day, "2024-01-05T09:30:00+01:00" (RFC 3339, its own offset; Z for UTC) with a time. */
  override toString(): string {
    const wall = this.wall();
    const day = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
    if (!this.hasTime) return day;
    const ms = wall.getUTCMilliseconds();
    const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
    const zone = this.offset === 0 ? "Z" : `${this.offset < 0 ? "-" : "+"}${offsetText(Math.abs(this.offset))}`;
    return `${day}T${time}${ms ? `.${pad(ms, 3)}` : ""}${zone}`;
  }

  /** As toString: JSON (JSON-LD's datePublished) keeps the date as written. */
  override toJSON(): string {
    return this.toString();
  }

  override toLocaleDateString(locales?: Locales, options?: Options): string {
    return Date.prototype.toLocaleDateString.apply(...this.zoned(locales, options));
  }

  override toLocaleString(locales?: Locales, options?: Options): string {
    return Date.prototype.toLocaleString.apply(...this.zoned(locales, options));
  }

  override toLocaleTimeString(locales?: Locales, options?: Options): string {
    return Date.prototype.toLocaleTimeString.apply(...this.zoned(locales, options));
  }

  override getFullYear(): number {
    return this.wall().getUTCFullYear();
  }
  override getMonth(): number {
    return this.wall().getUTCMonth();
  }
  override getDate(): number {
    return this.wall().getUTCDate();
  }
  override getDay(): number {
    return this.wall().getUTCDay();
  }
  override getHours(): number {
    return this.wall().getUTCHours();
  }
  override getMinutes(): number {
    return this.wall().getUTCMinutes();
  }
  override getSeconds(): number {
    return this.wall().getUTCSeconds();
  }
  override getTimezoneOffset(): number {
    return -this.offset;
  }

  /** A plain Date whose UTC fields are this date's wall clock. */
  private wall(): Date {
    return new Date(this.getTime() + this.offset * MINUTE);
  }

  /**
   * The Date and options a toLocale… method formats with: the given time zone; else the instant in the zone of its
   * offset (Etc/GMT-1 for +01:00, so a time zone's name prints right); else, for an offset of no whole hour, the
   * wall clock in UTC.
   */
  private zoned(locales: Locales, options: Options): [Date, [Locales, Options]] {
    if (options?.timeZone) return [new Date(this.getTime()), [locales, options]];
    const hours = this.offset / 60;
    if (Number.isInteger(hours) && hours >= -12 && hours <= 14) {
      const timeZone = hours === 0 ? "UTC" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
      return [new Date(this.getTime()), [locales, { ...options, timeZone }]];
    }
    return [this.wall(), [locales, { ...options, timeZone: "UTC" }]];
  }
}

function offsetText(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * A text written as a date or date-time (see written-date.ts), or a Date, as a ContentDate; undefined for anything
 * else. A Date (a `load` function's) is read in UTC: a day alone when it is midnight there.
 */
export function contentDate(value: unknown): ContentDate | undefined {
  if (value instanceof ContentDate) return value;
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? undefined : new ContentDate(ms, 0, ms % 86_400_000 !== 0);
  }
  const written = typeof value === "string" ? readWrittenDate(value) : undefined;
  return written && new ContentDate(written.ms, written.offset, written.hasTime);
}
