// Incremental builds: a page is rendered again only when something it was made from changed, and then
// always. Counted on the journal with 30 posts (3 list pages), through BuildResult.rendered.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { hashOf } from "../../../packages/heirloom/src/incremental/build-state.ts";
import { SEED_THREAD_FROM } from "../../../packages/heirloom/src/incremental/incremental.ts";
import { buildProject, copyJournal, engineRoot, repoRoot } from "../../helpers/site.ts";

const SITE_URL = "https://journal.example";
// From 2019, so that the newest of a large site's thousands of posts is still in the past: a later one is held back.
const day = (i: number) => new Date(Date.UTC(2019, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

/** A copy of the journal with posts post-01 (oldest) to post-30 (newest) instead of its own (or `count`). */
function journalWith30Posts(count = 30): string {
  const root = copyJournal("heirloom-incremental-", (src) => !src.includes(`${path.sep}posts${path.sep}`));
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(2, "0");
    writeFileSync(
      path.join(root, "content", "posts", `post-${n}.md`),
      `---\ntitle: Post ${n}\ndescription: The note number ${n}.\ndate: ${day(i)}\n---\n` +
        `The text of note ${n}, with a [link home](/).\n`,
    );
  }
  return root;
}
const edit = (root: string, file: string, from: string | RegExp, to: string) => {
  const full = path.join(root, file);
  const text = readFileSync(full, "utf8");
  expect(text).toMatch(from);
  writeFileSync(full, text.replace(from, to));
};
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [
        path.relative(dir, path.join(e.parentPath, e.name)),
        readFileSync(path.join(e.parentPath, e.name), "utf8"),
      ]),
  );

let root: string;
const build = (options = {}) => buildProject(root, { siteUrl: SITE_URL, ...options });
const ALL_PAGES = 30 + 3 + 4; // posts, list pages, and home, privacy, terms and 404

beforeEach(async () => {
  root = journalWith30Posts();
  expect((await build()).rendered).toHaveLength(ALL_PAGES);
});

