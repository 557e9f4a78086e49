import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutDir, recoverInterrupted, writeSite } from "../src/output/write.ts";

const temp = () => mkdtempSync(path.join(os.tmpdir(), "heirloom-write-"));
const file = (p: string, text: string) => ({ path: p, contents: Buffer.from(text) });

describe("writeSite", () => {
  it("replaces the whole folder: new files appear, stale files go, no staging folder is left", async () => {
    const root = temp();
    const out = path.join(root, "dist");
    await writeSite(out, [file("index.html", "old"), file("gone/index.html", "stale")]);
    await writeSite(out, [file("index.html", "new"), file("pricing/index.html", "p")]);
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toBe("new");
    expect(existsSync(path.join(out, "gone"))).toBe(false);
    expect(readdirSync(root)).toEqual(["dist"]);
  });

  it("removes staging folders that a killed build left behind", async () => {
    const root = temp();
    mkdirSync(path.join(root, "dist.tmp-999999"));
    await writeSite(path.join(root, "dist"), [file("index.html", "x")]);
    expect(readdirSync(root)).toEqual(["dist"]);
  });
});

describe("recoverInterrupted", () => {
  it("puts back the old site that a build killed between its two renames left under dist.old-<pid>", async () => {
    const root = temp();
    mkdirSync(path.join(root, "dist.old-999999"));
    writeFileSync(path.join(root, "dist.old-999999", "index.html"), "old site");
    await recoverInterrupted(path.join(root, "dist"));
    expect(readdirSync(root)).toEqual(["dist"]);
    expect(readFileSync(path.join(root, "dist", "index.html"), "utf8")).toBe("old site");
  });

  it("leaves an existing dist/ and a running build's folders alone", async () => {
    const root = temp();
    mkdirSync(path.join(root, `dist.old-${process.pid}`));
    await recoverInterrupted(path.join(root, "dist"));
    expect(readdirSync(root)).toEqual([`dist.old-${process.pid}`]);
    mkdirSync(path.join(root, "dist"));
    mkdirSync(path.join(root, "dist.old-999999"));
    await recoverInterrupted(path.join(root, "dist"));
    expect(readdirSync(root).sort()).toEqual(["dist", `dist.old-${process.pid}`, "dist.old-999999"].sort());
  });
});

describe("checkOutDir", () => {
  const root = temp();
  const refused = (out: string, force = false) => checkOutDir(out, root, force).then(() => "ok", (e: Error) => e.message);

  it.each(["", "content", "templates", "src", ".."])("refuses %s of the project", async (dir) => {
    expect(await refused(path.join(root, dir), true)).toMatch(/Refusing to write the site/);
  });

  it("compares real paths: a protected folder or an ancestor of the project is refused through a link", async () => {
    const links = temp();
    for (const dir of ["content", "templates"]) mkdirSync(path.join(root, dir), { recursive: true });
    symlinkSync(root, path.join(links, "project"));
    symlinkSync(path.join(root, "content"), path.join(links, "content"));
    symlinkSync(path.dirname(root), path.join(links, "parent"));
    for (const out of ["project", "project/content", "project/templates", "content", "parent", `parent/${path.basename(root)}`]) {
      expect(await refused(path.join(links, out), true), out).toMatch(/Refusing to write the site/);
    }
    // A new folder under a linked, ordinary folder is fine.
    expect(await refused(path.join(links, "project", "dist-linked"), true)).toBe("ok");
  });

  it("refuses the home folder and / even with --force", async () => {
    expect(await refused(os.homedir(), true)).toMatch(/Refusing/);
    expect(await refused("/", true)).toMatch(/Refusing/);
  });

  it("accepts a new or empty folder and an earlier build", async () => {
    expect(await refused(path.join(root, "dist"))).toBe("ok");
    const earlier = path.join(root, "earlier");
    mkdirSync(earlier);
    expect(await refused(earlier)).toBe("ok");
    writeFileSync(path.join(earlier, "index.html"), "");
    writeFileSync(path.join(earlier, "404.html"), "");
    expect(await refused(earlier)).toBe("ok");
  });

  it("refuses a folder with other things in it unless forced", async () => {
    const notes = path.join(root, "notes");
    mkdirSync(notes);
    writeFileSync(path.join(notes, "thesis.txt"), "precious");
    expect(await refused(notes)).toMatch(/does not look like an earlier build.*/);
    expect(await refused(notes, true)).toBe("ok");
  });
});
