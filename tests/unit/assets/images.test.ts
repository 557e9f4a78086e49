// Images named by image() fields: raster sources become AVIF, WebP and a fallback in several widths, vector
// images are copied as they are, renditions are drawn at their size; all cached between builds.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../../packages/heirloom/src/pipeline/build.ts";
import { renditionCacheName } from "../../../packages/heirloom/src/assets/encode.ts";
import { cacheDirFor } from "../../../packages/heirloom/src/compile/cache.ts";

const cacheDir = cacheDirFor(".");
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { photo } from "../../helpers/photo.ts";
import { buildProject, makeFixture } from "../../helpers/site.ts";

/** The fixture with the first note showing `picture`. */
function withPicture(picture: string): string {
  const root = makeFixture();
  const note = path.join(root, "content/notes/first.md");
  writeFileSync(note, readFileSync(note, "utf8").replace("featured: true", `featured: true\npicture: ${picture}`));
  return root;
}
const picture = (result: BuildResult) =>
  parse(readFileSync(path.join(result.outDir, "notes/first.html"), "utf8")).querySelector("img.picture")!;

let root: string;
let first: BuildResult;
beforeAll(async () => {
  root = withPicture("images/hero photo.jpg");
  await photo(1600, 1000, "a9bf98").jpeg({ quality: 92 }).toFile(path.join(root, "content/images/hero photo.jpg"));
  first = await buildProject(root);
});

describe("a raster image", () => {
  it("becomes AVIF and WebP sources and a JPEG fallback in 480, 960 and 1440 px, under a URL-safe name", () => {
    const img = picture(first);
    const sources = img
      .parentNode!.querySelectorAll("source")
      .map((s) => [s.getAttribute("type"), s.getAttribute("srcset")]);
    expect(sources.map(([type]) => type)).toEqual(["image/avif", "image/webp"]);
    for (const [type, srcset] of sources) {
      const ext = type === "image/avif" ? "avif" : "webp";
      expect(srcset).toMatch(
        new RegExp(
          `^/assets/images/hero-photo-[0-9a-f]{10}-480\\.${ext} 480w, ` +
            `\\S+-960\\.${ext} 960w, \\S+-1440\\.${ext} 1440w$`,
        ),
      );
    }
    expect(img.getAttribute("src")).toMatch(/^\/assets\/images\/hero-photo-[0-9a-f]{10}-1440\.jpg$/);
    expect(img.getAttribute("srcset")).toMatch(/-480\.jpg 480w, \S+-960\.jpg 960w, \S+-1440\.jpg 1440w$/);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1440", "900"]);
  });

  it("writes every variant in its format and size, the modern ones smaller than the fallback", async () => {
    const img = picture(first);
    const urls = img.parentNode!.querySelectorAll("source, img").flatMap((el) =>
      el
        .getAttribute("srcset")!
        .split(", ")
        .map((c) => c.split(" ")[0]),
    );
    expect(urls).toHaveLength(9);
    const bytes: Record<string, number> = {};
    for (const url of urls) {
      const file = readFileSync(path.join(first.outDir, url));
      const meta = await sharp(file).metadata();
      const width = Number(/-(\d+)\.\w+$/.exec(url)![1]);
      expect([meta.width, meta.height], url).toEqual([width, (width * 1000) / 1600]);
      expect(meta.format).toBe({ avif: "heif", webp: "webp", jpg: "jpeg" }[url.split(".").pop()!]);
      bytes[url.replace(/^.*-(\d+)\./, "$1.")] = file.length;
    }
    expect(bytes["960.avif"]).toBeLessThan(bytes["960.jpg"]);
    expect(bytes["960.webp"]).toBeLessThan(bytes["960.jpg"]);
  });

  it("is taken from the cache on the next build: same files, nothing re-encoded", async () => {
    const hash = /hero-photo-([0-9a-f]{10})-/.exec(picture(first).getAttribute("src")!)![1];
    const dir = path.join(cacheDir, "images");
    const entries = () =>
      readdirSync(dir)
        .filter((f) => f.startsWith(hash))
        .map((f) => [f, statSync(path.join(dir, f)).ino]); // a re-encoded file is a new file (written and renamed)
    const before = entries();
    expect(before).toHaveLength(10); // nine variants and the manifest
    const second = await buildProject(root);
    expect(entries()).toEqual(before);
    const src = picture(second).getAttribute("src")!;
    expect(readFileSync(path.join(second.outDir, src))).toEqual(readFileSync(path.join(first.outDir, src)));
  });

  it("keeps a small PNG with transparency at its own width, with a PNG fallback", async () => {
    const project = withPicture("images/dot.png");
    await sharp({ create: { width: 160, height: 160, channels: 4, background: { r: 122, g: 62, b: 29, alpha: 0.5 } } })
      .png()
      .toFile(path.join(project, "content/images/dot.png"));
    const img = picture(await buildProject(project));
    expect(img.getAttribute("src")).toMatch(/dot-[0-9a-f]{10}-160\.png$/);
    expect(img.parentNode!.querySelectorAll("source").map((s) => s.getAttribute("srcset"))).toEqual([
      expect.stringMatching(/-160\.avif 160w$/),
      expect.stringMatching(/-160\.webp 160w$/),
    ]);
  });

  it("fails the build with the file named when a used image cannot be read; an unused one is left alone", async () => {
    const unused = makeFixture();
    writeFileSync(path.join(unused, "content/images/broken.png"), "not an image at all");
    await expect(buildProject(unused)).resolves.toBeDefined();

    const project = withPicture("images/broken.png");
    writeFileSync(path.join(project, "content/images/broken.png"), "not an image at all");
    const [error] = errorsOf(
      await buildProject(project).then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    expect(error.code).toBe("ImageReadError");
    expect(error.location?.file).toBe("content/images/broken.png");
    expect(error.message).toMatch(/^Could not read the image content\/images\/broken\.png: /);
  });
});

describe("the cache of PNG renditions", () => {
  it("keys each rendition by the source, its size, and how it is drawn (density and fit)", () => {
    const names = new Set([
      renditionCacheName("abc", 180, 180),
      renditionCacheName("abd", 180, 180),
      renditionCacheName("abc", 180, 190),
      renditionCacheName("abc", 180, 180, { density: 144, fit: "cover" }),
      renditionCacheName("abc", 180, 180, { density: 288, fit: "contain" }),
    ]);
    expect(names.size).toBe(5);
    expect(renditionCacheName("abc", 180, 180)).toBe(
      renditionCacheName("abc", 180, 180, { density: 288, fit: "cover" }),
    );
  });
});

describe("vector artwork", () => {
  it("stays SVG, copied once under a hashed name with its intrinsic size", () => {
    const img = parse(readFileSync(path.join(first.outDir, "index.html"), "utf8")).querySelector("nav img")!;
    expect(img.getAttribute("src")).toMatch(/^\/assets\/images\/logo-[0-9a-f]{10}\.svg$/);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["40", "20"]);
  });
});
