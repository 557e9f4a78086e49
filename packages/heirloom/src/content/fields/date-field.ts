// The date() schema helper: a front-matter field written as a day (2024-01-05) or a date-time with or without an
// offset (Hugo's 2024-01-05T09:30:00+01:00, Jekyll's 2024-01-05 09:30:00 +0100, TOML's and YAML's), read as a
// ContentDate that templates print as written in any time zone.
import { z } from "zod";
import { type ContentDate, contentDate } from "../frontmatter/index.ts";

export type { ContentDate };

export interface DateOptions {
  /** What the field must be, said after its name when it is not (default: a day or a date-time, with examples). */
  message?: string;
}

const EXPECTED =
  "must be a date such as 2024-01-05, or a date and time such as 2024-01-05T09:30:00+01:00 or 2024-01-05 09:30:00";

/**
 * Declares a field that holds a date: YYYY-MM-DD, or a date-time (a T or a space before the time; Z, an offset
 * such as +01:00 or +0100, or none for UTC). Its value is a ContentDate: a Date at the instant written whose
 * String() is the date as written ("2024-01-05", "2024-01-05T09:30:00+01:00") and whose toLocaleDateString() and
 * getDate() give the day as written, whatever the time zone of the machine that builds.
 */
export function date(options: DateOptions = {}): z.ZodType<ContentDate, string | Date> {
  const message = options.message ?? EXPECTED;
  return z.unknown().transform((value, context) => {
    const read = contentDate(value);
    if (read) return read;
    // A date of the wrong form, as z.iso.date() reports one: a day that is not on the calendar is told as such.
    const issue =
      value === undefined ? { code: "invalid_type", expected: "date" } : { code: "invalid_format", format: "date" };
    context.addIssue({ ...issue, input: value, message } as never);
    return z.NEVER;
  }) as never;
}
