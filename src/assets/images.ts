// Images: content images get content-hashed names in dist/ and their intrinsic width and height.
// Raster images (PNG, JPEG, WebP, AVIF) become AVIF and WebP in a few widths plus a fallback in their own
// format; vector images (SVG) are copied as they are, being smaller than any raster of them.
// Processed files are cached under node_modules/.cache/heirloom/images, keyed by content and settings,
// so a rebuild with unchanged images never loads the image library.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuiltImage } from "../../templates/types.ts";
import type { OutputFile } from "./bundle.ts";
import { cacheDir } from "./cache.ts";
import { HeirloomError } from "../errors.ts";

/** Widths of the responsive variants; each image also gets its own width when smaller than the largest. */
export const RESPONSIVE_WIDTHS = [480, 960, 1440] as const;
type Format = "avif" | "webp" | "jpeg" | "png";
const MIME: Record<Format, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };
const EXTENSION: Record<Format, string> = { avif: ".avif", webp: ".webp", jpeg: ".jpg", png: ".png" };
/** Encoder settings; part of the cache key, so changing them re-encodes every image. */
const ENCODERS = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 78, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
} as const;
const SETTINGS = createHash("sha256").update(JSON.stringify({ ENCODERS, RESPONSIVE_WIDTHS, v: 1 })).digest("hex").slice(0, 8);
const RASTER = new Set([".png", ".jpg", ".jpeg", ".webp", ".avif"]);

export interface ImageIndex {
  /** Resolves "images/porch.svg" and records it as used. */
  get(src: string): BuiltImage;
  /** The files of every image that get() or png() was asked for. */
  usedFiles(): OutputFile[];
  /** A PNG of an image at an exact size (touch icon, social card), covering the box; recorded as used. */
  png(src: string, width: number, height: number): Promise<BuiltImage>;
}

interface Variant {
  format: Format;
  width: number;
  height: number;
  out: string;
  contents: Buffer;
}

interface Entry {
  image: BuiltImage;
  files: OutputFile[];
}

/** Reads, hashes and (for raster images) processes the images under content/; `urlPrefix` is the base path. */
export async function indexImages(contentDir: string, images: string[], urlPrefix: string): Promise<ImageIndex> {
  const sources = new Map(
    await Promise.all(
      images.map(async (src) => {
        const contents = await readFile(path.join(contentDir, src));
        return [src, { contents, hash: createHash("sha256").update(contents).digest("hex").slice(0, 10) }] as const;
      }),
    ),
  );
  const entries = new Map<string, Entry>();
  await Promise.all(
    [...sources].map(async ([src, { contents, hash }]) => {
      const { name, ext } = path.parse(src);
      const extension = ext.toLowerCase();
      if (!RASTER.has(extension)) {
        const out = `assets/images/${name}-${hash}${extension}`;
        const size = imageSize(contents, extension, `content/${src}`);
        entries.set(src, { image: { url: urlPrefix + out, ...size, sources: [] }, files: [{ path: out, contents }] });
        return;
      }
      const variants = await responsiveVariants(contents, hash, `assets/images/${name}-${hash}`, `content/${src}`);
      entries.set(src, toEntry(variants, urlPrefix));
    }),
  );
  const used = new Map<string, OutputFile[]>();
  const lookup = (src: string) => {
    const entry = entries.get(src);
    if (!entry) {
      throw new HeirloomError("ImageNotFoundError", `A template asked for the image "${src}", which is not under content/images/.`, {
        hint: "add the file or correct the path in the content file that names it.",
      });
    }
    return entry;
  };
  return {
    get(src) {
      const entry = lookup(src);
      used.set(src, entry.files);
      return entry.image;
    },
    usedFiles: () => [...used.values()].flat(),
    async png(src, width, height) {
      const source = sources.get(src);
      if (!source) lookup(src);
      const { name } = path.parse(src);
      const out = `assets/images/${name}-${source!.hash}-${width}x${height}.png`;
      const contents = await cached(`${source!.hash}-${width}x${height}.png`, async (sharp) =>
        sharp(source!.contents, { density: 288 }).resize(width, height, { fit: "cover" }).png(ENCODERS.png).toBuffer(),
      );
      used.set(`${src}@${width}x${height}`, [{ path: out, contents }]);
      return { url: urlPrefix + out, width, height, sources: [] };
    },
  };
}

