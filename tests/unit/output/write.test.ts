import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import {
  WRITER_THREADS_FROM,
  createPageWriter,
  writerThreads,
} from "../../../packages/heirloom/src/output/write/page-writer.ts";
import { listSeed } from "../../../packages/heirloom/src/output/write/seed-listing.ts";
import { openStaging } from "../../../packages/heirloom/src/output/write/staging.ts";
import { checkOutDir, recoverInterrupted, removeLeftovers } from "../../../packages/heirloom/src/output/write/write.ts";
import { resolvePaths } from "../../../packages/heirloom/src/config/options.ts";

const temp = () => mkdtempSync(path.join(os.tmpdir(), "heirloom-write-"));
const file = (p: string, text: string) => ({ path: p, contents: Buffer.from(text) });

/** Writes a site through a staging folder and swaps it in; the folder it replaced is moved beside it, as `spare`. */
async function writeSite(out: string, files: Array<{ path: string; contents: Uint8Array }>) {
  const staging = await openStaging(out);
  try {
    for (const f of files) staging.write(f.path, f.contents);
    const { manifest, retired } = await staging.commit();
    if (retired) renameSync(retired, `${path.dirname(out)}/spare`);
    return manifest;
  } finally {
    await staging.discard();
    await removeLeftovers(out);
  }
}

describe("the staging folder", () => {
  it("replaces the whole folder: new files appear, stale files go, no staging folder is left", async () => {
    const root = temp();
    const out = path.join(root, "dist");
    await writeSite(out, [file("index.html", "old"), file("gone/index.html", "stale")]);
    await writeSite(out, [file("index.html", "new"), file("pricing/index.html", "p")]);
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toBe("new");
    expect(existsSync(path.join(out, "gone"))).toBe(false);
    // The old site is handed back, moved out of the way (a build keeps it as the next one's spare).
    expect(readdirSync(root).sort()).toEqual(["dist", "spare"]);
    expect(readFileSync(path.join(root, "spare", "index.html"), "utf8")).toBe("old");
  });

  it("swaps in only once every write it started is done, each file recorded with its size and time", async () => {
    const root = temp();
    const out = path.join(root, "dist");
    const files = Array.from({ length: 300 }, (_, i) => file(`p${i % 30}/${i}/index.html`, `page ${i}`));
    const manifest = await writeSite(out, files);
    for (const f of files) {
      const stat = statSync(path.join(out, f.path));
      expect(readFileSync(path.join(out, f.path), "utf8")).toBe(f.contents.toString());
      expect(manifest.get(f.path)).toEqual({
        sha256: createHash("sha256").update(f.contents).digest("hex"),
        ...pick(stat),
      });
    }
    expect([...manifest.keys()]).toEqual(files.map((f) => f.path));
  });

  it("fails the swap when a write fails, leaving the output folder as it was and no staging folder", async () => {
    const root = temp();
    const out = path.join(root, "dist");
    await writeSite(out, [file("index.html", "old")]);
    // A file where a folder is needed: its write fails on the threadpool, after write() returned. The writes run
    // at once, so which fails depends on their order: the page (ENOTDIR) or, once its folder is made, the file
    // (EISDIR).
    await expect(
      writeSite(out, [file("a", "a file"), file("a/index.html", "x"), file("index.html", "new")]),
    ).rejects.toThrow(/ENOTDIR|EEXIST|EISDIR/);
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toBe("old");
    expect(readdirSync(root)).toEqual(["dist"]);
  });

  it("lets no write land once it is given up: every one started is waited for, later ones are dropped", async () => {
    const root = temp();
    const out = path.join(root, "dist");
    const staging = await openStaging(out);
    for (let i = 0; i < 200; i++) staging.write(`${i}/index.html`, `page ${i}`);
    await staging.discard();
    staging.write("late/index.html", "late");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readdirSync(root)).toEqual([]);
  });

  it("removes staging folders that a killed build left behind", async () => {
    const root = temp();
    mkdirSync(path.join(root, "dist.tmp-999999"));
    await writeSite(path.join(root, "dist"), [file("index.html", "x")]);
    expect(readdirSync(root)).toEqual(["dist"]);
  });
});

