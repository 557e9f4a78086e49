// Nothing is read through a symbolic link that leads out of the site's folder: not a passthrough file, an image,
// an entry, a linked folder, nor a file the templates' stylesheet or code imports. Links inside the folder work.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";

const SECRET = "NPM_TOKEN=npm_s3cr3t";
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>';

/** A folder outside the site with a secret, a picture and an entry in it: what a link must never publish. */
function outsideFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-outside-"));
  writeFileSync(path.join(dir, "env.txt"), SECRET);
  writeFileSync(path.join(dir, "logo.svg"), LOGO);
  writeFileSync(path.join(dir, "leak.css"), `body::after { content: "${SECRET}"; }`);
  writeFileSync(
    path.join(dir, "note.md"),
    "---\norder: 9\ntitle: Out\nprice: 1\ntags: [x]\nfeatured: false\n---\nHi.\n",
  );
  return dir;
}

/** The fixture with content/files/ listed for passthrough. */
function withPassthrough(): string {
  const root = makeFixture();
  mkdirSync(path.join(root, "content", "files"));
  editFile(root, "site.config.ts", 'unregistered: ["/later"],', 'unregistered: ["/later"],\n  passthrough: ["files"],');
  return root;
}

const hint = (link: string) =>
  `replace ${link} with a copy of the file (or folder) it points at, or point it at one inside the site's folder.`;
const leaving = (link: string, target: string, location: { file: string; line?: number; column?: number }) => ({
  code: "UnexpectedFileError",
  message:
    `${link} is a symbolic link to ${target}, outside the site's folder (the one with site.config.ts). The build ` +
    "reads nothing through a link that leaves it, so that no other file of the machine can be published.",
  location,
  hint: hint(link),
});

describe("a symbolic link out of the site's folder", () => {
  it("is refused under content/, named with its target, whatever it stands for", async () => {
    const outside = outsideFolder();
    const root = withPassthrough();
    const content = path.join(root, "content");
    symlinkSync(path.join(outside, "env.txt"), path.join(content, "files", "env.txt"));
    symlinkSync("/proc/self/environ", path.join(content, "files", "environ.txt"));
    symlinkSync(path.join(outside, "note.md"), path.join(content, "notes", "out.md"));
    symlinkSync(outside, path.join(content, "images", "elsewhere"));
    // The image field names the link itself: it is not an image of the site.
    symlinkSync(path.join(outside, "logo.svg"), path.join(content, "images", "linked.svg"));
    editFile(root, "content/settings.md", "logo: images/logo.svg", "logo: images/linked.svg");
    const errors = (await failures(root)).filter((e) => e.code === "UnexpectedFileError");
    expectErrors(errors, [
      leaving("content/files/env.txt", path.join(outside, "env.txt"), { file: "content/files/env.txt" }),
      leaving("content/files/environ.txt", "/proc/self/environ", { file: "content/files/environ.txt" }),
      leaving("content/images/elsewhere", outside, { file: "content/images/elsewhere" }),
      leaving("content/images/linked.svg", path.join(outside, "logo.svg"), { file: "content/images/linked.svg" }),
      leaving("content/notes/out.md", path.join(outside, "note.md"), { file: "content/notes/out.md" }),
    ]);
  });

  it("is refused when content/ itself is one", async () => {
    const outside = outsideFolder();
    const root = makeFixture();
    renameSync(path.join(root, "content"), path.join(outside, "content"));
    symlinkSync(path.join(outside, "content"), path.join(root, "content"));
    const errors = (await failures(root)).filter((e) => e.code === "UnexpectedFileError");
    expectErrors(errors, [leaving("content", path.join(outside, "content"), { file: "content" })]);
  });

  it("is refused when the stylesheet imports a file through it, at the line of the import", async () => {
    const outside = outsideFolder();
    const root = makeFixture();
    const styles = path.join(ownTemplates(root), "styles");
    symlinkSync(path.join(outside, "leak.css"), path.join(styles, "theme.css"));
    writeFileSync(
      path.join(styles, "site.css"),
      `@import "./theme.css";\n${readFileSync(path.join(styles, "site.css"))}`,
    );
    const errors = await failures(root);
    expectErrors(errors, [
      leaving("templates/styles/theme.css", path.join(outside, "leak.css"), {
        file: "templates/styles/site.css",
        line: 1,
        column: 9,
      }),
    ]);
  });

  it("is refused when a template's code imports a file through a linked folder", async () => {
    const outside = outsideFolder();
    const root = makeFixture();
    const templates = ownTemplates(root);
    symlinkSync(outside, path.join(templates, "shared"));
    editFile(root, "templates/index.ts", /^/, 'import "./shared/env.txt";\n');
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.message.split(" is ")[0], e.location])).toEqual([
      ["UnexpectedFileError", "templates/shared", { file: "templates/index.ts", line: 1, column: 8 }],
    ]);
  });
});

describe("a symbolic link inside the site's folder", () => {
  it("is followed: a passthrough file, an image, an entry and a stylesheet's import", async () => {
    const root = withPassthrough();
    const shared = path.join(root, "shared");
    mkdirSync(shared);
    writeFileSync(path.join(shared, "guide.txt"), "A plain guide.");
    writeFileSync(path.join(shared, "logo.svg"), LOGO);
    writeFileSync(path.join(shared, "theme.css"), "main { color: rebeccapurple; }");
    symlinkSync(path.join(shared, "guide.txt"), path.join(root, "content", "files", "guide.txt"));
    symlinkSync("../../shared/logo.svg", path.join(root, "content", "images", "shared.svg"));
    editFile(root, "content/settings.md", "logo: images/logo.svg", "logo: images/shared.svg");
    const styles = path.join(ownTemplates(root), "styles");
    symlinkSync(path.join(shared, "theme.css"), path.join(styles, "theme.css"));
    writeFileSync(
      path.join(styles, "site.css"),
      `@import "./theme.css";\n${readFileSync(path.join(styles, "site.css"))}`,
    );
    const built = await buildProject(root);
    expect(readFileSync(path.join(built.outDir, "files", "guide.txt"), "utf8")).toBe("A plain guide.");
    const index = readFileSync(path.join(built.outDir, "index.html"), "utf8");
    const logo = /<img src="\/(assets\/images\/shared-[0-9a-f]{10}\.svg)"/.exec(index)?.[1];
    expect(readFileSync(path.join(built.outDir, logo!), "utf8")).toBe(LOGO);
    const css = readdirSync(path.join(built.outDir, "assets")).find((f) => f.endsWith(".css"))!;
    expect(readFileSync(path.join(built.outDir, "assets", css), "utf8")).toContain("color:#639");
    expect(existsSync(path.join(built.outDir, "shared"))).toBe(false);
  });
});