describe("a second build", () => {
  it("with nothing changed renders nothing, and publishes the same files", async () => {
    const before = snapshot(path.join(root, "dist"));
    const again = await build();
    expect(again.rendered).toEqual([]);
    expect(snapshot(path.join(root, "dist"))).toEqual(before);
  });

  it(
    "after editing one post renders that post and the list page that shows it; " + "the feed and sitemap follow",
    async () => {
      edit(root, "content/posts/post-13.md", "title: Post 13", "title: Post thirteen");
      const after = await build();
      // Newest first, 10 a page: post-13 is on page 2; the home page shows the newest three only; the feed
      // holds the newest 20.
      expect(after.rendered.sort()).toEqual(["/blog/page/2/", "/blog/post-13/"]);
      expect(readFileSync(path.join(root, "dist/blog/page/2/index.html"), "utf8")).toContain("Post thirteen");
      expect(readFileSync(path.join(root, "dist/blog/feed.xml"), "utf8")).toContain("<title>Post thirteen</title>");
    },
  );

  it("after editing the newest post renders the home page too, which shows it", async () => {
    edit(root, "content/posts/post-30.md", "title: Post 30", "title: Post thirty");
    expect((await build()).rendered.sort()).toEqual(["/", "/blog/", "/blog/post-30/"]);
  });

  it("after adding a post renders what moves: the lists, the home page and the neighbours' pages stay", async () => {
    writeFileSync(
      path.join(root, "content/posts/post-31.md"),
      `---\ntitle: Post 31\ndescription: One more.\ndate: ${day(31)}\n---\nNew.\n`,
    );
    const rendered = (await build()).rendered;
    expect(rendered).toContain("/blog/post-31/");
    expect(rendered).toEqual(
      expect.arrayContaining(["/", "/blog/", "/blog/page/2/", "/blog/page/3/", "/blog/page/4/"]),
    );
    expect(rendered).not.toContain("/blog/post-01/");
  });

  it.each([
    [
      "a template",
      (r: string) => edit(r, "templates/pages.tsx", "<h1>{page.title}</h1>", '<h1 className="t">{page.title}</h1>'),
    ],
    ["the site definition", (r: string) => edit(r, "site.config.ts", "perPage: 10", "perPage: 12")],
    [
      "an entry every page shows (the site's name)",
      (r: string) => edit(r, "content/site.md", "name: The Journal", "name: The Family Journal"),
    ],
    [
      "the stylesheet (its hashed URL is in every page)",
      (r: string) => edit(r, "templates/styles/site.css", "max-width: 42rem", "max-width: 44rem"),
    ],
  ])("after changing %s renders every page", async (_what, change) => {
    change(root);
    expect((await build()).rendered.length).toBeGreaterThanOrEqual(ALL_PAGES);
  });

  it("after changing the markdown's plugins, themes or raw HTML option, renders with the new markdown", async () => {
    const post = () => readFileSync(path.join(root, "dist/blog/post-07/index.html"), "utf8");
    edit(root, "content/posts/post-07.md", "The text of note 07", "The **text** of note 07\n\n```js\nlet a = 1;\n```");
    await build();
    expect(post()).toContain('<span class="sl-a0111f sd-ff9492">let</span>');
    const plugin = (tag: string) =>
      `  markdown: { plugins: [[(md: { renderer: { rules: Record<string, unknown> } }, t: string) => {\n` +
      "    md.renderer.rules.strong_open = () => `<${t}>`;\n" +
      "    md.renderer.rules.strong_close = () => `</${t}>`;\n" +
      `  }, "${tag}"]], highlight: { themes: { dark: "github-dark" } } },\n`;
    edit(root, "site.config.ts", '  urlFormat: "directory",\n', `  urlFormat: "directory",\n${plugin("b")}`);
    expect((await build()).rendered).toHaveLength(ALL_PAGES);
    expect(post()).toContain("The <b>text</b> of note 07");
    expect(post()).toContain('<span class="sl-a0111f sd-f97583">let</span>');
    edit(root, "site.config.ts", '"b"]]', '"mark"]]');
    await build();
    expect(post()).toContain("The <mark>text</mark> of note 07");
    edit(root, "site.config.ts", 'folder: "posts",', 'folder: "posts",\n      html: true,');
    edit(root, "content/posts/post-07.md", "The **text**", "<kbd>The</kbd> **text**");
    await build();
    expect(post()).toContain("<p><kbd>The</kbd> <mark>text</mark> of note 07</p>");
  });

  it("after changing a value a plugin reads outside its own code, renders with the new markdown", async () => {
    const post = () => readFileSync(path.join(root, "dist/blog/post-07/index.html"), "utf8");
    edit(root, "content/posts/post-07.md", "The text of note 07", "The **text** of note 07");
    const rules =
      "md.renderer.rules.strong_open = () => `<${tag}>`; md.renderer.rules.strong_close = () => `</${tag}>`;";
    edit(root, "site.config.ts", "const text =", 'const tag = "b";\nconst text =');
    edit(
      root,
      "site.config.ts",
      '  urlFormat: "directory",\n',
      `  urlFormat: "directory",\n  markdown: { plugins: [(md: any) => { ${rules} }] },\n`,
    );
    await build();
    expect(post()).toContain("The <b>text</b> of note 07");
    edit(root, "site.config.ts", 'const tag = "b";', 'const tag = "em";');
    await build();
    expect(post()).toContain("The <em>text</em> of note 07");
  });

  it("with another base path or site URL renders every page", async () => {
    expect((await build({ base: "/journal/" })).rendered).toHaveLength(ALL_PAGES);
    expect((await build({ base: "/journal/", siteUrl: "https://other.example" })).rendered).toHaveLength(ALL_PAGES);
  });

  it("after a dated file is renamed to another day, renders its page with the date its name gives now", async () => {
    edit(root, "site.config.ts", 'folder: "posts",', 'folder: "posts",\n      datedFileNames: true,');
    const posts = path.join(root, "content", "posts");
    const text = readFileSync(path.join(posts, "post-13.md"), "utf8").replace(/date: .*\n/, "");
    rmSync(path.join(posts, "post-13.md"));
    writeFileSync(path.join(posts, "2025-01-14-post-13.md"), text);
    await build();
    // The same bytes under another name: the post's slug is the same, its date is not.
    renameSync(path.join(posts, "2025-01-14-post-13.md"), path.join(posts, "2025-01-15-post-13.md"));
    expect((await build()).rendered).toContain("/blog/post-13/");
    const page = readFileSync(path.join(root, "dist", "blog", "post-13", "index.html"), "utf8");
    expect([page.includes("2025-01-15"), page.includes("2025-01-14")]).toEqual([true, false]);
  });

  it("does not trust an output file changed since it was written, and --no-cache renders everything", async () => {
    const file = path.join(root, "dist/legal/terms/index.html");
    writeFileSync(file, "edited by hand");
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect((await build()).rendered).toEqual(["/legal/terms/"]);
    expect(readFileSync(file, "utf8")).toContain("<h1>Terms</h1>");
    expect((await build({ cache: false })).rendered).toHaveLength(ALL_PAGES);
  });
});

