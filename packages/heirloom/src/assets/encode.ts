// Image encoding: responsive AVIF, WebP and fallback variants and PNG renditions, made with sharp (loaded
// only when something is not cached yet) and cached under node_modules/.cache/heirloom/images, keyed by
// the source's bytes and every encoder setting.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { markCacheUsed, pruneCache, writeAtomically } from "../compile/cache.ts";
import { MAX_PIXELS } from "./image-check.ts";

/** Widths of the responsive variants; each image also gets its own width when smaller than the largest. */
export const RESPONSIVE_WIDTHS = [480, 960, 1440] as const;
export type Format = "avif" | "webp" | "jpeg" | "png";
export const MIME: Record<Format, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};
const EXTENSION: Record<Format, string> = { avif: ".avif", webp: ".webp", jpeg: ".jpg", png: ".png" };
/** Encoder settings; part of the cache key, so changing them re-encodes every image. */
const ENCODERS = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 78, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
} as const;
const SETTINGS = createHash("sha256")
  .update(JSON.stringify({ ENCODERS, RESPONSIVE_WIDTHS, v: 1 }))
  .digest("hex")
  .slice(0, 8);

export interface Variant {
  format: Format;
  width: number;
  height: number;
  out: string;
  contents: Buffer;
}

/** How PNG renditions are drawn; part of their cache key. */
const RENDITION = { density: 288, fit: "cover" } as const;

/** The cache name of a PNG rendition: the source's hash, the size and everything that shapes the drawing. */
export function renditionCacheName(
  hash: string,
  width: number,
  height: number,
  drawing: { density: number; fit: string } = RENDITION,
): string {
  const settings = createHash("sha256")
    .update(JSON.stringify([drawing, ENCODERS.png]))
    .digest("hex")
    .slice(0, 8);
  return `${hash}-${width}x${height}-${settings}.png`;
}

/** A PNG of the image drawn at that size (cached in `cacheDir`). */
export function pngRendition(
  contents: Buffer,
  hash: string,
  size: { width: number; height: number },
  cacheDir: string,
): Promise<Buffer> {
  const { width, height } = size;
  return cached(cacheDir, renditionCacheName(hash, width, height), async (sharp) =>
    sharp(contents, { density: RENDITION.density })
      .resize(width, height, { fit: RENDITION.fit })
      .png(ENCODERS.png)
      .toBuffer(),
  );
}

/**
 * Checks that an image published as it is (a GIF) decodes whole and holds a picture's worth of pixels: its header
 * alone would give a file cut short its claimed size. Remembered by the bytes' hash in `cacheDir`.
 */
export async function checkWhole(contents: Buffer, hash: string, cacheDir: string): Promise<void> {
  await cached(cacheDir, `${hash}-whole`, async (sharp) => {
    const { width = 0, height = 0, pageHeight } = await sharp(contents, { animated: true }).metadata();
    if (width * (pageHeight ?? height) > MAX_PIXELS) throw new Error(`${width}x${height} exceeds pixel limit`);
    return Buffer.from("whole");
  });
}

/**
 * AVIF, WebP and a fallback (JPEG for photos, PNG for PNGs) at every responsive width up to the intrinsic one;
 * what the decoder throws (an image cut short) is thrown as it is.
 */
export async function responsiveVariants(
  contents: Buffer,
  hash: string,
  outStem: string,
  cacheDir: string,
): Promise<Variant[]> {
  const manifestName = `${hash}-${SETTINGS}.json`;
  const fromCache = await readCachedVariants(cacheDir, manifestName);
  if (fromCache) return fromCache.map((v) => ({ ...v, out: `${outStem}-${v.width}${EXTENSION[v.format]}` }));

  const sharp = await loadSharp();
  const meta = await sharp(contents).metadata();
  const intrinsic = meta.width ?? 0;
  const ratio = (meta.height ?? 0) / intrinsic;
  const widths = [
    ...new Set([...RESPONSIVE_WIDTHS.filter((w) => w < intrinsic), Math.min(intrinsic, RESPONSIVE_WIDTHS.at(-1)!)]),
  ];
  const fallback: Format = meta.format === "png" || meta.hasAlpha ? "png" : "jpeg";
  const jobs = widths.flatMap((width) => (["avif", "webp", fallback] as const).map((format) => ({ width, format })));
  const variants: Variant[] = await Promise.all(
    jobs.map(async ({ width, format }) => {
      const encoded = sharp(contents)
        .rotate()
        .resize(width)
        [format](ENCODERS[format] as never);
      return {
        format,
        width,
        height: Math.round(width * ratio),
        out: `${outStem}-${width}${EXTENSION[format]}`,
        contents: await encoded.toBuffer(),
      };
    }),
  );
  await writeCachedVariants(cacheDir, manifestName, variants);
  return variants;
}

type Sharp = typeof import("sharp");

/** The image library is loaded only when something is not in the cache yet. */
async function loadSharp(): Promise<Sharp> {
  return (await import("sharp")).default;
}

async function cached(cacheDir: string, name: string, make: (sharp: Sharp) => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(cacheDir, "images", `${SETTINGS}-${name}`);
  try {
    const contents = await readFile(file);
    await markCacheUsed(file);
    return contents;
  } catch {
    const contents = await make(await loadSharp());
    await writeAtomically(file, contents);
    await pruneCache(file, cacheDir);
    return contents;
  }
}

async function readCachedVariants(
  cacheDir: string,
  manifestName: string,
): Promise<Array<Omit<Variant, "out">> | undefined> {
  try {
    const dir = path.join(cacheDir, "images");
    const manifest = JSON.parse(await readFile(path.join(dir, manifestName), "utf8")) as Array<
      Omit<Variant, "out" | "contents"> & { file: string }
    >;
    const variants = await Promise.all(
      manifest.map(async ({ file, ...v }) => ({ ...v, contents: await readFile(path.join(dir, file)) })),
    );
    await markCacheUsed(path.join(dir, manifestName), ...manifest.map((v) => path.join(dir, v.file)));
    return variants;
  } catch {
    return undefined;
  }
}

async function writeCachedVariants(cacheDir: string, manifestName: string, variants: Variant[]): Promise<void> {
  const dir = path.join(cacheDir, "images");
  const stem = manifestName.replace(/\.json$/, "");
  const manifest = await Promise.all(
    variants.map(async ({ format, width, height, contents }) => {
      const file = `${stem}-${width}${EXTENSION[format]}`;
      await writeAtomically(path.join(dir, file), contents);
      return { format, width, height, file };
    }),
  );
  // The manifest is written last: a cache entry exists only when all its files do.
  await writeAtomically(path.join(dir, manifestName), JSON.stringify(manifest));
  await pruneCache(path.join(dir, manifestName), cacheDir);
}
