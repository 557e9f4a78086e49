// A site with math publishes each page's math classes in a stylesheet of its own (render/math-styles.ts), linked
// after KaTeX's, and none for a page without math: in a build, in a build that keeps the math page from the last
// (its stylesheet published again), and in dev, which serves it once the page is rendered.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startCli, stopStarted } from "../../helpers/cli-process.ts";
import { buildProject, journalWithText } from "../../helpers/site.ts";

const POST = "content/posts/difficult-chapters.md";
const OTHER = "content/posts/a-book-on-the-shelf.md";
const MATH = "The share is $\\frac{1}{3}$, in $\\color{red}{red}$.\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$";
const LINK = /<link rel="stylesheet" href="\/assets\/(math-[0-9A-F]{8}\.css)">/g;

/** The math stylesheets a page links, and their rules. */
function linked(html: string, read: (file: string) => string) {
  const files = [...html.matchAll(LINK)].map((m) => m[1]);
  return { files, css: files.map((file) => read(file)).join("") };
}

afterEach(() => {
  stopStarted();
  vi.useRealTimers();
});

describe("the math classes' stylesheets", () => {
  it("are published for the pages with math, the same again when a build keeps those pages", async () => {
    const { root } = journalWithText("heirloom-math-styles-", "{ math: true }", POST, MATH);
    const dist = path.join(root, "dist");
    const read = (file: string) => readFileSync(path.join(dist, "assets", file), "utf8");
    const page = () => readFileSync(path.join(dist, "blog/difficult-chapters/index.html"), "utf8");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10_000);
    const built = await buildProject(root);
    // The link check finds the stylesheets the pages link.
    expect(JSON.stringify(built.warnings)).not.toContain("assets/math-");
    const first = linked(page(), read);
    expect(first.files).toHaveLength(1);
    expect(page()).toMatch(/href="\/assets\/katex-[0-9A-F]{8}\.css"><link rel="stylesheet" href="\/assets\/math-/);
    expect(first.css).toContain(".hk-color_red{color:red!important}");
    // Every class the page uses has its rule; no rule is written twice.
    const used = new Set(page().match(/\bhk-[\w-]+/g));
    const rules = first.css.trim().split("\n");
    expect(rules.map((rule) => rule.slice(1, rule.indexOf("{"))).sort()).toEqual([...used].sort());
    const plain = readFileSync(path.join(dist, "blog/a-book-on-the-shelf/index.html"), "utf8");
    expect(plain).not.toContain("/assets/math-");
    expect(plain).not.toContain("/assets/katex-");
    expect(readdirSync(path.join(dist, "assets")).filter((f) => f.startsWith("math-"))).toEqual(first.files);

    // Another post edited: the math page is kept from the last build, and its stylesheet is published again.
    const other = path.join(root, OTHER);
    writeFileSync(other, readFileSync(other, "utf8").replace("A book", "A Book"));
    vi.setSystemTime(Date.now() + 20_000);
    const again = await buildProject(root);
    expect(again.rendered).toContain("/blog/a-book-on-the-shelf/");
    expect(again.rendered).not.toContain("/blog/difficult-chapters/");
    expect(linked(page(), read)).toEqual(first);

    // The math post edited: its new stylesheet replaces the old one.
    const post = path.join(root, POST);
    writeFileSync(post, readFileSync(post, "utf8").replace("\\color{red}{red}", "\\color{blue}{blue}"));
    vi.setSystemTime(Date.now() + 30_000);
    expect((await buildProject(root)).rendered).toContain("/blog/difficult-chapters/");
    const edited = linked(page(), read);
    expect(edited.css).toContain(".hk-color_blue{color:blue!important}");
    expect(edited.css).not.toContain("hk-color_red");
    expect(existsSync(path.join(dist, "assets", first.files[0]))).toBe(false);
  }, 120_000);

  it("are served by dev once the page that links them is rendered", async () => {
    const { root } = journalWithText("heirloom-math-dev-", "{ math: true }", POST, MATH);
    const server = startCli(root, ["dev", "--port", "0"]);
    const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
    const html = await (await fetch(new URL("blog/difficult-chapters/", url))).text();
    const [file] = [...html.matchAll(LINK)].map((m) => m[1]);
    expect(file).toBeDefined();
    const answer = await fetch(new URL(`assets/${file}`, url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/css/);
    const css = await answer.text();
    expect(css).toContain(".hk-color_red{color:red!important}");
    for (const name of new Set(html.match(/\bhk-[\w-]+/g))) expect(css).toContain(`.${name}{`);
  }, 120_000);
});
