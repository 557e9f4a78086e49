// Images: every image a content field or a body names gets a content-hashed name in dist/ and its intrinsic size.
// Raster images (PNG, JPEG, WebP, AVIF) become AVIF and WebP in a few widths plus a fallback in their own
// format; vector images (SVG) are copied as they are, being smaller than any raster of them, and GIFs too, which
// may be animated, once checked whole. Each is first checked to be the format its name says, and an SVG to hold
// nothing that runs code. Encoding and its cache are in encode.ts. Which images templates read decides which files
// are published.
import { createHash } from "node:crypto";
import path from "node:path";
import { readSiteFile } from "../compile/site-folder.ts";
import {
  type BuiltImage,
  type ImageRef,
  type Rendition,
  imageOptionsOf,
  imageUsesOf,
} from "../content/fields/index.ts";
import type { OutputFile } from "./bundle.ts";
import { type Format, MIME, type Variant, checkWhole, pngRendition, responsiveVariants } from "./encode.ts";
import { checkFormat, decodeFailure } from "./image-check.ts";
import { checkSvg } from "./svg-safety.ts";
import { ImageWithoutSize } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";

/** Encoded again in several widths; SVG and GIF (which may be animated) are published as they are. */
const RASTER = new Set([".png", ".jpg", ".jpeg", ".webp", ".avif"]);

/** An image as it is published: what templates read of it, and its files. */
interface PublishedImage {
  image: BuiltImage;
  files: OutputFile[];
}

/** One source image: its bytes and their hash, its name in dist/ without extension, how errors name it. */
interface Source {
  contents: Buffer;
  hash: string;
  stem: string;
  src: string;
  /** As errors name it ("content/images/a.png"). */
  file: string;
  /** The content files that name it. */
  usedBy: string[];
}

/** The built images; which of them templates read decides which files are published. */
export interface BuiltImages {
  /** Changes whenever any image's published name or size could. */
  key: string;
  /** The files of every image a template read. */
  usedFiles(): OutputFile[];
  /** Every file made, used or not (the dev server answers any of them). */
  allFiles(): OutputFile[];
  /** Runs a render and returns the images it read, to publish them again when its output is reused. */
  track<T>(render: () => T): { result: T; used: string[] };
  /** Marks images as used without rendering (by the names `track` returned). */
  markUsed(names: string[]): void;
}

/**
 * Builds every image the content names: hashed copies of SVGs, responsive variants of raster images, and
 * the PNG renditions the fields ask for. Fills each image field in place; its URLs are getters, so only
 * the files a template actually reads are written. `urlPrefix` is the base path; `root`, the site's folder, out of
 * which no image is read through a link.
 */
