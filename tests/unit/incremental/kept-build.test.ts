// A build with nothing changed keeps the output folder as it is; anything changed since (a content file,
// a template, an option, the output folder itself) makes it build again. The clock is moved on so that
// the content files count as settled (see SETTLED_MS in src/incremental/stamp.ts).
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatReport } from "../../../packages/heirloom/src/output/report.ts";
import { buildProject, copyJournal } from "../../helpers/site.ts";

const SITE_URL = "https://journal.example";
let root: string;
const build = (options = {}) => buildProject(root, { siteUrl: SITE_URL, ...options });
// The faked clock stands still; these set it from the real one, which files' times follow.
const realNow = () => performance.timeOrigin + performance.now();
/** As if the content files had been saved a while before the next build. */
const later = () => vi.setSystemTime(realNow() + 10_000);
const rightNow = () => vi.setSystemTime(realNow());
const sameSize = (file: string, from: string, to: string) => {
  expect(to).toHaveLength(from.length);
  const full = path.join(root, file);
  const text = readFileSync(full, "utf8");
  expect(text).toContain(from);
  writeFileSync(full, text.replace(from, to));
};

beforeEach(async () => {
  root = copyJournal("heirloom-kept-");
  vi.useFakeTimers({ toFake: ["Date"] });
  later();
  expect((await build()).kept).toBeUndefined();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a build with nothing changed", () => {
  it("keeps the output folder as it is and reports the previous build's pages and site hash", async () => {
    const page = path.join(root, "dist/index.html");
    const first = await build({ cache: false });
    const before = statSync(page);
    later();
    const again = await build();
    expect(again.kept).toBe(true);
    expect(again.rendered).toEqual([]);
    expect(again.routes).toEqual(first.routes);
    expect(again.siteHash).toBe(first.siteHash);
    expect(again.fileCount).toBe(first.fileCount);
    expect(again.warnings).toEqual(first.warnings);
    expect(statSync(page)).toMatchObject({ ino: before.ino, mtimeMs: before.mtimeMs });
    expect(formatReport(again, { cwd: root })).toMatch(
      new RegExp(
        String.raw`^Nothing changed since the last build: kept \d+ files in dist in \d+\.\d\d s ` +
          String.raw`\(sizes gzipped\); site hash [0-9a-f]{16}$`,
        "m",
      ),
    );
  });

  it("compares the bytes of a content file changed within seconds before the build that stamped it", async () => {
    const post = "content/posts/a-book-on-the-shelf.md";
    sameSize(post, "title:", "title:");
    rightNow();
    await build();
    expect((await build()).kept).toBe(true);
    // Changed again with its modification time put back: not kept.
    const { atime, mtime } = statSync(path.join(root, post));
    sameSize(post, "A book", "A Book");
    utimesSync(path.join(root, post), atime, mtime);
    const again = await build();
    expect(again.kept).toBeUndefined();
    expect(again.rendered).toContain("/blog/a-book-on-the-shelf/");
  });

  it("is never kept with --no-cache", async () => {
    expect((await build({ cache: false })).kept).toBeUndefined();
  });

  it("writes the same --manifest as the build it keeps", async () => {
    await build({ manifest: "first.json" });
    const kept = await build({ manifest: "second.json" });
    expect(kept.kept).toBe(true);
    expect(readFileSync(path.join(root, "second.json"), "utf8")).toBe(
      readFileSync(path.join(root, "first.json"), "utf8"),
    );
  });
});

describe("a build after a change", () => {
  const post = "content/posts/a-book-on-the-shelf.md";
  it.each([
    ["a post edited, its size the same", () => sameSize(post, "A book", "A Book"), "/blog/a-book-on-the-shelf/"],
    [
      "a template",
      () => sameSize("templates/pages.tsx", "<h1>{page.title}</h1>", "<h2>{page.title}</h2>"),
      "/blog/a-book-on-the-shelf/",
    ],
    [
      "a post added",
      () =>
        writeFileSync(
          path.join(root, "content/posts/zz-new.md"),
          "---\ntitle: New\ndescription: A new one.\ndate: 2020-01-01\n---\nNew.\n",
        ),
      "/blog/zz-new/",
    ],
  ])("builds again: %s", async (_what, change, route) => {
    change();
    later();
    const result = await build();
    expect(result.kept).toBeUndefined();
    expect(result.rendered).toContain(route);
  });

  it("builds again when a post is removed", async () => {
    rmSync(path.join(root, "content/posts/ending-a-conversation.md"));
    expect((await build()).kept).toBeUndefined();
    expect(existsSync(path.join(root, "dist/blog/ending-a-conversation/index.html"))).toBe(false);
  });

  it("builds again when a file was only saved again (its content the same)", async () => {
    writeFileSync(path.join(root, post), readFileSync(path.join(root, post)));
    later();
    const result = await build();
    expect(result.kept).toBeUndefined();
    expect(result.rendered).toEqual([]);
  });

  it.each([
    ["another base path", { base: "/journal/" }],
    ["another site URL", { siteUrl: "https://other.example" }],
    ["drafts", { drafts: true }],
    ["SOURCE_DATE_EPOCH", { env: { SOURCE_DATE_EPOCH: "1700000000" } }],
  ])("builds again with %s", async (_what, options) => {
    expect((await build(options)).kept).toBeUndefined();
  });

  it("puts back an output file that was deleted or edited, and removes one that was added", async () => {
    const page = path.join(root, "dist/blog/a-book-on-the-shelf/index.html");
    const original = readFileSync(page, "utf8");
    rmSync(page);
    expect((await build()).kept).toBeUndefined();
    expect(readFileSync(page, "utf8")).toBe(original);

    writeFileSync(page, original.replace("<h1>", "<h2>"));
    expect((await build()).kept).toBeUndefined();
    expect(readFileSync(page, "utf8")).toBe(original);

    const stray = path.join(root, "dist/blog/notes.txt");
    writeFileSync(stray, "not part of the site");
    expect((await build()).kept).toBeUndefined();
    expect(existsSync(stray)).toBe(false);
    expect((await build()).kept).toBe(true);
  });
});
