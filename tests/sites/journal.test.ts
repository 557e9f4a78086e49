// examples/journal: a second site on the same engine, with its own definition, content and templates.
// Posts at /blog/<slug>/, a list of 10 a page, newest first, an Atom feed, legal pages and a 404 page.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type HTMLElement, parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { expectErrors, failures } from "../helpers/errors.ts";
import { buildProject, cliPath, copyJournal, repoRoot } from "../helpers/site.ts";

const SITE_URL = "https://journal.example";
const journal = path.join(repoRoot, "examples", "journal");

const post = (title: string, date: string, extra = "") =>
  `---\ntitle: ${title}\ndescription: A note about ${title.toLowerCase()}.\ndate: ${date}\n${extra}---\n` +
  `The text of ${title}.\n`;

let built: BuildResult;
let read: (file: string) => HTMLElement;
beforeAll(async () => {
  built = await buildProject(copyJournal(), { siteUrl: SITE_URL });
  read = (file) => parse(readFileSync(path.join(built.outDir, file), "utf8"));
});

describe("the journal", () => {
  it("publishes every post at /blog/<slug>/, the lists, the legal pages, the home page and 404.html", () => {
    const routes = built.routes.map((r) => r.route);
    expect(routes.filter((r) => /^\/blog\/[a-z-]+\/$/.test(r))).toHaveLength(13);
    expect(routes).toEqual(
      expect.arrayContaining(["/", "/blog/", "/blog/page/2/", "/legal/privacy/", "/legal/terms/", "404"]),
    );
    expect(built.routes.find((r) => r.route === "/blog/first-questions/")?.file).toBe(
      "blog/first-questions/index.html",
    );
  });

  it("lists 10 posts a page, newest first, with links to the newer and older pages", () => {
    const first = read("blog/index.html");
    const second = read("blog/page/2/index.html");
    const titles = (doc: HTMLElement) => doc.querySelectorAll(".posts a").map((a) => a.textContent);
    expect(titles(first)).toHaveLength(10);
    expect(titles(first)[0]).toBe("Ending a conversation well");
    expect(titles(second)).toEqual(["Backing up the recordings", "Recording voices", "The first questions"]);
    expect(first.querySelector('a[rel="next"]')?.getAttribute("href")).toBe("/blog/page/2/");
    expect(second.querySelector('a[rel="prev"]')?.getAttribute("href")).toBe("/blog/");
    expect(first.querySelector("title")?.textContent).toBe("All notes · The Journal");
    expect(second.querySelector("title")?.textContent).toBe("All notes (page 2) · The Journal");
  });

  it("gives each post the site's header, footer and head tags", () => {
    const doc = read("blog/recipes-are-stories/index.html");
    expect(doc.querySelector("title")?.textContent).toBe("Recipes are stories · The Journal");
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      "A family recipe carries more than its ingredients.",
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${SITE_URL}/blog/recipes-are-stories/`,
    );
    expect(doc.querySelector('meta[property="og:type"]')?.getAttribute("content")).toBe("article");
    expect(doc.querySelector('link[rel="alternate"]')?.getAttribute("href")).toBe("/blog/feed.xml");
    expect(doc.querySelector("header a")?.getAttribute("href")).toBe("/");
    expect(doc.querySelectorAll("footer a").map((a) => a.getAttribute("href"))).toEqual([
      "/legal/privacy/",
      "/legal/terms/",
    ]);
    expect(doc.querySelector("time")?.textContent).toBe("9 March 2026");
  });

  it("writes an Atom feed of every post, newest first, with absolute URLs and escaped HTML content", () => {
    const xml = readFileSync(path.join(built.outDir, "blog/feed.xml"), "utf8");
    const feed = parse(xml);
    const entries = feed.querySelectorAll("entry");
    expect(entries).toHaveLength(13);
    expect(entries[0].querySelector("title")?.textContent).toBe("Ending a conversation well");
    expect(entries[0].querySelector("link")?.getAttribute("href")).toBe(`${SITE_URL}/blog/ending-a-conversation/`);
    expect(feed.querySelector("feed > updated")?.textContent).toBe("2026-03-23T00:00:00Z");
    expect(xml).toContain(
      "&lt;a href=&quot;https://journal.example/blog/letters-and-diaries/&quot;&gt;Letters and diaries&lt;/a&gt;",
    );
    expect(readFileSync(path.join(built.outDir, "sitemap.xml"), "utf8")).toContain(
      `<loc>${SITE_URL}/blog/feed.xml</loc>`,
    );
  });

  it("shows a post's code highlighted, its sections in a table of contents, and links to its headings", () => {
    const file = path.join(built.outDir, "blog/backing-up-recordings/index.html");
    const html = readFileSync(file, "utf8");
    const doc = parse(html);
    expect(doc.querySelectorAll("nav.toc a").map((a) => [a.getAttribute("href"), a.text])).toEqual([
      ["#copy-the-folder", "Copy the folder"],
      ["#keep-a-list-of-what-you-have", "Keep a list of what you have"],
      ["#check-that-the-copy-opens", "Check that the copy opens"],
    ]);
    expect(doc.querySelectorAll(".body h2").map((h) => h.id)).toEqual([
      "copy-the-folder",
      "keep-a-list-of-what-you-have",
      "check-that-the-copy-opens",
    ]);
    expect(doc.querySelector('.body a[href="#check-that-the-copy-opens"]')?.text).toBe("check that it opens");
    // GitHub's markdown: a table with its columns' alignment (no style attribute), a task list.
    expect(doc.querySelectorAll(".body tr:nth-child(1) td").map((td) => [td.getAttribute("align"), td.text])).toEqual([
      ["left", "The one you work on"],
      ["left", "the laptop"],
      ["right", "every week"],
    ]);
    expect(doc.querySelectorAll(".body .task-list-item input").map((i) => i.hasAttribute("checked"))).toEqual([
      true,
      false,
    ]);
    expect(html).not.toMatch(/\sstyle=/);
    expect(doc.querySelectorAll("pre.shiki").map((pre) => pre.getAttribute("data-language"))).toEqual(["sh", "json"]);
    expect(html).toContain('<span class="sl-702c00 sd-ffb757">rsync</span>');
    const code = doc.querySelectorAll('link[rel="stylesheet"]')[1]?.getAttribute("href") ?? "";
    expect(code).toMatch(/^\/assets\/code-[0-9A-F]{8}\.css$/);
    expect(readFileSync(path.join(built.outDir, code), "utf8")).toContain("@media (prefers-color-scheme:dark)");
    // In the feed, whose readers have no base URL: the link to a section is absolute, the heading links left out.
    const feed = readFileSync(path.join(built.outDir, "blog/feed.xml"), "utf8");
    expect(feed).toContain(
      `href=&quot;${SITE_URL}/blog/backing-up-recordings/#check-that-the-copy-opens&quot;&gt;check that it opens`,
    );
    expect(feed).toContain("&lt;h2 id=&quot;copy-the-folder&quot;&gt;Copy the folder&lt;/h2&gt;&lt;/div&gt;");
    expect(feed).not.toContain("heading-anchor");
    // A post with one section has no table of contents.
    expect(read("blog/recording-voices/index.html").querySelector("nav.toc")).toBeNull();
  });

  it("shares no template with Heirloom", () => {
    expect(readFileSync(path.join(journal, "templates", "index.ts"), "utf8")).not.toMatch(
      /\.\.\/\.\.\/\.\.\/templates/,
    );
    expect(built.warnings).toEqual([]);
  });
});