describe("the site a build replaces", () => {
  it(
    "is kept as the previous site beside the output, " + "and the next build starts its staging folder from it",
    async () => {
      const previous = path.join(root, ".heirloom", "previous-dist");
      edit(root, "content/posts/post-05.md", "title: Post 05", "title: Post 05, edited");
      await build();
      // The first build's site, as it was replaced.
      expect(readFileSync(path.join(previous, "blog", "post-05", "index.html"), "utf8")).toContain("<title>Post 05 ");
      const unchanged = statSync(path.join(previous, "blog", "post-06", "index.html")).ino;
      edit(root, "content/posts/post-07.md", "title: Post 07", "title: Post 07, edited");
      await build();
      // The previous site became the staging folder: a file that already held its bytes is the same file now.
      expect(statSync(path.join(root, "dist", "blog", "post-06", "index.html")).ino).toBe(unchanged);
      expect(readFileSync(path.join(previous, "blog", "post-05", "index.html"), "utf8")).toContain("Post 05, edited");
    },
  );

  it("of a large site is listed on a worker thread while the next is prepared: the same files are kept", async () => {
    root = journalWith30Posts(SEED_THREAD_FROM);
    await build();
    edit(root, "content/posts/post-05.md", "title: Post 05", "title: Post 05, edited");
    await build();
    const [dist, previous] = [path.join(root, "dist"), path.join(root, ".heirloom", "previous-dist")];
    const unchanged = statSync(path.join(previous, "blog", "post-100", "index.html")).ino;
    rmSync(path.join(root, "content", "posts", "post-07.md"));
    const { rendered } = await build({ cache: false });
    expect(rendered.length).toBeGreaterThan(SEED_THREAD_FROM);
    // Started from the site before: a page that holds the same bytes is the same file, a removed post's is gone.
    expect(statSync(path.join(dist, "blog", "post-100", "index.html")).ino).toBe(unchanged);
    expect(existsSync(path.join(dist, "blog", "post-07"))).toBe(false);
    expect(readFileSync(path.join(dist, "blog", "post-05", "index.html"), "utf8")).toContain("Post 05, edited");
  });
});

describe("another engine", () => {
  it("renders every page: a new engine version never reuses an older one's pages", () => {
    // A copy of the engine (bin, src, package.json; the same packages) whose version is then bumped.
    const engine = mkdtempSync(path.join(os.tmpdir(), "heirloom-engine-"));
    for (const part of ["bin", "src", "package.json"])
      cpSync(path.join(engineRoot, part), path.join(engine, part), { recursive: true });
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(engine, "node_modules"));
    const run = () => {
      const result = spawnSync(
        process.execPath,
        [path.join(engine, "bin/heirloom.js"), "build", "--root", root, "--site-url", SITE_URL],
        { encoding: "utf8", env: { PATH: process.env.PATH } },
      );
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    run();
    expect(run()).toMatch(/\(37 pages: 0 rendered, 37 unchanged\)|Nothing changed since the last build/);
    edit(engine, "package.json", /"version": "[^"]+"/, '"version": "99.0.0"');
    expect(run()).not.toMatch(/unchanged\)|Nothing changed/);
  });
});

describe("hashOf", () => {
  const chained = (...parts: Array<string | Uint8Array>) => {
    const sha256 = createHash("sha256");
    for (const part of parts) sha256.update(part).update("\0");
    return sha256.digest("hex");
  };

  it("gives text parts, hashed in one call, the digest of each part followed by a NUL", () => {
    const parts = ["context", "/blog/é-😀/", "blog/é-😀/index.html", "", "post"];
    expect(hashOf(...parts)).toBe(chained(...parts));
    expect(hashOf("a", "b")).not.toBe(hashOf("ab"));
  });

  it("gives parts with bytes among them the same digest as the same parts as text", () => {
    const parts = ["key", new TextEncoder().encode("file contents é"), "more"];
    expect(hashOf(...parts)).toBe(chained(...parts));
    expect(hashOf(...parts)).toBe(hashOf("key", "file contents é", "more"));
  });
});