describe("the staging folder made from a seed (the site before the current one)", () => {
  it.each([
    ["listed when it opens", false],
    ["listed ahead on a worker thread", true],
  ])(
    "does not write a file whose bytes the spare already holds, rewrites changed ones and drops the rest (%s)",
    async (_, ahead) => {
      const root = temp();
      const out = path.join(root, "dist");
      await writeSite(out, [file("index.html", "one"), file("a/page.html", "a")]);
      await writeSite(out, [file("index.html", "two"), file("a/page.html", "a")]);
      // The spare now holds the first site; its manifest says what each file holds.
      const spare = path.join(root, "spare");
      const held = (f: string) => ({
        sha256: createHash("sha256")
          .update(readFileSync(path.join(spare, f)))
          .digest("hex"),
        ...pick(statSync(path.join(spare, f))),
      });
      const manifest = new Map([
        ["index.html", held("index.html")],
        ["a/page.html", held("a/page.html")],
      ]);
      writeFileSync(path.join(spare, "stray.txt"), "added by hand");
      const kept = statSync(path.join(spare, "a/page.html")).ino;
      const listing = ahead ? listSeed(spare) : undefined;
      const staging = await openStaging(out, { dir: spare, files: manifest, listing });
      expect(staging.folders).toEqual(["a"]);
      staging.write("index.html", "three");
      staging.write("a/page.html", "a");
      const { manifest: written, retired } = await staging.commit();
      expect(statSync(path.join(out, "a/page.html")).ino).toBe(kept);
      expect(readFileSync(path.join(out, "index.html"), "utf8")).toBe("three");
      expect(existsSync(path.join(out, "stray.txt"))).toBe(false);
      expect([...written.keys()].sort()).toEqual(["a/page.html", "index.html"]);
      // The site it replaced, untouched by the writes, is handed back for the next spare.
      expect(readFileSync(path.join(retired!, "index.html"), "utf8")).toBe("two");
    },
  );

  it("is listed on a worker thread as on this one: every file and folder, whatever its name", async () => {
    const spare = temp();
    const names = ["index.html", "a b/ü é.html", "deep/er/still/x.css", "emoji 🎉/index.html", "z/.hidden"];
    for (const name of names) {
      mkdirSync(path.dirname(path.join(spare, name)), { recursive: true });
      writeFileSync(path.join(spare, name), name);
    }
    mkdirSync(path.join(spare, "empty"));
    const listed = await listSeed(spare);
    expect([...listed!.files].sort()).toEqual([...names].sort());
    expect([...listed!.folders].sort()).toEqual(
      ["", "a b", "deep", "deep/er", "deep/er/still", "emoji 🎉", "empty", "z"].sort(),
    );
    // A folder it cannot list gives no listing: the staging folder lists the seed itself.
    expect(await listSeed(path.join(spare, "missing"))).toBeUndefined();
  });

  it("never trusts a spare file whose size or time changed since it was recorded", async () => {
    const root = temp();
    const out = path.join(root, "dist");
    await writeSite(out, [file("index.html", "one")]);
    await writeSite(out, [file("index.html", "two")]);
    const spare = path.join(root, "spare", "index.html");
    const manifest = new Map([
      ["index.html", { sha256: createHash("sha256").update("one").digest("hex"), ...pick(statSync(spare)) }],
    ]);
    writeFileSync(spare, "edited");
    const staging = await openStaging(out, { dir: path.dirname(spare), files: manifest });
    staging.write("index.html", "one");
    await staging.commit();
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toBe("one");
  });

  it("gives a build of many pages one writer thread, and two when most of its pages are files to create", () => {
    expect(writerThreads(WRITER_THREADS_FROM - 1, WRITER_THREADS_FROM - 1)).toBe(0);
    expect(writerThreads(WRITER_THREADS_FROM, 0)).toBe(1);
    expect(writerThreads(WRITER_THREADS_FROM, WRITER_THREADS_FROM / 2)).toBe(1);
    expect(writerThreads(WRITER_THREADS_FROM, WRITER_THREADS_FROM / 2 + 1)).toBe(2);
    expect(writerThreads(10_000, 10_000)).toBe(2);
  });

  it.each([
    ["in two worker threads", WRITER_THREADS_FROM, WRITER_THREADS_FROM],
    ["in one worker thread", WRITER_THREADS_FROM, 0],
    ["on the threadpool", 1, 1],
  ])(
    "lets the page writer (%s) keep a spare page that holds its bytes and rewrite the others, recorded or not",
    async (_, count, toCreate) => {
      const root = temp();
      const out = path.join(root, "dist");
      const pages = {
        "a/index.html": "same",
        "b/index.html": "recorded, then edited",
        "c/index.html": "unrecorded, same",
        "d/index.html": "unrecorded, other",
      };
      await writeSite(
        out,
        Object.entries(pages).map(([p, text]) => file(p, text)),
      );
      await writeSite(out, [file("index.html", "next")]);
      const spare = path.join(root, "spare");
      const state = (f: string) => ({
        sha256: createHash("sha256")
          .update(readFileSync(path.join(spare, f)))
          .digest("hex"),
        ...pick(statSync(path.join(spare, f))),
      });
      const manifest = new Map([
        ["a/index.html", state("a/index.html")],
        ["b/index.html", state("b/index.html")],
      ]);
      // Edited after it was recorded: its record no longer vouches for it (the same length, so only reading tells).
      writeFileSync(path.join(spare, "b/index.html"), "RECORDED, THEN EDITED");
      const before = Object.fromEntries(Object.keys(pages).map((p) => [p, statSync(path.join(spare, p))]));
      const staging = await openStaging(out, { dir: spare, files: manifest });
      expect(staging.recorded("a/index.html")).toEqual(manifest.get("a/index.html"));
      expect(staging.recorded("c/index.html")).toBe("unknown");
      expect(staging.recorded("e/index.html")).toBeUndefined();
      const writer = createPageWriter(staging, count, toCreate);
      const site = {
        ...pages,
        "b/index.html": "recorded, then edited",
        "d/index.html": "unrecorded, ôther",
        "e/index.html": "new",
      };
      for (const [p, html] of Object.entries(site)) await writer.add(p, html, staging.recorded(p));
      const records = await writer.finish();
      for (const record of records)
        staging.record(record.outFile, { sha256: record.sha256, size: record.bytes, mtimeMs: record.mtimeMs });
      await staging.commit();
      for (const [p, html] of Object.entries(site)) expect(readFileSync(path.join(out, p), "utf8")).toBe(html);
      // Kept as they were: the same file, and its time is what the record says.
      for (const p of ["a/index.html", "c/index.html"]) {
        expect(statSync(path.join(out, p)).ino).toBe(before[p].ino);
        expect(records.find((r) => r.outFile === p)?.mtimeMs).toBe(before[p].mtimeMs);
      }
      expect(statSync(path.join(out, "b/index.html")).mtimeMs).not.toBe(before["b/index.html"].mtimeMs);
    },
  );
});

