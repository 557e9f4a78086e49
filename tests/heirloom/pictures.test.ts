// Heirloom's Picture component with photos: sizes, priority and lazy loading as each place needs them;
// images are published only in the forms the templates use.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildProject, makeProject } from "../helpers/site.ts";
import { photo } from "../helpers/photo.ts";

const replaceIn = (root: string, file: string, from: string, to: string) => {
  const full = path.join(root, file);
  writeFileSync(full, readFileSync(full, "utf8").replace(from, to));
};

describe("photos on Heirloom's pages", () => {
  it("the /home hero loads first at its shown size; a testimonial portrait loads lazily", async () => {
    const root = makeProject();
    await photo(1600, 1000, "a9bf98").jpeg({ quality: 92 }).toFile(path.join(root, "content/images/hero-photo.jpg"));
    await sharp({ create: { width: 160, height: 160, channels: 4, background: { r: 122, g: 62, b: 29, alpha: 0.5 } } })
      .png()
      .toFile(path.join(root, "content/images/portrait.png"));
    replaceIn(root, "content/pages/home.md", "src: images/porch-conversation.svg", "src: images/hero-photo.jpg");
    replaceIn(root, "content/testimonials/margaret.md", "images/portrait-margaret.svg", "images/portrait.png");
    const built = await buildProject(root);
    const home = parse(readFileSync(path.join(built.outDir, "home.html"), "utf8"));
    const hero = home.querySelector(".hero-image")!;
    expect(hero.parentNode!.tagName).toBe("PICTURE");
    expect(hero.getAttribute("sizes")).toBe("(min-width: 60rem) 36rem, 100vw");
    expect(hero.getAttribute("fetchpriority")).toBe("high");
    expect(hero.hasAttribute("loading")).toBe(false);
    const portrait = home.querySelector(".portrait")!;
    expect(portrait.getAttribute("src")).toMatch(/portrait-[0-9a-f]{10}-160\.png$/);
    expect(portrait.getAttribute("loading")).toBe("lazy");
  });

  it("publishes the social card as its 1200x630 PNG only, and the favicon as SVG and 180 px PNG", async () => {
    const built = await buildProject(makeProject(), { siteUrl: "https://heirloom.example" });
    const images = readdirSync(path.join(built.outDir, "assets/images"));
    expect(images.filter((f) => f.startsWith("social-card-"))).toEqual([
      expect.stringMatching(/^social-card-[0-9a-f]{10}-1200x630\.png$/),
    ]);
    expect(images.filter((f) => f.startsWith("favicon-")).sort()).toEqual([
      expect.stringMatching(/^favicon-[0-9a-f]{10}-180x180\.png$/),
      expect.stringMatching(/^favicon-[0-9a-f]{10}\.svg$/),
    ]);
  });
});
