// An SVG that would run code where it is published is refused at its line, however the site reaches it (an image
// field, a body, a passthrough file, a stylesheet); a clean one is published byte for byte.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unsafeSvgPart } from "../../../packages/heirloom/src/assets/svg-safety.ts";
import { failures } from "../../helpers/errors.ts";
import { buildProject, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";

const svg = (inner: string, attributes = "") =>
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
  `width="40" height="20"${attributes}>` +
  `\n${inner}\n</svg>\n`;

describe("what an SVG may not hold", () => {
  it.each([
    ["<script>alert(document.cookie)</script>", "a <script> element"],
    ['<svg:script xmlns:svg="http://www.w3.org/2000/svg">x()</svg:script>', "a <script> element"],
    ['<rect width="1" height="1" onclick="steal()"/>', 'an event handler attribute (onclick="…")'],
    ["<rect/onmouseover=steal() width='1'/>", 'an event handler attribute (onmouseover="…")'],
    ['<a href="javascript:steal()"><text>x</text></a>', 'a javascript: address in href="…"'],
    ['<a xlink:href=" jav&#x09;ascript&colon;steal()">x</a>', 'a javascript: address in xlink:href="…"'],
    [
      '<a href="data:text/html,&lt;script&gt;x()&lt;/script&gt;">x</a>',
      "a data: address of another kind than a picture in href",
    ],
    ['<set attributeName="href" to="javascript:steal()"/>', 'a javascript: address in to="…"'],
    ['<set attributeName="onclick" to="steal()"/>', "an animation of an event handler (onclick)"],
    ['<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>', "a <foreignObject> element"],
    [
      '<use href="https://example.com/sprite.svg#a"/>',
      'a <use> of another file (href="https://example.com/sprite.svg#a")',
    ],
    ['<use xlink:href="other.svg#a"/>', 'a <use> of another file (xlink:href="other.svg#a")'],
    ['<iframe src="https://example.com"/>', "a <iframe> element"],
    ['<embed src="x.swf"/>', "a <embed> element"],
    ['<object data="x.html"/>', "a <object> element"],
  ])("%s: %s, at its line and column", (inner, what) => {
    expect(unsafeSvgPart(svg(inner))).toEqual({ what, line: 2, column: expect.any(Number) });
  });

  it("an <?xml-stylesheet?> instruction and an <!ENTITY> declaration, at their lines", () => {
    const stylesheet = `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="x.xsl"?>\n${svg("")}`;
    expect(unsafeSvgPart(stylesheet)).toEqual({ what: "an <?xml-stylesheet?> instruction", line: 2, column: 1 });
    const entity = `<!DOCTYPE svg [\n  <!ENTITY a "aaaa">\n]>\n${svg("<text>&a;</text>")}`;
    expect(unsafeSvgPart(entity)).toEqual({ what: "an <!ENTITY> declaration", line: 2, column: 3 });
  });

  it("none of it in a drawing as editors save it: links, gradients, inner <use>, raster data, metadata", () => {
    const drawing = svg(
      [
        "<!-- Generator: Adobe Illustrator 27.0.0 -->",
        '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>',
        '<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" pagecolor="#fff"/>',
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#7a3e1d"/></linearGradient></defs>',
        '<rect id="r" width="40" height="20" fill="url(#g)" style="stroke: #000; stroke-width: 0.5"/>',
        '<use href="#r" x="2"/><use xlink:href="#r" y="2"/>',
        '<image width="4" height="4" href="data:image/png;base64,iVBORw0KGgo="/>',
        '<a href="https://example.com/about" target="_blank"><text aria-label="metadata: one">About</text></a>',
        "<style>.a { fill: #fff; } /* onload= in a comment of a stylesheet */</style>",
      ].join("\n"),
      ' viewBox="0 0 40 20" data-name="Layer 1"',
    );
    expect(unsafeSvgPart(drawing)).toBeUndefined();
  });
});

const EVIL = svg('<rect width="40" height="20"/>\n<script>fetch("/steal?" + document.cookie)</script>');
const unsafe = (file: string, line: number, column: number) => ({
  code: "UnsafeImageError",
  message: expect.stringMatching(new RegExp(`^${file} holds a <script> element on line ${line}\\. A browser that `)),
  location: { file, line, column },
});
const asErrors = (errors: Awaited<ReturnType<typeof failures>>) =>
  errors.map((e) => ({ code: e.code, message: e.message, location: e.location }));

describe("an SVG with a script", () => {
  it("is refused as an image() field, at the line of the script", async () => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "images", "logo.svg"), EVIL);
    const errors = await failures(root);
    expect(asErrors(errors)).toEqual([unsafe("content/images/logo.svg", 3, 1)]);
    expect(errors[0].hint).toBe(
      "remove it from the SVG (an editor's plain or optimized SVG export, or `npx svgo`, drops most of them), " +
        "or publish the picture as PNG.",
    );
  });

  it("is refused as a picture a body shows", async () => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "images", "drawn.svg"), `\n${EVIL}`);
    editFile(root, "content/notes/first.md", "The first note.", "The first note.\n\n![A drawing](../images/drawn.svg)");
    expect(asErrors(await failures(root))).toEqual([unsafe("content/images/drawn.svg", 4, 1)]);
  });

  it("is refused as a passthrough file", async () => {
    const root = makeFixture();
    mkdirSync(path.join(root, "content", "files"));
    writeFileSync(path.join(root, "content", "files", "poster.svg"), EVIL);
    editFile(
      root,
      "site.config.ts",
      'unregistered: ["/later"],',
      'unregistered: ["/later"],\n  passthrough: ["files"],',
    );
    expect(asErrors(await failures(root))).toEqual([unsafe("content/files/poster.svg", 3, 1)]);
  });

  it("is refused when the stylesheet names it (esbuild would publish it under assets/)", async () => {
    const root = makeFixture();
    const styles = path.join(ownTemplates(root), "styles");
    writeFileSync(path.join(styles, "icon.svg"), EVIL);
    writeFileSync(
      path.join(styles, "site.css"),
      `${readFileSync(path.join(styles, "site.css"))}\nh1 { background: url(./icon.svg); }`,
    );
    expect(asErrors(await failures(root))).toEqual([unsafe("templates/styles/icon.svg", 3, 1)]);
  });

  it("a clean SVG is still published byte for byte, as a field and as a passthrough file", async () => {
    const root = makeFixture();
    mkdirSync(path.join(root, "content", "files"));
    const clean = svg('<a href="https://example.com"><rect width="40" height="20"/></a>');
    writeFileSync(path.join(root, "content", "files", "poster.svg"), clean);
    writeFileSync(path.join(root, "content", "images", "logo.svg"), clean);
    editFile(
      root,
      "site.config.ts",
      'unregistered: ["/later"],',
      'unregistered: ["/later"],\n  passthrough: ["files"],',
    );
    const built = await buildProject(root);
    expect(readFileSync(path.join(built.outDir, "files", "poster.svg"), "utf8")).toBe(clean);
    const logo = /<img src="\/(assets\/images\/logo-[0-9a-f]{10}\.svg)"/.exec(
      readFileSync(path.join(built.outDir, "index.html"), "utf8"),
    )?.[1];
    expect(readFileSync(path.join(built.outDir, logo!), "utf8")).toBe(clean);
  });
});
