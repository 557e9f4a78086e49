// A date written YYYY-MM-DD that is no day of the calendar (2026-02-31, 2025-02-29, a month 13) is told as such, at
// its field's line and column, whatever the schema's own message (YAML and TOML front matter, a union of date forms),
// in a dated file's name, and where a page's path needs it; a day of the calendar and other forms as before.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dateParts, isoDate } from "../../../packages/heirloom/src/content/frontmatter/dates.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, copyJournal, editFile as edit, makeFixture } from "../../helpers/site.ts";

/** The journal with a post per date, each written `date: <date>` on its fourth line (`toml`: `date = <date>`). */
function journalDated(dates: string[], toml = false): string {
  const root = copyJournal("heirloom-calendar-");
  dates.forEach((date, i) => {
    const fields = toml
      ? `+++\ntitle = "Day ${i}"\ndescription = "A day."\ndate = ${date}\n+++\n`
      : `---\ntitle: Day ${i}\ndescription: A day.\ndate: ${date}\n---\n`;
    writeFileSync(path.join(root, "content", "posts", `day-${i}.md`), `${fields}Text.\n`);
  });
  return root;
}

/** The error of a date field that is no day, at line 4 of content/posts/day-<i>.md. */
const offDay = (i: number, date: string, reason: string, hint: string, column = 1) => ({
  code: "ContentSchemaError",
  message:
    `The field "date" in content/posts/day-${i}.md is written as a date, but ${date} is not a date of the ` +
    `calendar: ${reason}.`,
  location: { file: `content/posts/day-${i}.md`, line: 4, column },
  hint,
});

describe("a date that is no day of the calendar", () => {
  it("is told with what its month has, whatever the schema's message, with the day it may have meant", async () => {
    const dates = ["2026-02-31", "2025-02-29", "2026-04-31", "2026-01-32", "2026-13-02", "2026-00-10", "2026-01-00"];
    expectErrors(await failures(journalDated(dates)), [
      offDay(0, "2026-02-31", "February 2026 has 28 days", "write a day from 01 to 28, such as 2026-02-28."),
      offDay(
        1,
        "2025-02-29",
        "February 2025 has 28 days (2025 is not a leap year)",
        "write a day from 01 to 28, such as 2025-02-28.",
      ),
      offDay(2, "2026-04-31", "April 2026 has 30 days", "write a day from 01 to 30, such as 2026-04-30."),
      offDay(3, "2026-01-32", "January 2026 has 31 days", "write a day from 01 to 31, such as 2026-01-31."),
      offDay(
        4,
        "2026-13-02",
        "there is no month 13: months go from 01 to 12",
        "write the month before the day (YYYY-MM-DD), as in 2026-02-13.",
      ),
      offDay(
        5,
        "2026-00-10",
        "there is no month 00: months go from 01 to 12",
        "write a month from 01 to 12 between the year and the day (YYYY-MM-DD).",
      ),
      offDay(
        6,
        "2026-01-00",
        "there is no day 00: a month's days start at 01",
        "write a day from 01 to 31, such as 2026-01-01.",
      ),
    ]);
  });

  it("in TOML front matter: as in YAML, never as another day (smol-toml reads 2026-02-31 as 3 March)", async () => {
    expectErrors(await failures(journalDated(["2026-02-31", "2026-13-02T10:00:00Z"], true)), [
      offDay(0, "2026-02-31", "February 2026 has 28 days", "write a day from 01 to 28, such as 2026-02-28."),
      offDay(
        1,
        "2026-13-02",
        "there is no month 13: months go from 01 to 12",
        "write the month before the day (YYYY-MM-DD), as in 2026-02-13.",
      ),
    ]);
  });

  it("leaves a leap day, and a date of another form, as before", async () => {
    const root = journalDated(["2024-02-29"]);
    await expect(buildProject(root)).resolves.toBeDefined();
    expectErrors(await failures(journalDated(["2026-2-3"])), [
      {
        code: "ContentSchemaError",
        message:
          'The field "date" in content/posts/day-0.md must be a date written as YYYY-MM-DD, such as 2026-03-14; ' +
          'found the text "2026-2-3".',
        location: { file: "content/posts/day-0.md", line: 4, column: 1 },
        hint: "correct the value and build again.",
      },
    ]);
  });

  it("in a union of a date and a date-time, and in a dated file's name (not also as a missing date)", async () => {
    const root = makeFixture("ported-blog");
    const posts = path.join(root, "content", "posts");
    writeFileSync(path.join(posts, "2026-02-31-leap.md"), "---\ntitle: Leap\n---\nText.\n");
    writeFileSync(path.join(posts, "timed.md"), "---\ntitle: Timed\ndate: 2026-04-31T09:30:00+01:00\n---\nText.\n");
    expectErrors(await failures(root), [
      {
        code: "ContentSchemaError",
        message:
          "The name of content/posts/2026-02-31-leap.md starts with a date, but 2026-02-31 is not a date of the " +
          "calendar: February 2026 has 28 days.",
        location: { file: "content/posts/2026-02-31-leap.md" },
        hint:
          "rename the file with a day from 01 to 28, such as content/posts/2026-02-28-leap.md: its name gives the " +
          "entry its date and slug.",
      },
      {
        code: "ContentSchemaError",
        message:
          'The field "date" in content/posts/timed.md is written as a date, but 2026-04-31 is not a date of the ' +
          "calendar: April 2026 has 30 days.",
        location: { file: "content/posts/timed.md", line: 3, column: 1 },
        hint: "write a day from 01 to 30, such as 2026-04-30.",
      },
    ]);
  });

  it("in a date a schema takes as text, where a page's path needs its year, month and day", async () => {
    const root = makeFixture("ported-blog");
    edit(root, "site.config.ts", "date: z.iso.date().or(z.iso.datetime({ offset: true })),", "date: z.string(),");
    writeFileSync(path.join(root, "content", "posts", "late.md"), "---\ntitle: Late\ndate: 2026-02-30\n---\nText.\n");
    expectErrors(await failures(root), [
      {
        code: "PagePathError",
        message:
          'content/posts/late.md cannot be published at /:year/:month/:day/:slug.html: its date "2026-02-30" is not ' +
          "a date of the calendar: February 2026 has 28 days.",
        location: { file: "content/posts/late.md", line: 3, column: 1 },
        hint:
          "write its date as `date: 2024-01-15` (a time may follow: 2024-01-15T09:30:00Z), or name the file " +
          "2024-01-15-<slug>.md in a collection with `datedFileNames: true`.",
      },
    ]);
  });

  it("is no date for a feed or a page's path (JavaScript would read 2026-02-31 as 3 March)", () => {
    expect(isoDate("2026-02-31")).toBeUndefined();
    expect(isoDate("2026-02-31T10:00:00Z")).toBeUndefined();
    expect(isoDate("2024-02-29")).toBe("2024-02-29T00:00:00Z");
    expect(dateParts("2026-02-31")).toBeUndefined();
    expect(dateParts("2024-02-29T23:30:00-05:00")).toEqual({ year: "2024", month: "02", day: "29" });
  });
});
