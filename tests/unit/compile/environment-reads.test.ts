// The environment variables a site's code reads are inputs of what it makes: a template or an MDX body that reads
// one as a page renders, and a template module that reads one as it loads. A build after one of them changed (or
// was set for the first time) renders the pages that read it again and is never kept whole; a variable nothing
// read changes nothing. Through the real command (build --json): what it rendered and whether it kept the build.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cliPath, copyJournal } from "../../helpers/site.ts";

const MDX_PAGE = "/blog/the-right-length/";
let root: string;

interface Report {
  kept: boolean;
  pages: Array<{ route: string; rendered: boolean }>;
}

/** A build by the command with these variables set (and no others but PATH): its report and what it rendered. */
function build(env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    [cliPath, "build", "--json", "--root", root, "--site-url", "https://journal.example"],
    { encoding: "utf8", env: { PATH: process.env.PATH, NO_COLOR: "1", ...env }, timeout: 60_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as Report;
  return { kept: report.kept, rendered: report.pages.filter((p) => p.rendered).map((p) => p.route) };
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const page = (route: string) => read(path.join("dist", route, "index.html"));
const edit = (file: string, from: string, to: string) => {
  expect(read(file)).toContain(from);
  writeFileSync(path.join(root, file), read(file).replace(from, to));
};

beforeAll(() => {
  root = copyJournal("heirloom-env-");
  // A note's template reads one as it renders; the MDX note's body another; Document.tsx a third as it loads.
  edit("templates/pages.tsx", "      <h1>{page.title}</h1>\n      <p className", "      <h1>{page.title}</h1>\n$&");
  edit(
    "templates/pages.tsx",
    "      <h1>{page.title}</h1>\n      <h1>{page.title}</h1>\n",
    '      <h1>{page.title}</h1>\n      <p className="edition">{process.env.EDITION ?? "first edition"}</p>\n',
  );
  writeFileSync(
    path.join(root, "content/posts/the-right-length.mdx"),
    `${read("content/posts/the-right-length.mdx")}\nRead in {process.env.READER_TOWN ?? "no town"}.\n`,
  );
  edit("templates/Document.tsx", "export function Document(", 'const BANNER = process.env.BANNER ?? "";\n\n$&');
  edit("templates/Document.tsx", "<main>{children}</main>", '<p className="banner">{BANNER}</p>\n$&');
});

describe("a variable that a site's code reads", () => {
  it("renders again the pages whose template read it, once it is set or changed; the others are kept", () => {
    const first = build({});
    expect(first.kept).toBe(false);
    expect(page("/blog/first-questions/")).toContain('<p class="edition">first edition</p>');
    expect(build({}).kept).toBe(true);

    // Not set when it was read: setting it is a change. Before: "Nothing changed since the last build".
    const set = build({ EDITION: "second edition" });
    expect(set.kept).toBe(false);
    expect(page("/blog/first-questions/")).toContain('<p class="edition">second edition</p>');
    expect(set.rendered).toContain("/blog/first-questions/");
    expect(set.rendered).toContain(MDX_PAGE);
    expect(set.rendered).not.toContain("/");
    expect(set.rendered).not.toContain("/legal/privacy/");

    const changed = build({ EDITION: "third edition" });
    expect(changed.kept).toBe(false);
    expect(page("/blog/first-questions/")).toContain('<p class="edition">third edition</p>');
  });

  it("renders again the page (and the feed) of an MDX body that read it", () => {
    expect(build({ EDITION: "third edition" }).kept).toBe(true);
    const moved = build({ EDITION: "third edition", READER_TOWN: "Leeds" });
    expect(moved.kept).toBe(false);
    expect(moved.rendered).toEqual([MDX_PAGE]);
    expect(page(MDX_PAGE)).toContain("Read in Leeds.");
    expect(read("dist/blog/feed.xml")).toContain("Read in Leeds.");
  });

  it("renders every page again when a template module read it as it loaded", () => {
    const env = { EDITION: "third edition", READER_TOWN: "Leeds" };
    expect(build(env).kept).toBe(true);
    const banner = build({ ...env, BANNER: "Closed for the summer" });
    expect(banner.kept).toBe(false);
    expect(banner.rendered).toContain("/");
    expect(page("/legal/privacy/")).toContain('<p class="banner">Closed for the summer</p>');
  });

  it("changes nothing when no site code read it: the build is kept, and a build that is not keeps its pages", () => {
    const env = { EDITION: "third edition", READER_TOWN: "Leeds", BANNER: "Closed for the summer" };
    expect(build({ ...env, UNRELATED: "one" }).kept).toBe(true);
    edit("content/posts/a-book-on-the-shelf.md", "title: ", "title: Still ");
    const edited = build({ ...env, UNRELATED: "two" });
    expect(edited.kept).toBe(false);
    expect(edited.rendered).toContain("/blog/a-book-on-the-shelf/");
    expect(edited.rendered).not.toContain(MDX_PAGE);
    expect(edited.rendered).not.toContain("/blog/first-questions/");
  });
});
