// The date() schema helper and the dates content writes: a day, Hugo's and Jekyll's date-times with offsets, YAML
// timestamps and TOML date-times are dates; each prints the calendar day as written in any time zone (the build's
// TZ included), keeps its instant for feeds and sorting, and refuses what is no date with the schema's message.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { date } from "../../../packages/heirloom/src/content/fields/date-field.ts";
import {
  type ContentDate,
  isoDate,
  readWrittenDate,
} from "../../../packages/heirloom/src/content/frontmatter/index.ts";
import { dateParts } from "../../../packages/heirloom/src/content/frontmatter/dates.ts";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const ZONES = ["America/Los_Angeles", "Asia/Tokyo", "Pacific/Kiritimati", "UTC"];
const schema = z.strictObject({ date: date() });
const read = (value: unknown) => schema.parse({ date: value }).date;

/** What a template prints of a date in each of the ZONES, as the build's TZ. */
function printedIn(value: unknown, print: (d: ContentDate) => string): string[] {
  return ZONES.map((tz) => {
    process.env.TZ = tz;
    return print(read(value));
  });
}

describe("date()", () => {
  it.each([
    ["2024-01-05", "2024-01-05", "2024-01-05T00:00:00.000Z"],
    ["2024-01-05T09:30:00+01:00", "2024-01-05T09:30:00+01:00", "2024-01-05T08:30:00.000Z"],
    ["2024-01-05 09:30:00 +0100", "2024-01-05T09:30:00+01:00", "2024-01-05T08:30:00.000Z"],
    ["2024-01-05T23:30:00-05:00", "2024-01-05T23:30:00-05:00", "2024-01-06T04:30:00.000Z"],
    ["2024-01-05T09:30:00Z", "2024-01-05T09:30:00Z", "2024-01-05T09:30:00.000Z"],
    ["2024-01-05T09:30", "2024-01-05T09:30:00Z", "2024-01-05T09:30:00.000Z"],
    ["2024-01-05t09:30:00.25z", "2024-01-05T09:30:00.250Z", "2024-01-05T09:30:00.250Z"],
    ["2024-01-05 9:30:00 -5", "2024-01-05T09:30:00-05:00", "2024-01-05T14:30:00.000Z"],
    ["2024-01-05T09:30:00+05:30", "2024-01-05T09:30:00+05:30", "2024-01-05T04:00:00.000Z"],
  ])("reads %s as the date %s at the instant %s", (written, shown, instant) => {
    const value = read(written);
    expect(value).toBeInstanceOf(Date);
    expect(String(value)).toBe(shown);
    expect(JSON.stringify({ value })).toBe(JSON.stringify({ value: shown }));
    expect(value.toISOString()).toBe(instant);
  });

  it("prints a day, and a date-time, on the day written in every time zone", () => {
    const long = (d: ContentDate) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
    expect(new Set(printedIn("2024-01-05", long))).toEqual(new Set(["5 January 2024"]));
    expect(new Set(printedIn("2024-01-05T23:30:00-05:00", long))).toEqual(new Set(["5 January 2024"]));
    expect(new Set(printedIn("2024-01-05T00:30:00+09:00", long))).toEqual(new Set(["5 January 2024"]));
    const parts = (d: ContentDate) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()} ${d.getHours()}h`;
    expect(new Set(printedIn("2024-01-05", parts))).toEqual(new Set(["2024-1-5 0h"]));
    expect(new Set(printedIn("2024-01-05T23:30:00-05:00", parts))).toEqual(new Set(["2024-1-5 23h"]));
  });

  it("prints the time as written with its own offset, or in a time zone a template names", () => {
    const time = (d: ContentDate) => d.toLocaleTimeString("en-GB", { timeStyle: "short" });
    expect(new Set(printedIn("2024-01-05T09:30:00+01:00", time))).toEqual(new Set(["09:30"]));
    expect(new Set(printedIn("2024-01-05T09:30:00+05:30", time))).toEqual(new Set(["09:30"]));
    const named = (d: ContentDate) => d.toLocaleString("en-GB", { timeZone: "Asia/Tokyo", timeStyle: "short" });
    expect(new Set(printedIn("2024-01-05T09:30:00+01:00", named))).toEqual(new Set(["17:30"]));
    process.env.TZ = "America/Los_Angeles";
    expect(read("2024-01-05T09:30:00+01:00").toLocaleString("en-GB", { timeZoneName: "short" })).toBe(
      "05/01/2024, 9:30:00 GMT+1",
    );
  });

  it("sorts and compares by the instant", () => {
    const [a, b] = [read("2024-01-05T09:30:00+01:00"), read("2024-01-05T09:00:00Z")];
    expect(a < b).toBe(true);
    expect(b.getTime() - a.getTime()).toBe(30 * 60_000);
  });

  it("takes a Date a load function made, in UTC: a day alone at midnight", () => {
    expect(String(read(new Date("2024-01-05T00:00:00Z")))).toBe("2024-01-05");
    expect(String(read(new Date("2024-01-05T10:00:00Z")))).toBe("2024-01-05T10:00:00Z");
  });

  it.each<unknown>([
    "5 January 2024",
    "2024-1-5",
    "2024-01-05T25:00:00Z",
    "2024-01-05T09:30:00+24:00",
    "2026-02-31",
    20240105,
  ])("refuses %s with the field's message", (value) => {
    const result = schema.safeParse({ date: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toMatch(/^must be a date such as 2024-01-05, or a date and time such as /);
  });

  it("requires the field unless it is optional, and takes another message", () => {
    expect(schema.safeParse({}).error!.issues[0]).toMatchObject({ code: "invalid_type", path: ["date"] });
    expect(z.object({ date: date().optional() }).parse({})).toEqual({});
    const own = z.object({ date: date({ message: "must be the day it happened" }) }).safeParse({ date: "soon" });
    expect(own.error!.issues[0].message).toBe("must be the day it happened");
  });
});

describe("the dates content writes, read without the machine's time zone", () => {
  it("gives feeds the instant in UTC (RFC 3339) for every form", () => {
    process.env.TZ = "Asia/Tokyo";
    expect(isoDate("2024-01-05 09:30:00 +0100")).toBe("2024-01-05T08:30:00Z");
    expect(isoDate("2024-01-05T09:30:00+0100")).toBe("2024-01-05T08:30:00Z");
    expect(isoDate("2024-01-05 09:30")).toBe("2024-01-05T09:30:00Z");
    expect(isoDate(read("2024-01-05T23:30:00-05:00"))).toBe("2024-01-06T04:30:00Z");
    expect(isoDate("2024-01-05 09:30:00 +2500")).toBeUndefined();
  });

  it("gives a page's :year/:month/:day the day written, for a date() value too", () => {
    expect(dateParts(read("2024-01-05T23:30:00-05:00"))).toEqual({ year: "2024", month: "01", day: "05" });
    expect(dateParts(new Date("2024-01-05T23:30:00-05:00"))).toEqual({ year: "2024", month: "01", day: "06" });
  });

  it("keeps a year before 100 as written", () => {
    expect(readWrittenDate("0079-08-24")?.ms).toBe(new Date("0079-08-24T00:00:00Z").getTime());
    expect(String(read("0079-08-24"))).toBe("0079-08-24");
  });
});