const pick = ({ size, mtimeMs }: { size: number; mtimeMs: number }) => ({ size, mtimeMs });

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
  const refused = (out: string, force = false) =>
    checkOutDir(resolvePaths({ root, outDir: out }), { force }).then(
      () => "ok",
      (e: Error) => e.message,
    );

  it.each(["", "content", "templates", "src", ".."])("refuses %s of the project", async (dir) => {
    expect(await refused(path.join(root, dir), true)).toMatch(/Refusing to write the site/);
  });

  it("compares real paths: a protected folder or an ancestor of the project is refused through a link", async () => {
    const links = temp();
    for (const dir of ["content", "templates"]) mkdirSync(path.join(root, dir), { recursive: true });
    symlinkSync(root, path.join(links, "project"));
    symlinkSync(path.join(root, "content"), path.join(links, "content"));
    symlinkSync(path.dirname(root), path.join(links, "parent"));
    for (const out of [
      "project",
      "project/content",
      "project/templates",
      "content",
      "parent",
      `parent/${path.basename(root)}`,
    ]) {
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

describe("checkOutDir and the site's own folders (issue 35, item 5)", () => {
  // The cache is outside the site here, so that an output folder holding it is told apart from one holding the site.
  const root = temp();
  const cacheDir = path.join(temp(), "cache");
  const links = temp();
  for (const dir of [".heirloom", "content", "templates", "node_modules"]) mkdirSync(path.join(root, dir));
  mkdirSync(cacheDir);
  const refusal = (outDir: string, use: { force?: boolean; serving?: boolean } = { force: true }) =>
    checkOutDir({ ...resolvePaths({ root, outDir }), cacheDir }, use).then(
      () => "ok",
      (e: Error) => e.message,
    );
  const folders: Array<[string, string]> = [
    [".heirloom", "the site's .heirloom folder"],
    ["content", "the site's content folder"],
    ["templates", "the site's templates folder"],
    ["node_modules", "the site's node_modules folder"],
    ["cache", "the site's cache"],
  ];
  const dirOf = (name: string) => (name === "cache" ? cacheDir : path.join(root, name));

  it.each(folders)("refuses %s by a relative, an absolute, a .. and a linked path, naming it", async (name, what) => {
    const dir = dirOf(name);
    const link = path.join(links, `${name}-link`);
    symlinkSync(dir, link);
    const forms = [path.relative(root, dir), dir, `${root}/content/../${path.relative(root, dir)}`, link];
    for (const out of forms) {
      expect(await refusal(out), out).toMatch(new RegExp(`^Refusing to write the site to .*: it is ${what}\\b`));
    }
    expect(await refusal(link)).toMatch(
      new RegExp(`it is ${what}\\b.*, ${dir}\\. A build replaces its output folder whole`),
    );
  });

  it.each(folders)("refuses a folder inside %s, also through a link, naming it", async (name, what) => {
    const dir = dirOf(name);
    const link = path.join(links, `${name}-inside`);
    symlinkSync(dir, link);
    for (const out of [path.join(dir, "site"), path.join(dir, "a", "b"), path.join(link, "site")]) {
      expect(await refusal(out), out).toMatch(new RegExp(`: it is inside ${what}\\b.*, ${dir}\\. A build`));
    }
  });

  it("refuses the site's folder and any folder holding it or the cache", async () => {
    expect(await refusal(".")).toContain(`Refusing to write the site to ${root}: it is the site's folder.`);
    expect(await refusal(`${root}/content/..`)).toContain("it is the site's folder.");
    expect(await refusal(path.dirname(root))).toContain(`it holds the site's folder, ${root}.`);
    expect(await refusal(path.dirname(cacheDir))).toContain(`it holds the site's cache, ${cacheDir}.`);
  });

  it("refuses an output named .heirloom anywhere: the site before it would be kept inside it", async () => {
    const elsewhere = path.join(temp(), ".heirloom");
    expect(await refusal(elsewhere)).toContain("it is the .heirloom folder where the site before this one is kept.");
  });

  it("refuses the same folders to preview, saying it would serve them", async () => {
    expect(await refusal(".heirloom", { serving: true })).toMatch(
      /^Refusing to serve .*\.heirloom: it is the site's \.heirloom folder .*Preview serves every file of its folder/,
    );
    expect(await refusal("dist", { serving: true })).toBe("ok");
  });

  it("accepts a folder of its own inside the site or beside it, also through a link", async () => {
    symlinkSync(root, path.join(links, "site"));
    for (const out of ["dist", "public/site", "content-dist", path.join(links, "site", "dist"), path.join(temp(), "x")])
      expect(await refusal(out), out).toBe("ok");
  });
});
