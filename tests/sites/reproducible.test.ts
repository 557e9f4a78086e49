// Two builds of one commit publish the same bytes. The real CLI builds Heirloom (with photos, so the AVIF,
// WebP, JPEG and PNG encoders run, and a site URL, so the sitemap and canonical links appear) and the journal
// (with its Atom feed) in two clones of the committed HEAD: at different paths, one checked out with
// core.autocrlf, at different times (one clock moved 400 days on), in different time zones, locales and
// umasks, with the image cache cold, warm and cold again on one thread.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheDirFor } from "../../packages/heirloom/src/compile/cache.ts";

const cacheDir = cacheDirFor(".");
import { photo } from "../helpers/photo.ts";
import { repoRoot } from "../helpers/site.ts";

const isRepository = spawnSync("git", ["-C", repoRoot, "rev-parse", "HEAD"], { encoding: "utf8" });
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** Every file and folder under dir: its mode, and for a file the SHA-256 of its bytes. */
function tree(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(e.parentPath, e.name);
    const mode = (lstatSync(full).mode & 0o777).toString(8);
    entries[path.relative(dir, full)] = e.isDirectory() ? `${mode} folder` : `${mode} ${sha256(readFileSync(full))}`;
  }
  return entries;
}

function git(...args: string[]) {
  const result = spawnSync("git", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A clone of the committed HEAD at `dir`, sharing the repository's installed packages. */
function cloneAt(dir: string, ...config: string[]) {
  mkdirSync(path.dirname(dir), { recursive: true });
  git("clone", "--quiet", "--no-checkout", ...config.flatMap((c) => ["--config", c]), repoRoot, dir);
  git("-C", dir, "checkout", "--quiet", isRepository.stdout.trim());
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"));
}

/** Photos in place of two of Heirloom's drawings: new bytes on every run, so the image cache starts cold. */
async function addPhotos(clones: string[]) {
  const color = randomBytes(3).toString("hex");
  const jpeg = await photo(720, 450, color).jpeg({ quality: 92 }).toBuffer();
  const rgb = {
    r: parseInt(color.slice(0, 2), 16),
    g: parseInt(color.slice(2, 4), 16),
    b: parseInt(color.slice(4), 16),
  };
  const png = await sharp({ create: { width: 160, height: 160, channels: 4, background: { ...rgb, alpha: 0.5 } } })
    .png()
    .toBuffer();
  for (const root of clones) {
    writeFileSync(path.join(root, "content/images/hero-photo.jpg"), jpeg);
    writeFileSync(path.join(root, "content/images/portrait.png"), png);
    replaceIn(
      path.join(root, "content/pages/home.md"),
      "src: images/porch-conversation.svg",
      "src: images/hero-photo.jpg",
    );
    replaceIn(
      path.join(root, "content/testimonials/margaret.md"),
      "images/portrait-margaret.svg",
      "images/portrait.png",
    );
  }
}

function replaceIn(file: string, from: string, to: string) {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer holds ${from}`);
  writeFileSync(file, text.replace(from, to));
}

/** Cached encodings and renditions of the images under content/images, dropped so the next build redoes them. */
function forgetImages(root: string) {
  const hashes = readdirSync(path.join(root, "content/images")).map((name) =>
    sha256(readFileSync(path.join(root, "content/images", name))).slice(0, 10),
  );
  const dir = path.join(cacheDir, "images");
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (hashes.some((h) => name.includes(`${h}-`))) rmSync(path.join(dir, name), { force: true });
  }
}

interface Machine {
  TZ: string;
  LANG: string;
  umask: string;
  extra?: Record<string, string>;
}

/** `heirloom <args>` in a shell with the machine's time zone, locale and umask. */
function heirloom(cwd: string, machine: Machine, ...args: string[]): SpawnSyncReturns<string> {
  const result = spawnSync(
    "/bin/sh",
    ["-c", `umask ${machine.umask} && exec "$@"`, "sh", process.execPath, "packages/heirloom/bin/heirloom.js", ...args],
    {
      cwd,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH,
        NO_COLOR: "1",
        TZ: machine.TZ,
        LANG: machine.LANG,
        LC_ALL: machine.LANG,
        HEIRLOOM_SITE_URL: "https://heirloom.example",
        HEIRLOOM_WAITLIST_ENDPOINT: "https://script.example.com/macros/s/ID/exec",
        ...machine.extra,
      },
    },
  );
  if (result.status !== 0)
    throw new Error(`heirloom ${args.join(" ")} in ${cwd} exited ${result.status}:\n${result.stderr}`);
  return result;
}

const siteHashOf = (result: SpawnSyncReturns<string>) => /; site hash ([0-9a-f]{16})$/m.exec(result.stdout)?.[1];

/** The next wall-clock second: the native code (image encoders, esbuild) reads the real clock. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));

describe.skipIf(isRepository.status !== 0)("two builds of one commit", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-repro-"));
  const first = path.join(work, "a", "heirloom");
  const second = path.join(work, "b", "another copy", "of the site");
  const heirloomBuild = ["build", "--base", "/heirloom/", "--manifest", "../site-manifest.json"];
  const journalBuild = ["build", "--root", "examples/journal", "--site-url", "https://journal.example"];
  const trees: Record<string, Record<string, string>> = {};
  const hashes: Array<string | undefined> = [];

  beforeAll(async () => {
    cloneAt(first);
    cloneAt(second, "core.autocrlf=true");
    await addPhotos([first, second]);
    // Moves the JavaScript clock 400 days, 7 hours and 1.234 s on, for the second clone's builds.
    const shifted = path.join(work, "shifted-clock.cjs");
    writeFileSync(shifted, SHIFTED_CLOCK);

    const auckland: Machine = { TZ: "Pacific/Auckland", LANG: "de_DE.UTF-8", umask: "022" };
    hashes.push(siteHashOf(heirloom(first, auckland, ...heirloomBuild)));
    heirloom(first, auckland, ...journalBuild);
    trees.first = tree(path.join(first, "dist"));
    trees.firstJournal = tree(path.join(first, "examples/journal/dist"));

    await nextSecond();
    const losAngeles: Machine = {
      TZ: "America/Los_Angeles",
      LANG: "C",
      umask: "077",
      extra: { NODE_OPTIONS: `--require ${shifted}` },
    };
    hashes.push(siteHashOf(heirloom(second, losAngeles, ...heirloomBuild)));
    heirloom(second, losAngeles, ...journalBuild);
    trees.warm = tree(path.join(second, "dist"));
    trees.secondJournal = tree(path.join(second, "examples/journal/dist"));

    forgetImages(second);
    const oneThread: Machine = {
      TZ: "UTC",
      LANG: "ja_JP.UTF-8",
      umask: "002",
      extra: { VIPS_CONCURRENCY: "1", UV_THREADPOOL_SIZE: "1" },
    };
    hashes.push(siteHashOf(heirloom(second, oneThread, ...heirloomBuild)));
    trees.cold = tree(path.join(second, "dist"));
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("builds photos into every image format, with the sitemap, the feed and the manifest", () => {
    const files = Object.keys(trees.first);
    for (const ext of [".avif", ".webp", ".jpg", ".png", ".svg"])
      expect(
        files.some((f) => f.endsWith(ext)),
        ext,
      ).toBe(true);
    expect(files).toContain("sitemap.xml");
    expect(Object.keys(trees.firstJournal)).toContain(path.join("blog", "feed.xml"));
    expect(existsSync(path.join(first, "..", "site-manifest.json"))).toBe(true);
  });

  it(
    "publishes the same files with the same bytes and modes, " +
      "from another path, time, zone, locale and umask, with the image cache warm",
    () => {
      expect(trees.warm).toEqual(trees.first);
      expect(trees.secondJournal).toEqual(trees.firstJournal);
    },
  );

  it("publishes the same bytes with the image cache cold again, encoding on one thread", () => {
    expect(trees.cold).toEqual(trees.first);
  });

  it("writes files rw-r--r-- and folders rwxr-xr-x, whatever the umask", () => {
    const modes = new Set(Object.values(trees.cold).map((v) => v.replace(/ [0-9a-f]{64}$/, " file")));
    expect([...modes].sort()).toEqual(["644 file", "755 folder"]);
  });

  it(
    "prints one site hash for the three builds: " +
      "the start of the manifest's, which is the hash of the sha256sum listing",
    () => {
      expect(hashes[0]).toMatch(/^[0-9a-f]{16}$/);
      expect(hashes).toEqual([hashes[0], hashes[0], hashes[0]]);
      const manifest = JSON.parse(readFileSync(path.join(first, "..", "site-manifest.json"), "utf8"));
      expect(manifest.site.slice(0, 16)).toBe(hashes[0]);
      const listing = Object.entries(trees.first)
        .filter(([, v]) => !v.endsWith("folder"))
        .map(([p, v]) => [p.split(path.sep).join("/"), v.split(" ")[1]])
        .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
        .map(([p, hash]) => `${hash}  ${p}\n`)
        .join("");
      expect(manifest.site).toBe(sha256(listing));
    },
  );

  it("lets no path, user, machine name or today's date into the output", () => {
    const today = ["UTC", "Pacific/Auckland", "America/Los_Angeles"].map((timeZone) =>
      new Date().toLocaleDateString("en-CA", { timeZone }),
    );
    const leaks = [work, repoRoot.replace(/\/$/, ""), os.homedir(), os.hostname(), os.userInfo().username, ...today];
    // A word the site's own sources already hold (the user "root" and CSS's :root) is no leak.
    const suspects = [...new Set(leaks)].filter(
      (s) => s.length >= 4 && spawnSync("git", ["-C", first, "grep", "-q", "-F", s]).status !== 0,
    );
    for (const dist of [path.join(first, "dist"), path.join(first, "examples/journal/dist")]) {
      for (const file of Object.keys(tree(dist))) {
        if (!/\.(html|xml|txt|json|css|js|svg)$|_headers$/.test(file)) continue;
        const text = readFileSync(path.join(dist, file), "utf8");
        for (const s of suspects) expect(text.includes(s), `${file} holds ${s}`).toBe(false);
      }
    }
  });
});

const SHIFTED_CLOCK = `
const RealDate = Date;
const shift = (400 * 24 + 7) * 3600 * 1000 + 1234;
function ShiftedDate(...args) {
  if (!new.target) return new RealDate(RealDate.now() + shift).toString();
  return args.length ? new RealDate(...args) : new RealDate(RealDate.now() + shift);
}
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = () => RealDate.now() + shift;
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;
globalThis.Date = ShiftedDate;
`;