describe("adding a post", () => {
  it("is one file: it appears at its URL, at the top of the list and of the feed, with no other change", async () => {
    const root = copyJournal();
    writeFileSync(path.join(root, "content", "posts", "a-new-note.md"), post("A new note", "2026-04-01"));
    const after = await buildProject(root, { siteUrl: SITE_URL });
    const html = (file: string) => readFileSync(path.join(after.outDir, file), "utf8");
    expect(html("blog/a-new-note/index.html")).toContain("<h1>A new note</h1>");
    expect(parse(html("blog/index.html")).querySelector(".posts a")?.textContent).toBe("A new note");
    expect(parse(html("blog/feed.xml")).querySelector("entry title")?.textContent).toBe("A new note");
    // 14 posts: the oldest moves to page 2.
    expect(parse(html("blog/page/2/index.html")).querySelectorAll(".posts a")).toHaveLength(4);
  });

  it("fails with the file and line when the title is missing or the date is not a date", async () => {
    const root = copyJournal();
    writeFileSync(
      path.join(root, "content", "posts", "untitled.md"),
      "---\ndescription: No title here.\ndate: 2026-04-01\n---\nText.\n",
    );
    writeFileSync(path.join(root, "content", "posts", "when.md"), post("When", "2026-02-30"));
    expectErrors(await failures(root), [
      {
        code: "ContentSchemaError",
        message: 'content/posts/untitled.md is missing the field "title" (expected text).',
        location: { file: "content/posts/untitled.md", line: 2, column: 1 },
        hint: "add a line `title: ...` to the front matter.",
      },
      {
        code: "ContentSchemaError",
        message:
          'The field "date" in content/posts/when.md is written as a date, but 2026-02-30 is not a date of the ' +
          "calendar: February 2026 has 28 days.",
        location: { file: "content/posts/when.md", line: 4, column: 1 },
        hint: "write a day from 01 to 28, such as 2026-02-28.",
      },
    ]);
  });
});

