// The image() schema helper: marks a front-matter field as the path of an image under content/, so the
// engine finds, checks and processes every image without knowing any field's name.
import { z } from "zod";

/** Extensions image() accepts unless told otherwise. */
export const IMAGE_EXTENSIONS = ["svg", "png", "jpg", "jpeg", "webp", "avif", "gif"] as const;

/** An image after the build has copied (or converted) it under content-hashed names. */
export interface BuiltImage {
  /** The fallback file (for raster images its largest width), base path included. */
  url: string;
  width: number;
  height: number;
  /** Raster images: every width of the fallback, as a srcset. Vector images have none. */
  srcset?: string;
  /** Raster images: AVIF and WebP variants for <source> elements, best first. Empty for vector images. */
  sources: Array<{ type: string; srcset: string }>;
}

/** A fixed-size PNG of an image (a touch icon, a social card), covering the box. */
export interface Rendition {
  url: string;
  width: number;
  height: number;
}

export interface ImageOptions {
  /** Allowed extensions, such as ["svg"] (default: any image). */
  extensions?: readonly string[];
  /** Named fixed-size PNG renditions to make, such as { touch: { width: 180, height: 180 } }. */
  renditions?: Record<string, { width: number; height: number }>;
}

/** The value of an image() field in templates: the built image, its source path and its renditions. */
export interface ContentImage<R extends string = string> extends BuiltImage {
  /** The path under content/ as written in the front matter ("images/porch.svg"). */
  readonly src: string;
  readonly renditions: Record<R, Rendition>;
}

const IMAGE = Symbol.for("heirloom.image");

/** The placeholder a parsed field holds until the images stage fills in the built files. */
export interface ImageRef extends ContentImage {
  readonly [IMAGE]: ImageOptions;
}

/** Declares a field that names an image under content/ ("images/porch.svg"). */
export function image<const O extends ImageOptions = ImageOptions>(
  options?: O,
): z.ZodType<ContentImage<Extract<keyof NonNullable<O["renditions"]>, string>>, string> {
  const allowed = (options?.extensions ?? IMAGE_EXTENSIONS).map((e) => e.replace(/^\./, "").toLowerCase());
  const example = `images/picture.${allowed[0]}`;
  const kinds =
    allowed.length === IMAGE_EXTENSIONS.length ? "an image" : `a ${allowed.map((e) => `.${e}`).join(" or ")} image`;
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .refine((src) => allowed.includes(extensionOf(src)) && !src.startsWith("/") && !src.split("/").includes(".."), {
      message: `must be the path of ${kinds} under content/, such as "${example}"`,
    })
    .transform((src) => createRef(src, options ?? {})) as never;
}

/** An image under content/ that a body names: made with the defaults, as `image()` would. */
export function imageRef(src: string): ImageRef {
  return createRef(src, {});
}

function createRef(src: string, options: ImageOptions): ImageRef {
  return { src, url: "", width: 0, height: 0, sources: [], renditions: {}, [IMAGE]: options };
}

const USED_BY = Symbol("heirloom.image.usedBy");

/** Notes that the content file `file` names the image (for the messages about it); not enumerable. */
export function noteImageUse(ref: ImageRef, file: string): void {
  const holder = ref as ImageRef & { [USED_BY]?: Set<string> };
  if (!holder[USED_BY]) Object.defineProperty(holder, USED_BY, { value: new Set<string>(), configurable: true });
  holder[USED_BY]!.add(file);
}

/** The content files noted as naming the image. */
export function imageUsesOf(ref: ImageRef): string[] {
  return [...((ref as ImageRef & { [USED_BY]?: Set<string> })[USED_BY] ?? [])];
}

export function isImageRef(value: unknown): value is ImageRef {
  return typeof value === "object" && value !== null && IMAGE in value;
}

export function imageOptionsOf(ref: ImageRef): ImageOptions {
  return ref[IMAGE];
}

/** Every image field in parsed data, with the path of fields that leads to it (for error locations). */
export function findImageRefs(
  data: unknown,
  path: PropertyKey[] = [],
  found: Array<{ ref: ImageRef; path: PropertyKey[] }> = [],
) {
  if (isImageRef(data)) found.push({ ref: data, path });
  else if (Array.isArray(data)) data.forEach((item, i) => findImageRefs(item, [...path, i], found));
  else if (data && typeof data === "object")
    for (const [key, value] of Object.entries(data)) findImageRefs(value, [...path, key], found);
  return found;
}

export function extensionOf(file: string): string {
  const dot = file.lastIndexOf(".");
  return dot > file.lastIndexOf("/") ? file.slice(dot + 1).toLowerCase() : "";
}
