// Scheduled and expired entries: a post dated later than the build's clock (its date, or its publishDate), or past
// its expiryDate, is left out of pages, lists, feeds and the sitemap like a draft; --future shows the scheduled ones,
// marked; the clock is the build's, SOURCE_DATE_EPOCH or the one given; the report says how many and when the next
// is due; a kept build is not reused once one comes due; check still checks them.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkSite } from "../../../packages/heirloom/src/pipeline/build.ts";
import { prepareSite } from "../../../packages/heirloom/src/pipeline/prepare.ts";
import { formatReport } from "../../../packages/heirloom/src/output/report.ts";
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { buildProject, copyJournal, editFile } from "../../helpers/site.ts";

const SITE_URL = "https://journal.example";
/** The build's clock in these tests: 1 June 2026, noon UTC. */
const NOW = Date.parse("2026-06-01T12:00:00Z");

/** A post of the journal, its front matter's fields as given. */
function post(root: string, slug: string, fields: string, body = "Text.") {
  const front = `---\ntitle: ${slug}\ndescription: A post.\n${fields}\n---\n${body}\n`;
  writeFileSync(path.join(root, "content", "posts", `${slug}.md`), front);
}

/**
 * The journal with posts published (2026-05-01), due later (2030-01-01, and by its publishDate in Hugo's date-time
 * form), expired (by its expiryDate), a draft due later too, and its schema declaring publishDate and expiryDate.
 */
function scheduledJournal(): string {
  const root = copyJournal("heirloom-scheduled-");
  editFile(
    root,
    "site.config.ts",
    'date: z.iso.date("must be a date written as YYYY-MM-DD, such as 2026-03-14"),',
    "date: z.iso.date(), publishDate: z.string().optional(), expiryDate: z.string().optional(),",
  );
  post(root, "published", "date: 2026-05-01");
  post(root, "future", "date: 2030-01-01");
  post(root, "planned", "date: 2026-01-01\npublishDate: 2026-06-01T15:00:00+02:00");
  post(root, "gone", "date: 2026-01-01\nexpiryDate: 2026-05-31");
  post(root, "unfinished", "date: 2031-01-01\ndraft: true");
  return root;
}

const read = (root: string, file: string) => readFileSync(path.join(root, "dist", file), "utf8");
const published = (root: string, slug: string) => existsSync(path.join(root, "dist", "blog", slug, "index.html"));

