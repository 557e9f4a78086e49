// Image files that are not what they claim: cut short, of another format than their extension, or a GIF header
// with no picture behind it. Each is a located ImageReadError that names the file and the entry that shows it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { failures } from "../../helpers/errors.ts";
import { photo } from "../../helpers/photo.ts";
import { buildProject, editFile, makeFixture } from "../../helpers/site.ts";

/** The fixture with the first note showing `images/<name>`, which holds `bytes`. */
function withPicture(name: string, bytes: Uint8Array): string {
  const root = makeFixture();
  writeFileSync(path.join(root, "content", "images", name), bytes);
  editFile(root, "content/notes/first.md", "featured: true", `featured: true\npicture: images/${name}`);
  return root;
}

/** Noise, which no encoder can make small: half of its file is far from its whole picture. */
const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width, height, channels: 3 },
  });

const HINT =
  "open the image in an editor and export it again (a file cut short by a copy or download is the usual cause) " +
  "as PNG, JPEG, WebP or AVIF, or replace it with an SVG.";
const CUT_SHORT = "its data ends before the image does (the file is cut short)";

async function theError(root: string) {
  const errors = await failures(root);
  expect(errors).toHaveLength(1);
  const [{ code, message, location, hint }] = errors;
  return { code, message, location, hint };
}

describe("an image cut short", () => {
  it.each([
    ["cut.png", () => noise(300, 200).png().toBuffer()],
    ["cut.gif", () => noise(300, 200).gif().toBuffer()],
    ["cut.jpg", () => photo(1200, 800, "a9bf98").jpeg({ quality: 90 }).toBuffer()],
  ])("%s: an ImageReadError at the file, naming the entry that shows it", async (name, make) => {
    const whole = await make();
    const file = `content/images/${name}`;
    expect(await theError(withPicture(name, whole.subarray(0, whole.length / 2)))).toEqual({
      code: "ImageReadError",
      message: `Could not read the image ${file}: ${CUT_SHORT}. It is named by content/notes/first.md.`,
      location: { file },
      hint: HINT,
    });
  });

  it("a GIF of its 13-byte header alone (65535×65535) is refused, not published as a giant", async () => {
    const header = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([0xff, 0xff, 0xff, 0xff, 0xf7, 0, 0])]);
    expect(header).toHaveLength(13);
    const error = await theError(withPicture("giant.gif", header));
    expect([error.code, error.location, error.message]).toEqual([
      "ImageReadError",
      { file: "content/images/giant.gif" },
      `Could not read the image content/images/giant.gif: ${CUT_SHORT}. It is named by content/notes/first.md.`,
    ]);
  });

  it("a whole GIF is still published as it is, at its size", async () => {
    const gif = await noise(30, 20).gif().toBuffer();
    const built = await buildProject(withPicture("small.gif", gif));
    const html = readFileSync(path.join(built.outDir, "notes/first.html"), "utf8");
    const [, src, width, height] =
      /src="\/(assets\/images\/small-[0-9a-f]{10}\.gif)"[^>]*width="(\d+)" height="(\d+)"/.exec(html)!;
    expect([width, height]).toEqual(["30", "20"]);
    expect(readFileSync(path.join(built.outDir, src))).toEqual(gif);
  });
});

describe("an image whose bytes are of another format than its name", () => {
  it.each([
    ["drawn.jpg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "SVG text"],
    ["photo.png", () => photo(40, 30, "a9bf98").jpeg().toBuffer(), "JPEG"],
    ["anim.gif", () => noise(30, 20).png().toBuffer(), "PNG"],
    ["art.svg", () => noise(30, 20).webp().toBuffer(), "WebP"],
  ])("%s holding %s is refused, naming what its bytes are", async (name, bytes, format) => {
    const contents = typeof bytes === "function" ? await bytes() : bytes;
    const file = `content/images/${name}`;
    const extension = name.split(".").pop();
    expect(await theError(withPicture(name, contents))).toEqual({
      code: "ImageReadError",
      message:
        `${file} is named as a .${extension} image, but its bytes are ${format}. ` +
        "It is named by content/notes/first.md.",
      location: { file },
      hint:
        "give the file the extension of its format, or export it again in the format its name says; the build " +
        "publishes an image only as what it is.",
    });
  });
});
