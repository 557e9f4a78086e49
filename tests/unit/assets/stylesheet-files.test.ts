// What a stylesheet names is published as files under hashed names (assets/bundle.ts FILE_LOADERS): fonts in every
// format KaTeX and other font kits ship, and pictures; and a site with markdown.math publishes KaTeX's stylesheet and
// fonts (assets/katex-styles.ts), linked by the pages with math alone.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildProject, journalWithText, makeFixture, ownTemplates } from "../../helpers/site.ts";

describe("a stylesheet's fonts and pictures", () => {
  it("are published as files: .woff2, .woff, .ttf, .otf, .jpg, .webp, .gif", async () => {
    const root = makeFixture();
    const styles = path.join(ownTemplates(root), "styles");
    const names = ["f.woff2", "f.woff", "f.ttf", "f.otf", "bg.jpg", "bg.webp", "dot.gif"];
    for (const name of names) writeFileSync(path.join(styles, name), `bytes of ${name}`);
    const face =
      '@font-face { font-family: F; src: url(f.woff2) format("woff2"), url(f.woff) format("woff"), ' +
      'url(f.ttf) format("truetype"), url(f.otf) format("opentype"); }\n' +
      "body { background: url(bg.jpg), url(bg.webp), url(dot.gif); font-family: F; }\n";
    writeFileSync(path.join(styles, "site.css"), `${readFileSync(path.join(styles, "site.css"))}\n${face}`);
    await buildProject(root);
    const assets = readdirSync(path.join(root, "dist", "assets"));
    const css = assets
      .filter((f) => f.endsWith(".css"))
      .map((f) => readFileSync(path.join(root, "dist/assets", f), "utf8"));
    for (const name of names) {
      const [stem, ext] = name.split(".");
      const published = assets.find((f) => new RegExp(`^${stem}-[A-Z0-9]{8}\\.${ext}$`).test(f));
      expect(published, name).toBeDefined();
      expect(readFileSync(path.join(root, "dist/assets", published!), "utf8")).toBe(`bytes of ${name}`);
      expect(css.join("\n")).toMatch(new RegExp(`url\\("?(\\./)?${published!.replace(".", "\\.")}"?\\)`));
    }
  });
});

describe("KaTeX's stylesheet, on a site with markdown.math", () => {
  it("is published with its fonts and linked by the page with math alone", async () => {
    const post = "content/posts/a-book-on-the-shelf.md";
    const { root } = journalWithText("heirloom-math-", "{ math: true }", post, "Euler: $e^{i\\pi} + 1 = 0$.");
    await buildProject(root);
    const page = readFileSync(path.join(root, "dist/blog/a-book-on-the-shelf/index.html"), "utf8");
    const href = /<link rel="stylesheet" href="\/(assets\/katex-[0-9A-F]{8}\.css)">/.exec(page)?.[1];
    expect(href).toBeDefined();
    expect(page).toContain('<annotation encoding="application/x-tex">e^{i\\pi} + 1 = 0</annotation>');
    const css = readFileSync(path.join(root, "dist", href!), "utf8");
    const fonts = [...css.matchAll(/url\("\.\/([^")]+)"\)/g)].map((m) => m[1]);
    expect(fonts.filter((f) => f.endsWith(".woff2"))).toHaveLength(20);
    for (const font of fonts) expect(existsSync(path.join(root, "dist/assets", font)), font).toBe(true);
    const other = readFileSync(path.join(root, "dist/blog/backing-up-recordings/index.html"), "utf8");
    expect(other).not.toContain("katex");
  });
});
