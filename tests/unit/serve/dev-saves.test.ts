// `heirloom dev` sees every kind of save: in place, a file renamed over another (editors' safe writes,
// sed -i, mv), git checkout of a file, a folder created after start, a file deleted and made again, a
// folder moved out and back, and after each of them the next in-place save of the same file too.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevEvent, type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { watchFiles } from "../../../packages/heirloom/src/serve/dev/watch.ts";
import { makeFixture, ownTemplates } from "../../helpers/site.ts";

let root: string;
let dev: DevServer;
const events: DevEvent[] = [];

const page = async (pathname: string) => {
  const response = await fetch(new URL(pathname, dev.url));
  return `${response.status} ${await response.text()}`;
};
/** Waits until the page at `pathname` shows `text` (a rebuild after the save), within 10 s. */
const served = (pathname: string, text: string) =>
  expect.poll(() => page(pathname), { timeout: 10_000, interval: 25 }).toContain(text);
const file = (relative: string) => path.join(root, relative);
const note = (title: string, price: number) =>
  `---\norder: 9\ntitle: ${title}\nprice: ${price}\ntags:\n  - t\nfeatured: false\n---\nA note.\n`;
/** A save by writing the new text to a temporary file in the same folder and renaming it over the old one. */
const renameOver = (relative: string, text: string) => {
  const temporary = `${file(relative)}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file(relative));
};
const editInPlace = (relative: string, from: string, to: string) =>
  writeFileSync(file(relative), readFileSync(file(relative), "utf8").replace(from, to));
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: root, stdio: "pipe" });

beforeAll(async () => {
  root = makeFixture();
  ownTemplates(root);
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "fixture");
  dev = await startDev({ root, env: {}, port: 0, onEvent: (e) => events.push(e) });
});
afterAll(() => dev?.close());

describe("heirloom dev sees every kind of save", () => {
  it("a save in place", async () => {
    editInPlace("content/notes/second.md", "price: 7", "price: 71");
    await served("/notes/second", '<p data-price="true">71</p>');
  });

  it("a file renamed over the old one, and the next save in place", async () => {
    renameOver(
      "content/notes/second.md",
      readFileSync(file("content/notes/second.md"), "utf8").replace("price: 71", "price: 72"),
    );
    await served("/notes/second", '<p data-price="true">72</p>');
    renameOver(
      "content/notes/second.md",
      readFileSync(file("content/notes/second.md"), "utf8").replace("price: 72", "price: 73"),
    );
    await served("/notes/second", '<p data-price="true">73</p>');
    editInPlace("content/notes/second.md", "price: 73", "price: 74");
    await served("/notes/second", '<p data-price="true">74</p>');
  });

  it("a template renamed over the old one, and the next save in place", async () => {
    const pages = "templates/Pages.tsx";
    renameOver(
      pages,
      readFileSync(file(pages), "utf8").replace(
        "<p data-price>{page.price}</p>",
        "<p data-price>{page.price} (renamed)</p>",
      ),
    );
    await served("/notes/second", "74 (renamed)</p>");
    editInPlace(pages, "(renamed)", "(edited)");
    await served("/notes/second", "74 (edited)</p>");
  });

  it("git checkout of a file, and the next save in place", async () => {
    git("checkout", "--", "content/notes/second.md");
    await served("/notes/second", '<p data-price="true">7 (edited)</p>');
    editInPlace("content/notes/second.md", "price: 7", "price: 75");
    await served("/notes/second", '<p data-price="true">75 (edited)</p>');
  });

  it("a folder created after start, with a note in it, and the next save in place", async () => {
    mkdirSync(file("content/notes/later"));
    writeFileSync(file("content/notes/later/fresh.md"), note("Fresh", 5));
    await served("/notes/later/fresh", "<h1>Fresh</h1>");
    editInPlace("content/notes/later/fresh.md", "title: Fresh", "title: Fresher");
    await served("/notes/later/fresh", "<h1>Fresher</h1>");
  });

  it("a file deleted and made again, and the next save in place", async () => {
    rmSync(file("content/notes/later/fresh.md"));
    await served("/notes/later/fresh", "404 ");
    writeFileSync(file("content/notes/later/fresh.md"), note("Again", 6));
    await served("/notes/later/fresh", "<h1>Again</h1>");
    editInPlace("content/notes/later/fresh.md", "title: Again", "title: Once more");
    await served("/notes/later/fresh", "<h1>Once more</h1>");
  });

  it("a folder moved out of content/, and moved back", async () => {
    const away = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-away-")), "later");
    renameSync(file("content/notes/later"), away);
    await served("/notes/later/fresh", "404 ");
    renameSync(away, file("content/notes/later"));
    await served("/notes/later/fresh", "<h1>Once more</h1>");
  });

  it("site.config.ts renamed over the old one, and the next save in place", async () => {
    renameOver(
      "site.config.ts",
      readFileSync(file("site.config.ts"), "utf8").replace('template: "note"', 'template: "prose"'),
    );
    await expect
      .poll(async () => (await page("/notes/second")).includes("data-price"), { timeout: 10_000, interval: 25 })
      .toBe(false);
    editInPlace("site.config.ts", 'template: "prose"', 'template: "note"');
    await served("/notes/second", "data-price");
    expect(
      events.every((e) => e.type !== "failed"),
      events.map((e) => e.message ?? "").join("\n"),
    ).toBe(true);
  });

  it("content/ deleted and made again (not moved back), its folders made one by one, and the next saves", async () => {
    const copy = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-copy-")), "content");
    cpSync(file("content"), copy, { recursive: true });
    const failures = () => events.filter((e) => e.type === "failed").length;
    const before = failures();
    rmSync(file("content"), { recursive: true });
    // The server says content/ is missing, and stays up.
    await expect.poll(failures, { timeout: 10_000, interval: 25 }).toBeGreaterThan(before);
    mkdirSync(file("content"));
    await new Promise((resolve) => setTimeout(resolve, 200)); // the made folder's own burst, apart from the next
    for (const name of readdirSync(copy)) cpSync(path.join(copy, name), file(`content/${name}`), { recursive: true });
    await served("/about/team", "<h1>Team</h1>");
    const second = file("content/notes/second.md");
    writeFileSync(second, readFileSync(second, "utf8").replace(/price: \d+/, "price: 91"));
    await served("/notes/second", '<p data-price="true">91');
    editInPlace("content/pages/about/team.md", "title: Team", "title: The team");
    await served("/about/team", "<h1>The team</h1>");
  });
});

describe("the watcher's first scan", () => {
  it(
    "reports a file modified since the given time " + "(saved before the scan reached its folder), and no other",
    async () => {
      const folder = mkdtempSync(path.join(os.tmpdir(), "heirloom-scan-"));
      mkdirSync(path.join(folder, "deep", "er"), { recursive: true });
      for (const name of ["old.md", "deep/old.md", "deep/er/saved.md"]) writeFileSync(path.join(folder, name), "x");
      const hourAgo = new Date(Date.now() - 3_600_000);
      for (const name of ["old.md", "deep/old.md"]) utimesSync(path.join(folder, name), hourAgo, hourAgo);
      const reported: string[][] = [];
      const watcher = watchFiles([folder], (files) => reported.push(files), { changedSince: Date.now() - 60_000 });
      await watcher.ready;
      try {
        await expect
          .poll(() => reported.flat(), { timeout: 5_000, interval: 10 })
          .toEqual([path.join(folder, "deep", "er", "saved.md")]);
        // And later saves as usual.
        writeFileSync(path.join(folder, "old.md"), "y");
        await expect
          .poll(() => reported.flat(), { timeout: 5_000, interval: 10 })
          .toContain(path.join(folder, "old.md"));
        expect(reported.flat()).not.toContain(path.join(folder, "deep", "old.md"));
      } finally {
        await watcher.close();
      }
    },
  );
});

describe("the watcher's folders", () => {
  it("names a folder moved in, with the files it holds, and a folder moved out", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "heirloom-folders-"));
    const outside = mkdtempSync(path.join(os.tmpdir(), "heirloom-outside-"));
    mkdirSync(path.join(outside, "trip", "day"), { recursive: true });
    writeFileSync(path.join(outside, "trip", "day", "one.md"), "x");
    writeFileSync(path.join(folder, ".note.md.swp"), "x");
    const reported: string[][] = [];
    const watcher = watchFiles([folder], (files) => reported.push(files));
    await watcher.ready;
    try {
      renameSync(path.join(outside, "trip"), path.join(folder, "trip"));
      const moved = path.join(folder, "trip");
      await expect
        .poll(() => reported.flat(), { timeout: 5_000, interval: 10 })
        .toEqual(expect.arrayContaining([moved, path.join(moved, "day", "one.md")]));
      // Watched from then on, at any depth.
      writeFileSync(path.join(moved, "day", "two.md"), "y");
      await expect
        .poll(() => reported.flat(), { timeout: 5_000, interval: 10 })
        .toContain(path.join(moved, "day", "two.md"));
      reported.length = 0;
      renameSync(moved, path.join(outside, "trip"));
      await expect.poll(() => reported.flat(), { timeout: 5_000, interval: 10 }).toEqual([moved]);
      // Dot-files are never reported.
      writeFileSync(path.join(folder, ".note.md.swp"), "y");
      writeFileSync(path.join(folder, "last.md"), "z");
      await expect
        .poll(() => reported.flat(), { timeout: 5_000, interval: 10 })
        .toContain(path.join(folder, "last.md"));
      expect(reported.flat()).not.toContain(path.join(folder, ".note.md.swp"));
    } finally {
      await watcher.close();
    }
  });
});
