// Routes: one URL per page in the site's form, served by a GitHub-Pages-like host without a redirect;
// per-entry routes, pagination, drafts, and the helpers that map paths to files.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dateParts } from "../../../packages/heirloom/src/content/frontmatter/dates.ts";
import { listPagePath, normalizePath, outFileFor } from "../../../packages/heirloom/src/routes/urls.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, makeFixture, makeProject, ownTemplates, repoRoot } from "../../helpers/site.ts";
import { crawl, startStaticHost } from "../../helpers/static-host.ts";
import { SPEC_ROUTES, UNREGISTERED } from "../../helpers/spec.ts";

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

describe("the URLs of a ported blog", () => {
  const posts = (built: { routes: Array<{ route: string; file: string }> }) =>
    built.routes.filter((r) => /^\/\d{4}\//.test(r.route)).map((r) => [r.route, r.file]);
  const POSTS = [
    ["/2019/07/04/old-friend.html", "2019/07/04/old-friend.html"],
    ["/2020/02/03/moved.html", "2020/02/03/moved.html"],
    ["/2024/01/15/hello.html", "2024/01/15/hello.html"],
    ["/2024/03/09/late-night.html", "2024/03/09/late-night.html"],
    ["/2025/01/15/hello.html", "2025/01/15/hello.html"],
  ];

  it("fills :year, :month and :day from the date, and a pattern ending in .html names the file", async () => {
    const built = await buildProject(makeFixture("ported-blog"));
    // The date-time written with -05:00 is the 9th where it was written (the 10th in UTC), as in Jekyll and Hugo.
    expect(posts(built)).toEqual(POSTS);
    expect(existsSync(path.join(built.outDir, "2024", "03", "09", "late-night.html"))).toBe(true);
  });

  it("reads 2024-01-15-hello.md as Jekyll does: slug hello, date 2024-01-15 unless the front matter's", async () => {
    const built = await buildProject(makeFixture("ported-blog"));
    const hello = readFileSync(path.join(built.outDir, "2024", "01", "15", "hello.html"), "utf8");
    expect(hello).toContain("<h1>Hello</h1>");
    // The folder 2019/ is left out of the slug; moved.md's front matter says the 3rd; hello is a slug of two dates.
    expect(POSTS.map(([, file]) => existsSync(path.join(built.outDir, file)))).toEqual([true, true, true, true, true]);
  });

  it("refuses two files with the same slug and date, at the second", async () => {
    const root = makeFixture("ported-blog");
    mkdirSync(path.join(root, "content", "posts", "2024"));
    writeFileSync(
      path.join(root, "content", "posts", "2024", "2024-01-15-hello.md"),
      "---\ntitle: Twice\n---\nAgain.\n",
    );
    expectErrors(await failures(root), [
      {
        code: "DuplicateItemError",
        message:
          'The slug and date "hello, 2024-01-15" of content/posts/2024/2024-01-15-hello.md are already used by ' +
          "content/posts/2024-01-15-hello.md.",
        location: { file: "content/posts/2024/2024-01-15-hello.md", line: 2, column: 1 },
        hint: 'give each entry of "posts" its own slug and date.',
      },
    ]);
  });

  it("writes a .html pattern's file in the directory form too; other patterns follow the form", async () => {
    const root = makeFixture("ported-blog");
    const config = path.join(root, "site.config.ts");
    const directory = readFileSync(config, "utf8").replace('urlFormat: "file"', 'urlFormat: "directory"');
    writeFileSync(config, directory.replace('"/about-us": "/about/team"', '"/about-us": "/about/team/"'));
    // The fixture's links are written in the file form.
    const home = path.join(root, "content", "pages", "index.md");
    writeFileSync(home, readFileSync(home, "utf8").replace(/\]\((\/notes\/first|\/about\/team)\)/g, "]($1/)"));
    const shell = path.join(ownTemplates(root), "Document.tsx");
    writeFileSync(shell, readFileSync(shell, "utf8").replace('href("/about/team")', 'href("/about/team/")'));
    expect(posts(await buildProject(root))).toEqual(POSTS);
    writeFileSync(config, readFileSync(config, "utf8").replace(':day/:slug.html"', ':slug/"'));
    expect(posts(await buildProject(root)).slice(2)).toEqual([
      ["/2024/01/hello/", "2024/01/hello/index.html"],
      ["/2024/03/late-night/", "2024/03/late-night/index.html"],
      ["/2025/01/hello/", "2025/01/hello/index.html"],
    ]);
  });

  it.each([
    ["2024-01-15-...md", "slug", "..", "/:year/:month/:day/:slug/", { line: undefined }],
    ["2024-01-15-..md", "slug", ".", "/:year/:month/:day/:slug/", { line: undefined }],
    ["2024-01-15-hello.md", "title", "..", "/:title/:slug/", { line: 2, column: 1 }],
  ])(
    "refuses %s, whose %s %j is no URL segment, at the file, before a write leaves its folder",
    async (name, field, value, pattern, at) => {
      const root = makeFixture("ported-blog");
      const config = path.join(root, "site.config.ts");
      const directory = readFileSync(config, "utf8").replace('urlFormat: "file"', 'urlFormat: "directory"');
      writeFileSync(config, directory.replace('path: "/:year/:month/:day/:slug.html"', `path: "${pattern}"`));
      const posts = path.join(root, "content", "posts");
      const hello = readFileSync(path.join(posts, "2024-01-15-hello.md"), "utf8");
      rmSync(path.join(posts, "2024-01-15-hello.md"));
      writeFileSync(path.join(posts, name), field === "title" ? hello.replace("title: Hello", "title: ..") : hello);
      const file = `content/posts/${name}`;
      const errors = await failures(root);
      // The other posts' titles have spaces: only this file's error is looked at.
      expect(errors.filter((e) => e.location?.file === file).map((e) => [e.message, e.location, e.hint])).toEqual([
        [
          `${file} cannot be published at ${pattern}: its ${field} "${value}" is not a plain URL segment.`,
          at.line ? { file, ...at } : { file },
          field === "slug"
            ? "rename the file using letters, digits and - only, such as my-first-post.md."
            : `use letters, digits and - in ${field}.`,
        ],
      ]);
    },
  );

  it("reads a Date in UTC, a text's date as written, and no day that does not exist", () => {
    expect(dateParts(new Date("2024-03-09T23:30:00-05:00"))).toEqual({ year: "2024", month: "03", day: "10" });
    expect(dateParts("2024-03-09 23:30:00 -0500")).toEqual({ year: "2024", month: "03", day: "09" });
    expect([dateParts("2024-02-30"), dateParts("15 January 2024"), dateParts(20240115)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("refuses an entry without a date for a pattern that needs one, at the entry's file", async () => {
    const root = makeFixture("ported-blog");
    const config = path.join(root, "site.config.ts");
    writeFileSync(config, readFileSync(config, "utf8").replace("offset: true }))", "offset: true })).optional()"));
    writeFileSync(path.join(root, "content", "posts", "undated.md"), "---\ntitle: Undated\n---\nNo date.\n");
    expectErrors(await failures(root), [
      {
        code: "PagePathError",
        message: "content/posts/undated.md cannot be published at /:year/:month/:day/:slug.html: it has no date.",
        location: { file: "content/posts/undated.md", line: 2, column: 1 },
        hint:
          "write its date as `date: 2024-01-15` (a time may follow: 2024-01-15T09:30:00Z), or name the file " +
          "2024-01-15-<slug>.md in a collection with `datedFileNames: true`.",
      },
    ]);
  });
});

describe("the file form: a page and pages under its path", () => {
  const page = (at: string, title: string) => `---\npath: ${at}\ntemplate: prose\ntitle: ${title}\n---\nA page.\n`;

  it("publishes /notes (notes.html) beside /notes/first (notes/first.html), and a host serves both", async () => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "pages", "notes.md"), page("/notes", "All notes"));
    const built = await buildProject(root);
    expect(built.routes.map((r) => [r.route, r.file]).filter(([route]) => route.startsWith("/notes"))).toEqual([
      ["/notes", "notes.html"],
      ["/notes/first", "notes/first.html"],
      ["/notes/second", "notes/second.html"],
    ]);
    const host = await startStaticHost(built.outDir);
    hosts.push(host);
    const [list, first] = await Promise.all([fetch(`${host.url}/notes`), fetch(`${host.url}/notes/first`)]);
    expect([list.status, first.status]).toEqual([200, 200]);
    expect(await list.text()).toContain("<h1>All notes</h1>");
  });

  it("still refuses /notes beside /notes/index, whose notes/index.html some hosts answer for /notes", async () => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "pages", "notes.md"), page("/notes", "All notes"));
    writeFileSync(path.join(root, "content", "pages", "notes-index.md"), page("/notes/index", "Index"));
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message:
          'The page path "/notes" of content/pages/notes.md would be written to notes.html, which clashes with ' +
          "the page /notes/index of content/pages/notes-index.md (notes/index.html).",
        location: { file: "content/pages/notes.md", line: 2, column: 1 },
        hint: "choose another path for it; the other file keeps its place.",
      },
    ]);
  });
});
