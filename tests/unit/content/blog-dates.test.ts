// The blog starter with posts dated as Hugo, Jekyll, YAML and TOML write them (a day, date-times with offsets): each
// post prints the day written in any time zone the build runs in, the same bytes in Los Angeles and in Tokyo; its
// feed dates each post with its instant in RFC 3339; a post dated later is held back, and shown marked by --future.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildProject, engineRoot } from "../../helpers/site.ts";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** Each post's front matter, by its slug: the same day written five ways. */
const POSTS: Record<string, string> = {
  day: "---\ntitle: A day\ndescription: A day alone.\ndate: 2024-01-05\n---\n",
  hugo: "---\ntitle: Hugo\ndescription: Paris, morning.\ndate: 2024-01-05T09:30:00+01:00\n---\n",
  jekyll: "---\ntitle: Jekyll\ndescription: New York, late.\ndate: 2024-01-05 23:30:00 -0500\n---\n",
  yaml: "---\ntitle: YAML\ndescription: A YAML timestamp.\ndate: 2024-01-05t00:15:00.5+09:00\n---\n",
  toml: '+++\ntitle = "TOML"\ndescription = "Tokyo, just after midnight."\ndate = 2024-01-05T00:30:00+09:00\n+++\n',
  later: "---\ntitle: Later\ndescription: Not yet.\ndate: 2030-01-01T08:00:00+01:00\n---\n",
};

function blogWithDates(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-blog-dates-"));
  cpSync(path.join(engineRoot, "starters", "blog"), root, { recursive: true });
  for (const [slug, front] of Object.entries(POSTS)) {
    writeFileSync(path.join(root, "content", "posts", `${slug}.md`), `${front}Text.\n`);
  }
  return root;
}

const page = (root: string, file: string) => readFileSync(path.join(root, "dist", file), "utf8");
const timeOf = (html: string) => /<p class="meta"><time dateTime="([^"]+)">([^<]+)<\/time>([^<]*)<\/p>/.exec(html);
const NOW = Date.parse("2026-06-01T00:00:00Z");

describe("the blog starter's dates", () => {
  it("print the day written, in Los Angeles as in Tokyo, with the date as written in <time>", async () => {
    const root = blogWithDates();
    const hashes: Array<string | undefined> = [];
    for (const tz of ["America/Los_Angeles", "Asia/Tokyo"]) {
      process.env.TZ = tz;
      const result = await buildProject(root, { now: NOW, siteUrl: "https://blog.example", cache: false });
      hashes.push(result.siteHash);
      const shown = ["day", "hugo", "jekyll", "yaml", "toml"].map((slug) => {
        const [, written, printed] = timeOf(page(root, `blog/${slug}/index.html`)) ?? [];
        return [slug, written, printed];
      });
      expect(shown).toEqual([
        ["day", "2024-01-05", "5 January 2024"],
        ["hugo", "2024-01-05T09:30:00+01:00", "5 January 2024"],
        ["jekyll", "2024-01-05T23:30:00-05:00", "5 January 2024"],
        ["yaml", "2024-01-05T00:15:00.500+09:00", "5 January 2024"],
        ["toml", "2024-01-05T00:30:00+09:00", "5 January 2024"],
      ]);
    }
    expect(hashes[1]).toBe(hashes[0]);
  });

  it("date the feed's entries with their instants in RFC 3339, newest first", async () => {
    const root = blogWithDates();
    await buildProject(root, { now: NOW, siteUrl: "https://blog.example" });
    const feed = page(root, "blog/feed.xml");
    const entries = [...feed.matchAll(/<id>https:\/\/blog\.example\/blog\/([a-z]+)\/<\/id>\s*<published>([^<]+)</g)];
    expect(entries.map(([, slug, date]) => [slug, date]).filter(([slug]) => slug in POSTS)).toEqual([
      ["jekyll", "2024-01-06T04:30:00Z"],
      ["hugo", "2024-01-05T08:30:00Z"],
      ["day", "2024-01-05T00:00:00Z"],
      ["toml", "2024-01-04T15:30:00Z"],
      ["yaml", "2024-01-04T15:15:00.500Z"],
    ]);
  });

  it("hold back a post dated later, and show it marked with --future", async () => {
    const root = blogWithDates();
    const held = await buildProject(root, { now: NOW });
    expect(held.routes.map((r) => r.route)).not.toContain("/blog/later/");
    expect(held.held?.next).toEqual({ date: "2030-01-01T07:00:00Z", file: "content/posts/later.md" });
    await buildProject(root, { now: NOW, future: true });
    expect(timeOf(page(root, "blog/later/index.html"))?.slice(1)).toEqual([
      "2030-01-01T08:00:00+01:00",
      "1 January 2030",
      " · scheduled",
    ]);
    expect(page(root, "blog/index.html")).toMatch(/>Later<\/a> <time[^>]*>1 January 2030<\/time> · scheduled<p>/);
  });
});
