// The build checks every page against the Content-Security-Policy its host files give its path: each kind of
// use a strict policy blocks is a warning at the line of the content file or template that writes it, naming
// the directive to widen; widened by `headers`, the same site builds without one; --strict fails on them.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { buildProject, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";

const FRONT = "---\norder: 3\ntitle: Third\nprice: 7\ntags:\n  - three\nfeatured: false\n---\n";
const BODY = [
  "A badge: ![build](https://img.shields.io/badge/build-passing-green.svg)",
  "",
  '<div style="overflow-x: auto">wide</div>',
  "",
  '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>',
  "",
  '<video src="https://media.example.org/talk.mp4"></video>',
  "",
  '<link rel="preload" as="font" href="https://fonts.gstatic.com/s/inter.woff2">',
  "",
  '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">',
  "",
  '<script src="https://plausible.io/js/script.js"></script>',
  "",
].join("\n");
const INLINE = 'window.ready = "yes";';
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The base fixture with raw HTML in notes, a third note of `BODY`, and an inline script in its Document. */
function siteWithUses(headers = ""): string {
  const root = makeFixture();
  editFile(root, "site.config.ts", 'folder: "notes",', 'folder: "notes",\n      html: true,');
  if (headers) editFile(root, "site.config.ts", 'urlFormat: "file",', `urlFormat: "file",\n  headers: ${headers},`);
  writeFileSync(path.join(root, "content", "notes", "third.md"), FRONT + BODY);
  const templates = ownTemplates(root);
  const script = `        <script dangerouslySetInnerHTML={{ __html: ${JSON.stringify(INLINE)} }} />`;
  editFile(root, "templates/Document.tsx", "      <body>\n", `      <body>\n${script}\n`);
  expect(readFileSync(path.join(templates, "Document.tsx"), "utf8")).toContain("dangerouslySetInnerHTML");
  return root;
}

const lineOf = (root: string, file: string, text: string) =>
  readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(text)) + 1;

describe("a page's uses its policy blocks", () => {
  let root: string;
  let warnings: string[];
  beforeAll(async () => {
    root = siteWithUses();
    ({ warnings } = await buildProject(root));
  }, 120_000);

  const blocked = () => warnings.filter((w) => w.includes("Content-Security-Policy blocks"));

  it.each([
    ["img-src", "the image https://img.shields.io/badge/build-passing-green.svg", "![build]", "https://img.shields.io"],
    [
      "frame-src",
      "the frame of https://www.youtube-nocookie.com/embed/abc",
      "<iframe",
      "https://www.youtube-nocookie.com",
    ],
    ["media-src", "the media https://media.example.org/talk.mp4", "<video", "https://media.example.org"],
    ["font-src", "the font https://fonts.gstatic.com/s/inter.woff2", 'as="font"', "https://fonts.gstatic.com"],
    [
      "style-src",
      "the stylesheet https://fonts.googleapis.com/css2?family=Inter",
      "stylesheet",
      "https://fonts.googleapis.com",
    ],
    ["script-src", "the script https://plausible.io/js/script.js", "plausible", "https://plausible.io"],
    ["style-src", "a style attribute", "style=", "'unsafe-inline'"],
  ])("%s: %s is told at its line of the note", (directive, what, written, source) => {
    const line = lineOf(root, "content/notes/third.md", written);
    const found = blocked().filter((w) => w.includes(`uses ${what},`));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(
      `The page /notes/third uses ${what}, which its Content-Security-Policy blocks (${directive})`,
    );
    expect(found[0]).toMatch(new RegExp(`\\(content/notes/third\\.md:${line}:\\d+\\)`));
    expect(found[0]).toContain(`\`headers: { policy: { "${directive}": ["${source}"] } }\``);
  });

  it("an inline script of a template is told once, at the template's line, with its hash, for every page", () => {
    const found = blocked().filter((w) => w.includes("an inline script"));
    expect(found).toHaveLength(1);
    const line = lineOf(root, "templates/Document.tsx", "dangerouslySetInnerHTML");
    expect(found[0]).toContain(`uses an inline script (${hashOf(INLINE)})`);
    expect(found[0]).toMatch(/The page \/\S* \(and \d+ other pages\)/);
    expect(found[0]).toContain(`(templates/Document.tsx:${line}:`);
    expect(found[0]).toContain(`"script-src": ["${hashOf(INLINE)}"]`);
  });

  it("nothing else is told: eight blocked uses", () => {
    expect(blocked()).toHaveLength(8);
  });
});

describe("the same site with its policy widened", () => {
  const widened = `{
    policy: {
      "script-src": ["https://plausible.io", "${hashOf(INLINE)}"],
      "img-src": ["https://img.shields.io"],
      "font-src": ["https://fonts.gstatic.com"],
      "media-src": ["https://media.example.org"],
    },
    paths: {
      "/notes/*": {
        policy: {
          "style-src": ["https://fonts.googleapis.com", "'unsafe-inline'"],
          "frame-src": ["https://www.youtube-nocookie.com"],
        },
      },
    },
  }`;

  it("builds without a warning, and its host files allow what the check allowed", async () => {
    const root = siteWithUses(widened);
    const { warnings } = await buildProject(root);
    expect(warnings.filter((w) => w.includes("Content-Security-Policy"))).toEqual([]);
    const headers = readFileSync(path.join(root, "dist", "_headers"), "utf8");
    const third = headers.split("\n\n").find((block) => block.startsWith("/notes/third\n"));
    expect(third).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(third).toContain("style-src 'self' https://fonts.googleapis.com 'unsafe-inline'");
    expect(third).toContain(`script-src 'self' https://plausible.io ${hashOf(INLINE)}`);
    expect(third).toContain("media-src 'self' https://media.example.org");
    const about = headers.split("\n\n").find((block) => block.startsWith("/about/team\n"));
    expect(about).toContain("frame-src 'self';");
    expect(about).toContain("img-src 'self' data: https://img.shields.io;");
  }, 120_000);

  it("a hash that is not the script's still warns, and --strict fails the build at the template", async () => {
    const root = siteWithUses(widened.replace(hashOf(INLINE), hashOf("other")));
    const error = await buildProject(root, { strict: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const [problem, ...others] = errorsOf(error);
    expect(others).toEqual([]);
    expect(problem.code).toBe("SecurityPolicyError");
    expect(problem.location?.file).toBe("templates/Document.tsx");
    expect(problem.message).toContain(`uses an inline script (${hashOf(INLINE)})`);
  }, 120_000);
});