function toEntry(variants: Variant[], urlPrefix: string): Entry {
  const srcset = (format: Format) =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `${urlPrefix}${v.out} ${v.width}w`)
      .join(", ");
  const fallbacks = variants.filter((v) => v.format !== "avif" && v.format !== "webp");
  const largest = fallbacks[fallbacks.length - 1];
  return {
    image: {
      url: urlPrefix + largest.out,
      width: largest.width,
      height: largest.height,
      srcset: srcset(largest.format),
      sources: (["avif", "webp"] as const).map((format) => ({ type: MIME[format], srcset: srcset(format) })),
    },
    files: variants.map((v) => ({ path: v.out, contents: v.contents })),
  };
}

/** AVIF, WebP and a fallback (JPEG for photos, PNG for PNGs) at every responsive width up to the intrinsic one. */
async function responsiveVariants(contents: Buffer, hash: string, outStem: string, file: string): Promise<Variant[]> {
  const manifestName = `${hash}-${SETTINGS}.json`;
  const fromCache = await readCachedVariants(manifestName);
  if (fromCache) return fromCache.map((v) => ({ ...v, out: `${outStem}-${v.width}${EXTENSION[v.format]}` }));

  const sharp = await loadSharp();
  let meta: { width?: number; height?: number; format?: string; hasAlpha?: boolean };
  try {
    meta = await sharp(contents).metadata();
  } catch (error) {
    throw new HeirloomError("ImageReadError", `Could not read the image ${file}: ${(error as Error).message}.`, {
      location: { file },
      hint: "re-export the image as PNG, JPEG, WebP or AVIF, or replace it with an SVG.",
      cause: error,
    });
  }
  const intrinsic = meta.width ?? 0;
  const ratio = (meta.height ?? 0) / intrinsic;
  const widths = [...new Set([...RESPONSIVE_WIDTHS.filter((w) => w < intrinsic), Math.min(intrinsic, RESPONSIVE_WIDTHS.at(-1)!)])];
  const fallback: Format = meta.format === "png" || meta.hasAlpha ? "png" : "jpeg";
  const jobs = widths.flatMap((width) => (["avif", "webp", fallback] as const).map((format) => ({ width, format })));
  const variants: Variant[] = await Promise.all(
    jobs.map(async ({ width, format }) => {
      const encoded = sharp(contents).rotate().resize(width)[format](ENCODERS[format] as never);
      return { format, width, height: Math.round(width * ratio), out: `${outStem}-${width}${EXTENSION[format]}`, contents: await encoded.toBuffer() };
    }),
  );
  await writeCachedVariants(manifestName, variants);
  return variants;
}

type Sharp = typeof import("sharp");

/** The image library is loaded only when something is not in the cache yet. */
async function loadSharp(): Promise<Sharp> {
  return (await import("sharp")).default;
}

async function cached(name: string, make: (sharp: Sharp) => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(cacheDir, "images", `${SETTINGS}-${name}`);
  try {
    return await readFile(file);
  } catch {
    const contents = await make(await loadSharp());
    await atomicWrite(file, contents);
    return contents;
  }
}

async function readCachedVariants(manifestName: string): Promise<Array<Omit<Variant, "out">> | undefined> {
  try {
    const dir = path.join(cacheDir, "images");
    const manifest = JSON.parse(await readFile(path.join(dir, manifestName), "utf8")) as Array<Omit<Variant, "out" | "contents"> & { file: string }>;
    return await Promise.all(manifest.map(async ({ file, ...v }) => ({ ...v, contents: await readFile(path.join(dir, file)) })));
  } catch {
    return undefined;
  }
}

async function writeCachedVariants(manifestName: string, variants: Variant[]): Promise<void> {
  const dir = path.join(cacheDir, "images");
  const stem = manifestName.replace(/\.json$/, "");
  const manifest = await Promise.all(
    variants.map(async ({ format, width, height, contents }) => {
      const file = `${stem}-${width}${EXTENSION[format]}`;
      await atomicWrite(path.join(dir, file), contents);
      return { format, width, height, file };
    }),
  );
  // The manifest is written last: a cache entry exists only when all its files do.
  await atomicWrite(path.join(dir, manifestName), JSON.stringify(manifest));
}

/** Concurrent builds may fill the cache at once: write to a private name, then rename. */
async function atomicWrite(file: string, contents: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
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
  throw new HeirloomError("ImageReadError", `Could not read the width and height of ${file}.`, {
    location: { file },
    hint: "use an SVG whose <svg> element has width and height (or a viewBox), or a PNG, JPEG, WebP or AVIF image.",
  });
}