describe("building the journal from the command line", () => {
  const bin = cliPath;
  const run = (cwd: string, ...args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], {
      cwd,
      encoding: "utf8",
      env: { PATH: process.env.PATH, NO_COLOR: "1" },
    });

  it("works with --root from elsewhere and from inside its folder", () => {
    const root = copyJournal();
    const fromOutside = run(os.tmpdir(), "build", "--root", root);
    expect(fromOutside.status, fromOutside.stderr).toBe(0);
    expect(fromOutside.stdout).toMatch(/^\/blog\/page\/2\/\s+blog\/page\/2\/index\.html/m);
    const fromInside = run(root, "build");
    expect(fromInside.status, fromInside.stderr).toBe(0);
    expect(readFileSync(path.join(root, "dist", "legal", "privacy", "index.html"), "utf8")).toContain(
      "<h1>Privacy</h1>",
    );
  });

  it("has a scale benchmark floor that renders every element of a post page and the same markdown", () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "heirloom-floor-"));
    const floor = spawnSync(
      process.execPath,
      [path.join(repoRoot, "scripts", "bench-floor.js"), path.join(journal, "content", "posts"), out],
      { encoding: "utf8" },
    );
    expect(floor.status, floor.stderr).toBe(0);
    const shape = (page: HTMLElement) =>
      page.querySelectorAll("*").map((e) => `${e.tagName} ${Object.keys(e.attributes).join(" ")}`);
    // The floor renders markdown: the one MDX post (the-right-length.mdx) is the engine's alone.
    const slugs = built.routes
      .map((r) => /^\/blog\/([a-z-]+)\/$/.exec(r.route)?.[1])
      .filter(
        (slug): slug is string =>
          slug !== undefined && existsSync(path.join(journal, "content", "posts", `${slug}.md`)),
      );
    expect(slugs).toHaveLength(12);
    for (const slug of slugs) {
      const ours = read(`blog/${slug}/index.html`);
      const theirs = parse(readFileSync(path.join(out, "blog", slug, "index.html"), "utf8"));
      expect(shape(theirs), slug).toEqual(shape(ours));
      expect(theirs.querySelector(".body")?.innerHTML, slug).toBe(ours.querySelector(".body")?.innerHTML);
    }
  });

  it("works as `npx heirloom build --root examples/journal`", () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "heirloom-npx-"));
    const result = spawnSync("npx", ["heirloom", "build", "--root", "examples/journal", "--out", out], {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(out, "blog", "index.html"), "utf8")).toContain("Ending a conversation well");
  });
});