export async function buildImages(
  contentDir: string,
  refs: ImageRef[],
  urlPrefix: string,
  options: { root: string; cacheDir: string; onProgress?: (what: string, done: number, total: number) => void },
): Promise<BuiltImages> {
  const { root, cacheDir, onProgress } = options;
  const bySrc = new Map<string, ImageRef[]>();
  for (const ref of refs) bySrc.set(ref.src, [...(bySrc.get(ref.src) ?? []), ref]);
  const filesOf = new Map<string, OutputFile[]>();
  const used = new Set<string>();
  let reading: Set<string> | undefined;
  const read = (name: string) => {
    used.add(name);
    reading?.add(name);
  };
  let done = 0;
  await Promise.all(
    [...bySrc].map(async ([src, uses]) => {
      onProgress?.("Images", done++, bySrc.size);
      const file = path.relative(root, path.join(contentDir, src)).split(path.sep).join("/");
      const usedBy = [...new Set(uses.flatMap(imageUsesOf))].sort();
      const renditions: Record<string, Rendition> = {};
      let built: PublishedImage & { stem: string };
      try {
        const contents = readSiteFile(root, path.join(contentDir, src));
        const hash = createHash("sha256").update(contents).digest("hex").slice(0, 10);
        const source = { contents, hash, stem: `assets/images/${outputName(src)}-${hash}`, src, file, usedBy };
        built = await buildOne(source, urlPrefix, cacheDir);
        const wanted = new Map(uses.flatMap((ref) => Object.entries(imageOptionsOf(ref).renditions ?? {})));
        await Promise.all(
          [...wanted].map(async ([name, { width, height }]) => {
            const out = `${source.stem}-${width}x${height}.png`;
            const png = await pngRendition(contents, hash, { width, height }, cacheDir);
            filesOf.set(out, [{ path: out, contents: png }]);
            renditions[name] = onRead({ url: urlPrefix + out, width, height }, ["url"], () => read(out));
          }),
        );
      } catch (error) {
        throw decodeFailure(error, file, usedBy);
      }
      const stem = built.stem;
      filesOf.set(stem, built.files);
      const image = onRead({ ...built.image }, ["url", "srcset", "sources"], () => read(stem));
      const descriptors = {
        ...Object.getOwnPropertyDescriptors(image),
        renditions: { value: renditions, enumerable: true, configurable: true },
      };
      for (const ref of uses) Object.defineProperties(ref, descriptors);
    }),
  );
  const names = [...filesOf.keys()].sort();
  return {
    key: createHash("sha256")
      .update(`${urlPrefix}\0${names.join("\0")}`)
      .digest("hex"),
    usedFiles: () => [...used].sort().flatMap((name) => filesOf.get(name)!),
    allFiles: () => names.flatMap((name) => filesOf.get(name)!),
    track(render) {
      reading = new Set();
      try {
        return { result: render(), used: [...reading] };
      } finally {
        reading = undefined;
      }
    },
    markUsed: (list) => list.forEach((name) => filesOf.has(name) && used.add(name)),
  };
}

/** The object with `keys` turned into getters that call `read` first. */
function onRead<T extends object>(target: T, keys: Array<keyof T & string>, read: () => void): T {
  for (const key of keys) {
    const value = target[key];
    Object.defineProperty(target, key, { enumerable: true, configurable: true, get: () => (read(), value) });
  }
  return target;
}

async function buildOne(
  source: Source,
  urlPrefix: string,
  cacheDir: string,
): Promise<PublishedImage & { stem: string }> {
  const { contents, hash, stem, src, file, usedBy } = source;
  const extension = path.extname(src).toLowerCase();
  checkFormat(contents, extension, file, usedBy);
  if (!RASTER.has(extension)) {
    if (extension === ".svg") checkSvg(contents, file);
    else await checkWhole(contents, hash, cacheDir);
    const out = `${stem}${extension}`;
    const size = imageSize(contents, extension, file);
    return { stem, image: { url: urlPrefix + out, ...size, sources: [] }, files: [{ path: out, contents }] };
  }
  return { stem, ...toPublished(await responsiveVariants(contents, hash, stem, cacheDir), urlPrefix) };
}

/** A file name safe in a URL: "Grandma's porch.JPG" -> "grandma-s-porch". */
function outputName(src: string): string {
  return (
    path
      .parse(src)
      .name.toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "image"
  );
}

function toPublished(variants: Variant[], urlPrefix: string): PublishedImage {
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

/** Intrinsic size of an SVG (width/height or viewBox), a PNG (IHDR) or a GIF (its logical screen). */
export function imageSize(contents: Uint8Array, ext: string, file: string): { width: number; height: number } {
  if (ext === ".svg") {
    const root = /<svg\b[^>]*>/i.exec(Buffer.from(contents).toString("utf8"))?.[0] ?? "";
    const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(root)?.[1]);
    const viewBox = /viewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
    const width = attr("width") || Number(viewBox?.[1]);
    const height = attr("height") || Number(viewBox?.[2]);
    if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  } else if (ext === ".gif" && contents.length > 10 && Buffer.from(contents).toString("latin1", 0, 3) === "GIF") {
    const view = new DataView(contents.buffer, contents.byteOffset, contents.byteLength);
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  } else if (ext === ".png" && contents.length > 24) {
    const view = new DataView(contents.buffer, contents.byteOffset, contents.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  throw errorFrom(ImageWithoutSize, { file }, { location: { file } });
}
