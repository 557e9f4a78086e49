// Routes: one URL per page in the site's form, served by a GitHub-Pages-like host without a redirect;
// per-entry routes, pagination, drafts, and the helpers that map paths to files.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listPagePath, normalizePath, outFileFor } from "../packages/heirloom/src/routes/urls.ts";
import { buildProject, makeFixture, makeProject, repoRoot } from "./helpers/site.ts";
import { crawl, startStaticHost } from "./helpers/static-host.ts";
import { SPEC_ROUTES, UNREGISTERED } from "./helpers/spec.ts";

describe("URL forms", () => {
  it.each([
    ["/", "file", "/", "index.html"],
    ["/pricing", "file", "/pricing", "pricing.html"],
    ["/legal/privacy/", "file", "/legal/privacy", "legal/privacy.html"],
    ["/pricing", "directory", "/pricing/", "pricing/index.html"],
    ["legal//privacy", "directory", "/legal/privacy/", "legal/privacy/index.html"],
    ["404", "directory", "404", "404.html"],
    ["/404", "file", "404", "404.html"],
  ] as const)("%s in %s form is %s, written to %s", (input, format, url, file) => {
    expect(normalizePath(input, format)).toBe(url);
    expect(outFileFor(url, format)).toBe(file);
  });

  it("numbers list pages under the list's path", () => {
    expect([1, 2, 10].map((n) => listPagePath("/blog/", n, "directory"))).toEqual([
      "/blog/",
      "/blog/page/2/",
      "/blog/page/10/",
    ]);
    expect(listPagePath("/", 3, "directory")).toBe("/page/3/");
    expect(listPagePath("/news", 2, "file")).toBe("/news/page/2");
  });
});

const hosts: Array<{ close(): Promise<void> }> = [];
afterAll(() => Promise.all(hosts.map((h) => h.close())));

describe("every internal URL is served without a redirect by a host that behaves like GitHub Pages", () => {
  it(
    "Heirloom (file form): /home, /how-it-works and /pricing answer 200; " + "the unregistered paths the 404 page",
    async () => {
      const built = await buildProject(makeProject());
      const host = await startStaticHost(built.outDir);
      hosts.push(host);
      const pages = [...SPEC_ROUTES];
      // /home is a page of its own that no page links to (the spec's separate route): the crawl starts there too.
      const statuses = await crawl(host.url, ...pages);
      for (const page of pages) expect(statuses.get(page), page).toBe(200);
      for (const [url, status] of statuses) expect(status, url).toBe(UNREGISTERED.includes(url) ? 404 : 200);
      expect([...statuses.keys()].filter((u) => u.startsWith("/assets/")).length).toBeGreaterThan(5);
    },
  );

  it("the journal (directory form): posts, list pages, legal pages and the feed answer 200", async () => {
    const built = await buildProject(path.join(repoRoot, "examples", "journal"), {
      outDir: path.join(makeFixture(), "journal-dist"),
      siteUrl: "https://journal.example",
    });
    const host = await startStaticHost(built.outDir);
    hosts.push(host);
    const statuses = await crawl(host.url, "/");
    for (const [url, status] of statuses) expect(status, url).toBe(200);
    for (const url of [
      "/blog/",
      "/blog/page/2/",
      "/blog/first-questions/",
      "/legal/privacy/",
      "/legal/terms/",
      "/blog/feed.xml",
    ])
      expect(statuses.get(url), url).toBe(200);
  });
});

describe("routes from a collection", () => {
  it("gives every note a page at /notes/:slug and tells templates its URL", async () => {
    const built = await buildProject(makeFixture());
    expect(built.routes.map((r) => [r.route, r.file])).toEqual([
      ["/", "index.html"],
      ["/about/team", "about/team.html"],
      ["/notes/first", "notes/first.html"],
      ["/notes/second", "notes/second.html"],
      ["404", "404.html"],
    ]);
    const home = readFileSync(path.join(built.outDir, "index.html"), "utf8");
    expect(home).toContain('<li data-note="first"><a href="/notes/first">First</a></li>');
  });

  it("leaves drafts out of build, and builds them with --drafts", async () => {
    const root = makeFixture("drafts");
    const published = await buildProject(root);
    expect(published.routes.map((r) => r.route)).not.toContain("/notes/third");
    expect(readFileSync(path.join(published.outDir, "index.html"), "utf8")).not.toContain("Third");
    const withDrafts = await buildProject(root, { drafts: true });
    expect(withDrafts.routes.map((r) => r.route)).toContain("/notes/third");
  });
});
