// Responsive images: raster sources become AVIF, WebP and a fallback in several widths, cached between builds.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../src/build.ts";
import { cacheDir } from "../src/assets/cache.ts";
import { errorsOf } from "../src/errors.ts";
import { buildProject, makeProject } from "./helpers/site.ts";

let root: string;
let first: BuildResult;

/** A 1600x1000 "photo": a gradient with shapes, so the encoders have real work to do. */
async function photo(width: number, height: number, seed: string): Promise<sharp.Sharp> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4e6d4"/><stop offset="1" stop-color="#${seed}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="30%" cy="40%" r="20%" fill="#7a3e1d"/><rect x="55%" y="20%" width="30%" height="55%" fill="#6f8f73"/></svg>`;
  return sharp(Buffer.from(svg));
}

const hero = (result: BuildResult) => parse(readFileSync(path.join(result.outDir, "home/index.html"), "utf8")).querySelector(".hero-image")!;

beforeAll(async () => {
  root = makeProject();
  await (await photo(1600, 1000, "a9bf98")).jpeg({ quality: 92 }).toFile(path.join(root, "content/images/hero-photo.jpg"));
  const home = path.join(root, "content/pages/home.md");
  writeFileSync(home, readFileSync(home, "utf8").replace("src: images/porch-conversation.svg", "src: images/hero-photo.jpg"));
  first = await buildProject(root);
});

describe("a raster image", () => {
  it("is rendered as <picture> with AVIF and WebP sources and a JPEG fallback in 480, 960 and 1440 px", () => {
    const img = hero(first);
    const picture = img.parentNode!;
    expect(picture.tagName).toBe("PICTURE");
    const sources = picture.querySelectorAll("source").map((s) => [s.getAttribute("type"), s.getAttribute("srcset")]);
    expect(sources.map(([type]) => type)).toEqual(["image/avif", "image/webp"]);
    for (const [type, srcset] of sources) {
      const ext = type === "image/avif" ? "avif" : "webp";
      expect(srcset).toMatch(new RegExp(`^/assets/images/hero-photo-[0-9a-f]{10}-480\\.${ext} 480w, \\S+-960\\.${ext} 960w, \\S+-1440\\.${ext} 1440w$`));
    }
    expect(img.getAttribute("src")).toMatch(/^\/assets\/images\/hero-photo-[0-9a-f]{10}-1440\.jpg$/);
    expect(img.getAttribute("srcset")).toMatch(/-480\.jpg 480w, \S+-960\.jpg 960w, \S+-1440\.jpg 1440w$/);
    expect(img.getAttribute("sizes")).toBe("(min-width: 60rem) 36rem, 100vw");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1440", "900"]);
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.hasAttribute("loading")).toBe(false);
  });

  it("writes every variant in its format and size, the modern ones smaller than the fallback", async () => {
    const img = hero(first);
    const urls = img.parentNode!.querySelectorAll("source, img").flatMap((el) => el.getAttribute("srcset")!.split(", ").map((c) => c.split(" ")[0]));
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
    const hash = /hero-photo-([0-9a-f]{10})-/.exec(hero(first).getAttribute("src")!)![1];
    const dir = path.join(cacheDir, "images");
    const entries = () => readdirSync(dir).filter((f) => f.startsWith(hash)).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]);
    const before = entries();
    expect(before).toHaveLength(10); // nine variants and the manifest
    const second = await buildProject(root);
    expect(entries()).toEqual(before);
    const src = hero(second).getAttribute("src")!;
    expect(readFileSync(path.join(second.outDir, src))).toEqual(readFileSync(path.join(first.outDir, src)));
  });

  it("keeps a small PNG with transparency at its own width, with a PNG fallback", async () => {
    const project = makeProject();
    await sharp({ create: { width: 160, height: 160, channels: 4, background: { r: 122, g: 62, b: 29, alpha: 0.5 } } })
      .png()
      .toFile(path.join(project, "content/images/portrait-photo.png"));
    const file = path.join(project, "content/testimonials/margaret.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("images/portrait-margaret.svg", "images/portrait-photo.png"));
    const built = await buildProject(project);
    const img = parse(readFileSync(path.join(built.outDir, "home/index.html"), "utf8")).querySelector(".portrait")!;
    expect(img.getAttribute("src")).toMatch(/portrait-photo-[0-9a-f]{10}-160\.png$/);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.parentNode!.querySelectorAll("source").map((s) => s.getAttribute("srcset"))).toEqual([
      expect.stringMatching(/-160\.avif 160w$/),
      expect.stringMatching(/-160\.webp 160w$/),
    ]);
  });

  it("fails the build with the file named when it cannot be read", async () => {
    const project = makeProject();
    writeFileSync(path.join(project, "content/images/broken.png"), "not an image at all");
    const error = await buildProject(project).then(() => undefined, (e: unknown) => e);
    const [first] = errorsOf(error);
    expect(first.code).toBe("ImageReadError");
    expect(first.location?.file).toBe("content/images/broken.png");
    expect(first.message).toMatch(/^Could not read the image content\/images\/broken\.png: /);
  });
});

describe("vector artwork", () => {
  it("stays SVG, copied once under a hashed name with its intrinsic size", () => {
    const img = parse(readFileSync(path.join(first.outDir, "index.html"), "utf8")).querySelector(".photo-1")!;
    expect(img.parentNode!.tagName).not.toBe("PICTURE");
    expect(img.getAttribute("src")).toMatch(/^\/assets\/images\/porch-conversation-[0-9a-f]{10}\.svg$/);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["640", "480"]);
    expect(img.hasAttribute("srcset")).toBe(false);
  });
});
