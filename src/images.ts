// Images: content images get content-hashed names in dist/ and their intrinsic width and height.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BuiltImage } from "../templates/types.ts";
import type { OutputFile } from "./bundle.ts";
import { HeirloomError } from "./errors.ts";

export interface ImageIndex {
  /** Resolves "images/porch.svg" and records it as used. */
  get(src: string): BuiltImage;
  /** The files of every image that get() was asked for. */
  usedFiles(): OutputFile[];
}

/** Reads and hashes the images under content/; `urlPrefix` is the base path. */
export async function indexImages(contentDir: string, images: string[], urlPrefix: string): Promise<ImageIndex> {
  const entries = await Promise.all(
    images.map(async (src) => {
      const contents = await readFile(path.join(contentDir, src));
      const { name, ext } = path.parse(src);
      const hash = createHash("sha256").update(contents).digest("hex").slice(0, 10);
      const out = `assets/images/${name}-${hash}${ext.toLowerCase()}`;
      const size = imageSize(contents, ext.toLowerCase(), `content/${src}`);
      return [src, { out, contents, image: { url: urlPrefix + out, ...size } }] as const;
    }),
  );
  const all = new Map(entries);
  const used = new Set<string>();
  return {
    get(src) {
      const entry = all.get(src);
      if (!entry) {
        throw new HeirloomError("ImageNotFoundError", `A template asked for the image "${src}", which is not under content/images/.`, {
          hint: "add the file or correct the path in the content file that names it.",
        });
      }
      used.add(src);
      return entry.image;
    },
    usedFiles: () => [...used].map((src) => ({ path: all.get(src)!.out, contents: all.get(src)!.contents })),
  };
}

/** Intrinsic size of an SVG (width/height or viewBox) or a PNG (IHDR). */
export function imageSize(contents: Uint8Array, ext: string, file: string): { width: number; height: number } {
  if (ext === ".svg") {
    const root = /<svg\b[^>]*>/i.exec(Buffer.from(contents).toString("utf8"))?.[0] ?? "";
    const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(root)?.[1]);
    const viewBox = /viewBox="[\d.\-]+[\s,]+[\d.\-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
    const width = attr("width") || Number(viewBox?.[1]);
    const height = attr("height") || Number(viewBox?.[2]);
    if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  } else if (ext === ".png" && contents.length > 24) {
    const view = new DataView(contents.buffer, contents.byteOffset, contents.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  throw new HeirloomError("ContentSchemaError", `Could not read the width and height of ${file}.`, {
    location: { file },
    hint: "use an SVG whose <svg> element has width and height (or a viewBox), or a PNG.",
  });
}
