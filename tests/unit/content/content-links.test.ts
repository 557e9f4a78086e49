// What a body's links and pictures name on the site, as real posts write them: relative pictures published through
// the image pipeline, links to content files as their pages' URLs, another form of a page's URL as its own, a
// #fragment to an <a name>, and every place a broken link is written, each at its own line and column.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { failures } from "../../helpers/errors.ts";
import { photo } from "../../helpers/photo.ts";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import { buildProject, copyJournal, editFile, makeFixture } from "../../helpers/site.ts";

const FRONT = "---\norder: 3\ntitle: Third\nprice: 7\ntags:\n  - three\nfeatured: false\n---\n";

/** The fixture site with a third note whose body is `body`, and files under content/ written first. */
function siteWith(body: string, files: Record<string, string> = {}): string {
  const root = makeFixture();
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, "content", file)), { recursive: true });
    writeFileSync(path.join(root, "content", file), text);
  }
  writeFileSync(path.join(root, "content", "notes", "third.md"), FRONT + body);
  return root;
}

const page = (root: string, file: string) => readFileSync(path.join(root, "dist", file), "utf8");

describe("a picture beside the post", () => {
  let root: string;
  beforeAll(async () => {
    root = siteWith("![The porch](images/porch.png 'At dusk') and ![Logo](../images/logo.svg).\n");
    mkdirSync(path.join(root, "content", "notes", "images"));
    await photo(1200, 800, "a0522d")
      .png()
      .toFile(path.join(root, "content", "notes", "images", "porch.png"));
    await buildProject(root);
  });

  it("is published through the image pipeline: AVIF and WebP sources, its size, a srcset, lazily", () => {
    const html = page(root, "notes/third.html");
    const picture = /<picture>(.*?)<\/picture>/.exec(html)?.[1] ?? "";
    expect(picture).toMatch(/^<source type="image\/avif" srcset="\/assets\/images\/porch-[\da-f]{10}-480\.avif 480w, /);
    expect(picture).toContain('<source type="image/webp" srcset="/assets/images/porch-');
    expect(picture).toMatch(/<img src="\/assets\/images\/porch-[\da-f]{10}-1200\.png" width="1200" height="800" /);
    expect(picture).toContain('sizes="(min-width: 1200px) 1200px, 100vw" loading="lazy" decoding="async"');
    expect(picture).toContain('alt="The porch" title="At dusk">');
    const url = /<img src="([^"]+)"/.exec(picture)![1];
    expect(
      readFileSync(path.join(root, "dist", url))
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  it("is a GIF as it is (it may be animated), with its size", async () => {
    const gif = siteWith("![Dots](dots.gif)\n");
    await photo(30, 20, "123456")
      .gif()
      .toFile(path.join(gif, "content", "notes", "dots.gif"));
    await buildProject(gif);
    expect(page(gif, "notes/third.html")).toMatch(
      /<img src="\/assets\/images\/dots-[\da-f]{10}\.gif" width="30" height="20" /,
    );
  });

  it("is given the site's markdown.images.sizes, the width of its column, in markdown and MDX bodies", async () => {
    const sizes = "(min-width: 50rem) 46rem, 100vw";
    const column = siteWith("![The porch](images/porch.png)\n");
    mkdirSync(path.join(column, "content", "notes", "images"));
    await photo(1200, 800, "a0522d")
      .png()
      .toFile(path.join(column, "content", "notes", "images", "porch.png"));
    editFile(
      column,
      "site.config.ts",
      'urlFormat: "file",',
      `urlFormat: "file",\n  markdown: { images: { sizes: "${sizes}" } },`,
    );
    await buildProject(column);
    const picture = /<picture>(.*?)<\/picture>/.exec(page(column, "notes/third.html"))?.[1] ?? "";
    expect(picture.match(/ sizes="[^"]*"/g)).toEqual(Array(3).fill(` sizes="${sizes}"`));
    // The journal's MDX post, its picture given the journal's own column.
    const journal = copyJournal("heirloom-image-sizes-");
    const mdx = "content/posts/the-right-length.mdx";
    writeFileSync(path.join(journal, mdx), `${readFileSync(path.join(journal, mdx), "utf8")}\n![Hills](hills.png)\n`);
    await photo(1200, 800, "556b2f")
      .png()
      .toFile(path.join(journal, "content", "posts", "hills.png"));
    editFile(journal, "site.config.ts", "defineSite({", `defineSite({\n  markdown: { images: { sizes: "${sizes}" } },`);
    await buildProject(journal);
    const post = page(journal, "blog/the-right-length/index.html");
    expect(/<picture>(.*?)<\/picture>/.exec(post)?.[1].match(/ sizes="[^"]*"/g)).toEqual(
      Array(3).fill(` sizes="${sizes}"`),
    );
  });

  it("is told when markdown.images.sizes could break out of its attribute, with what to write", () => {
    const errors: string[] = [];
    resolveMarkdown({ images: { sizes: '100vw" onload="x' } }, (entry, args) =>
      errors.push(`${entry.message(args)} ${entry.hint?.(args)}`),
    );
    expect(errors).toEqual([
      "markdown.images.sizes in site.config.ts must be HTML's sizes attribute, without quotes or angle brackets; " +
        'found the text "100vw" onload="x". write the width pictures are shown at, such as ' +
        'sizes: "(min-width: 50rem) 46rem, 100vw" for a 46rem column.',
    ]);
  });

  it("is an SVG as it is, with its size", () => {
    expect(page(root, "notes/third.html")).toMatch(
      /<img src="\/assets\/images\/logo-[\da-f]{10}\.svg" width="\d+" height="\d+" loading="lazy" decoding="async" /,
    );
  });
});

describe("a link to a content file or a page", () => {
  it("becomes that entry's page, in its own form, under the base path too", async () => {
    const root = siteWith(
      "[team](../pages/about/team.md#top), [second](second.md), [dir](/about/team/), [file](/about/team.html), " +
        "[index](/notes/second/index.html), [up](../about/team?x=1), [ref][r].\n\n[r]: ./first.md\n",
    );
    await buildProject(root, { base: "/sub/" });
    const html = page(root, "notes/third.html");
    const hrefs = [...html.matchAll(/<a href="([^"]*)">(\w+)<\/a>/g)].map(([, href, text]) => [text, href]);
    expect(Object.fromEntries(hrefs)).toMatchObject({
      team: "/sub/about/team#top",
      second: "/sub/notes/second",
      dir: "/sub/about/team",
      file: "/sub/about/team",
      index: "/sub/notes/second",
      up: "/sub/about/team?x=1",
      ref: "/sub/notes/first",
    });
  });

  it("with a #fragment finds an <a name> as well as an id", async () => {
    const root = siteWith('See [the tool](#tool).\n\n<a name="tool"></a>The tool.\n');
    const config = path.join(root, "site.config.ts");
    writeFileSync(
      config,
      readFileSync(config, "utf8").replace('folder: "notes",', 'folder: "notes",\n      html: true,'),
    );
    await buildProject(root);
    expect(page(root, "notes/third.html")).toContain('<a href="#tool">the tool</a>');
  });
});

describe("a broken link", () => {
  it("to a picture by its path under content/ says how to publish it", async () => {
    const root = siteWith("![Logo](/images/logo.svg)\n");
    const [error] = await failures(root);
    expect([error.message, error.location]).toEqual([
      "The link /images/logo.svg on /notes/third names content/images/logo.svg, which the build does not publish at " +
        "that address.",
      { file: "content/notes/third.md", line: 9, column: 9 },
    ]);
    expect(error.hint).toMatch(/relative to the content file that holds it \(\.\.\/images\/x\.png\).*`passthrough`/);
  });

  it("is reported at every place it is written, reference definitions too, in the file that holds it", async () => {
    const second = readFileSync(path.join(makeFixture(), "content/notes/second.md"), "utf8");
    const body = "A [lost](missing.md) link, [one][1] and [two][1].\n\n[1]: ./gone.pdf\n\n[far](#nowhere)\n";
    const root = siteWith(body, { "notes/second.md": `${second}\n[Gone](gone.pdf)\n` });
    const errors = (await failures(root)).map((e) => [e.code, e.message, e.location]);
    expect(errors).toEqual([
      [
        "BrokenLinkError",
        "The link /notes/gone.pdf on /notes/second, /notes/third leads to no page or file of the site.",
        { file: "content/notes/second.md", line: 11, column: 8 },
      ],
      [
        "BrokenLinkError",
        "The link /notes/gone.pdf on /notes/second, /notes/third leads to no page or file of the site.",
        { file: "content/notes/third.md", line: 11, column: 6 },
      ],
      [
        "BrokenLinkError",
        "The link /notes/missing.md on /notes/third leads to no page or file of the site.",
        { file: "content/notes/third.md", line: 9, column: 10 },
      ],
      [
        "BrokenLinkError",
        'The link #nowhere on /notes/third names the id "nowhere", which no element of the same page has.',
        { file: "content/notes/third.md", line: 13, column: 7 },
      ],
    ]);
  });
});

describe("a feed", () => {
  it("holds a post's links and pictures as absolute URLs, as its page resolves them", async () => {
    const root = copyJournal();
    const post = path.join(root, "content", "posts", "recording-voices.md");
    writeFileSync(
      post,
      `${readFileSync(post, "utf8")}\nSee [the first questions](first-questions.md) ![A dot](dot.png)\n`,
    );
    await photo(600, 400, "336699")
      .png()
      .toFile(path.join(root, "content", "posts", "dot.png"));
    await buildProject(root, { siteUrl: "https://journal.example" });
    const feed = readFileSync(path.join(root, "dist", "blog", "feed.xml"), "utf8");
    expect(feed).toContain("&lt;a href=&quot;https://journal.example/blog/first-questions/&quot;&gt;");
    expect(feed).toMatch(
      /&lt;img src=&quot;https:\/\/journal\.example\/assets\/images\/dot-[\da-f]{10}-600\.png&quot;/,
    );
    expect(feed).toMatch(
      /srcset=&quot;https:\/\/journal\.example\/assets\/images\/dot-[\da-f]{10}-480\.png 480w, https:/,
    );
  });
});

describe("a broken link whose address is percent-encoded when published", () => {
  it.each([
    ["a space", "[a](</no such page>)", "/no%20such%20page"],
    ["non-ASCII letters", "[a](/café-lost)", "/caf%C3%A9-lost"],
    ["a percent sign", "[a](/100%-lost)", "/100%25-lost"],
    ["an escape that is no escape", "[a](/lost%zz)", "/lost%25zz"],
    ["a relative address with a space", "[a](<lost notes.md>)", "/notes/lost%20notes.md"],
  ])("%s is found where it is written", async (_name, body, url) => {
    const [error] = await failures(siteWith(`${body}\n`));
    expect(error.message).toContain(`The link ${url} on /notes/third`);
    expect(error.location).toEqual({ file: "content/notes/third.md", line: 9, column: 5 });
  });
});

describe('brokenLinks: "warn"', () => {
  it("publishes, telling each broken link and #fragment at its place; any other value is refused", async () => {
    const root = siteWith("A [lost](missing.md) link and [far](#nowhere).\n");
    const config = path.join(root, "site.config.ts");
    const text = readFileSync(config, "utf8");
    writeFileSync(config, text.replace('urlFormat: "file",', 'urlFormat: "file",\n  brokenLinks: "warn",'));
    const result = await buildProject(root);
    expect(result.warnings).toContain(
      "The link /notes/missing.md on /notes/third leads to no page or file of the site. (content/notes/third.md:9:10)",
    );
    expect(result.warnings.some((w) => w.startsWith('The link #nowhere on /notes/third names the id "nowhere"'))).toBe(
      true,
    );
    expect(page(root, "notes/third.html")).toContain('<a href="#nowhere">far</a>');
    const other = siteWith("Text.\n");
    writeFileSync(
      path.join(other, "site.config.ts"),
      text.replace('urlFormat: "file",', 'urlFormat: "file",\n  brokenLinks: "ignore",'),
    );
    const [error] = await failures(other);
    expect([error.message, error.location?.line]).toEqual(['brokenLinks is "ignore".', 35]);
  });
});
