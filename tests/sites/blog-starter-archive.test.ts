// The blog starter's archive, as `heirloom init` makes it: a page per year with its posts under a heading per month,
// newest first, an index of the years at /archive/, linked from every page's navigation.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createSite } from "../../packages/heirloom/src/cli/init-command.ts";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { buildProject } from "../helpers/site.ts";

let built: BuildResult;
const read = (file: string) => readFileSync(path.join(built.outDir, file), "utf8");

beforeAll(async () => {
  const root = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-starter-archive-")), "my-site");
  createSite(root, "blog", false);
  // A post of another year, so the index has two.
  writeFileSync(
    path.join(root, "content/posts/old-post.md"),
    "---\ntitle: An old post\ndescription: From the year before.\ndate: 2025-11-20\n---\nText.\n",
  );
  built = await buildProject(root, { siteUrl: "https://example.com", now: Date.parse("2026-06-01T00:00:00Z") });
}, 120_000);

describe("the blog starter's archive", () => {
  it("has a page per year with posts, and an index of the years, newest first, with their counts", () => {
    expect(built.routes.map((r) => r.route).filter((r) => r.startsWith("/archive/"))).toEqual([
      "/archive/",
      "/archive/2025/",
      "/archive/2026/",
    ]);
    const index = read("archive/index.html");
    expect(index).toContain("<title>Archive · My site</title>");
    expect(index).toContain(
      '<h1>Archive</h1><ul class="tags"><li><a href="/archive/2026/">2026</a> (3)</li>' +
        '<li><a href="/archive/2025/">2025</a> (1)</li></ul>',
    );
  });

  it("lists a year's posts under a heading per month, newest first, each with its date", () => {
    const year = read("archive/2026/index.html");
    expect(year).toContain("<title>Posts of 2026 · My site</title>");
    expect(year).toContain('<meta name="description" content="The posts of My site written in 2026, newest first."/>');
    expect(year).toContain('<h1>Posts of 2026</h1><p>3 posts, newest first. <a href="/archive/">All years</a></p>');
    expect([...year.matchAll(/<h2 id="month-\d\d">([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual([
      "March 2026",
      "February 2026",
      "January 2026",
    ]);
    expect(year).toContain(
      '<section aria-labelledby="month-01"><h2 id="month-01">January 2026</h2><ul class="posts"><li>' +
        '<a href="/blog/hello-world/">Hello, world</a> <time dateTime="2026-01-15">15 January 2026</time>',
    );
    expect(read("archive/2025/index.html")).toContain("<p>One post, newest first.");
  });

  it("is linked from every page's navigation", () => {
    for (const file of ["index.html", "blog/index.html", "tags/writing/index.html", "archive/2025/index.html"]) {
      expect(read(file), file).toContain('<a href="/tags/">Tags</a><a href="/archive/">Archive</a></nav>');
    }
  });
});