describe("scheduled and expired entries", () => {
  it("are left out of pages, lists, feeds and the sitemap; the report tells how many, and the next due", async () => {
    const root = scheduledJournal();
    const result = await buildProject(root, { now: NOW, siteUrl: SITE_URL });
    expect(["published", "future", "planned", "gone", "unfinished"].map((slug) => published(root, slug))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    // 12:00 UTC is 14:00 at +02:00: the post written for 15:00 there is an hour away.
    const everywhere = [read(root, "blog/index.html"), read(root, "blog/feed.xml"), read(root, "sitemap.xml")];
    for (const text of everywhere) {
      expect(text).toContain("/blog/published/");
      for (const slug of ["future", "planned", "gone", "unfinished"]) expect(text).not.toContain(`/blog/${slug}/`);
    }
    expect(result.held).toEqual({
      drafts: 1,
      scheduled: 2,
      expired: 1,
      early: 0,
      next: { date: "2026-06-01T13:00:00Z", file: "content/posts/planned.md" },
    });
    expect(formatReport(result, { cwd: root })).toContain(
      "Held back 2 scheduled entries, 1 draft and 1 expired entry; the next is due 2026-06-01T13:00:00Z " +
        "(content/posts/planned.md).",
    );
  });

  it("are shown with --future, marked; expired ones never, a draft due later only with --drafts too", async () => {
    const root = scheduledJournal();
    const result = await buildProject(root, { now: NOW, siteUrl: SITE_URL, future: true });
    expect(["future", "planned", "gone", "unfinished"].map((slug) => published(root, slug))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(read(root, "blog/feed.xml")).toContain("/blog/future/");
    expect(result.held).toMatchObject({ drafts: 1, scheduled: 0, expired: 1, early: 2 });
    expect(formatReport(result, { cwd: root })).toContain(
      "Published 2 scheduled entries before their date (--future); the next is due 2026-06-01T13:00:00Z",
    );
    const both = await prepareSite({ root, env: {}, now: NOW, future: true, drafts: true });
    const posts = both.content.posts as Array<{ slug: string; scheduled?: boolean }>;
    const marks = Object.fromEntries(posts.map((p) => [p.slug, p.scheduled ?? false]));
    expect(marks).toMatchObject({ published: false, future: true, planned: true, unfinished: true });
    expect(marks.gone).toBeUndefined();
  });

  it("are decided by SOURCE_DATE_EPOCH when it is set, so a reproducible build decides the same way", async () => {
    const root = scheduledJournal();
    // 2 January 2030: the post of 1 January 2030 is due; the clock of the machine has no say.
    const result = await buildProject(root, { env: { SOURCE_DATE_EPOCH: String(Date.UTC(2030, 0, 2) / 1000) } });
    expect(published(root, "future")).toBe(true);
    expect(published(root, "planned")).toBe(true);
    expect(result.held).toEqual({ drafts: 1, scheduled: 0, expired: 1, early: 0 });
  });

  it("make a build anew once one is due: an unchanged site is kept only until then", async () => {
    const root = scheduledJournal();
    expect((await buildProject(root, { now: NOW })).kept).toBeUndefined();
    expect((await buildProject(root, { now: NOW + 60_000 })).kept).toBe(true);
    expect(published(root, "planned")).toBe(false);
    const due = await buildProject(root, { now: Date.parse("2026-06-01T13:00:00Z") });
    expect(due.kept).toBeUndefined();
    expect(due.rendered).toContain("/blog/planned/");
    expect(published(root, "planned")).toBe(true);
    expect(read(root, "blog/page/2/index.html")).toContain("/blog/planned/");
    // Without --future again after a build with it: the early pages are gone.
    await buildProject(root, { now: NOW, future: true });
    expect(published(root, "future")).toBe(true);
    await buildProject(root, { now: NOW });
    expect(published(root, "future")).toBe(false);
  });

  it("are links to nowhere from a published page, as drafts are, until --future", async () => {
    const root = scheduledJournal();
    post(root, "teaser", "date: 2026-05-02", "Coming: [the future](/blog/future/).");
    const failure = await buildProject(root, { now: NOW }).catch((error: unknown) => error);
    const broken = errorsOf(failure).map((e) => [e.id, e.location?.file]);
    expect(broken).toEqual([["BrokenLink", "content/posts/teaser.md"]]);
    expect((await buildProject(root, { now: NOW, future: true })).held?.early).toBe(2);
  });

  it("are still checked by heirloom check (drafts too), and left out of its link check", async () => {
    const root = scheduledJournal();
    post(root, "future", "date: 2030-01-01\nauthor: nobody");
    post(root, "unfinished", "date: 2031-01-01\ndraft: true\ncolour: red");
    await expect(buildProject(root, { now: NOW })).resolves.toBeDefined();
    const failure = await checkSite({ root, env: {}, now: NOW }).catch((error: unknown) => error);
    const problems = errorsOf(failure).map((e) => [e.id, e.location?.file]);
    expect(problems).toEqual([
      ["UnknownField", "content/posts/future.md"],
      ["UnknownField", "content/posts/unfinished.md"],
    ]);
  });

  it("are every entry of a collection with schedule: false, whatever its dates", async () => {
    const root = scheduledJournal();
    editFile(root, "site.config.ts", 'sort: "-date",', 'sort: "-date",\n      schedule: false,');
    const result = await buildProject(root, { now: NOW });
    expect(["future", "planned", "gone", "unfinished"].map((slug) => published(root, slug))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(result.held).toEqual({ drafts: 1, scheduled: 0, expired: 0, early: 0 });
  });
});
