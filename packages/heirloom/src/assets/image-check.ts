// What an image file really is, told from its first bytes (the formats named as sharp names them), and the
// decoder's failures as sentences: an image is published only as the format its name says, whole.
import { ImageNotItsFormat, ImageUnreadable } from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";

export type SniffedFormat = "png" | "jpeg" | "gif" | "webp" | "avif" | "heif" | "svg";

const EXPECTED: Record<string, SniffedFormat> = {
  ".png": "png",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".gif": "gif",
  ".webp": "webp",
  ".avif": "avif",
  ".svg": "svg",
};

const NAMES: Record<SniffedFormat, string> = {
  png: "PNG",
  jpeg: "JPEG",
  gif: "GIF",
  webp: "WebP",
  avif: "AVIF",
  heif: "HEIF (such as a phone's HEIC photo)",
  svg: "SVG text",
};

/** As many pixels as sharp decodes by default (0x3FFF squared): more is no picture for a page. */
export const MAX_PIXELS = 268_402_689;

/** The format of an image's bytes, by their signature; undefined when they are of none the build reads. */
export function sniffFormat(bytes: Uint8Array): SniffedFormat | undefined {
  const text = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (text(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (text(0, 6) === "GIF87a" || text(0, 6) === "GIF89a") return "gif";
  if (text(0, 4) === "RIFF" && text(8, 12) === "WEBP") return "webp";
  if (text(4, 8) === "ftyp") return ["avif", "avis"].includes(text(8, 12)) ? "avif" : "heif";
  const start = text(0, 1024)
    .replace(/^\ufeff|^\xef\xbb\xbf/, "")
    .trimStart();
  if (start.startsWith("<") && /<svg[\s>/]/.test(Buffer.from(bytes).toString("latin1"))) return "svg";
  return undefined;
}

/**
 * Throws a located error when the image's bytes are of another format than its extension says, or of none the
 * build reads. `usedBy` names the content files that name it.
 */
export function checkFormat(bytes: Uint8Array, extension: string, file: string, usedBy: string[]): void {
  const found = sniffFormat(bytes);
  const expected = EXPECTED[extension];
  if (found === expected || expected === undefined) return;
  if (found === undefined) {
    const reason = "its bytes are of no image format the build reads";
    throw errorFrom(ImageUnreadable, { file, reason, usedBy }, { location: { file } });
  }
  throw errorFrom(ImageNotItsFormat, { file, format: NAMES[found], usedBy }, { location: { file } });
}

/** What went wrong decoding an image, as the build reports it (a HeirloomError is kept as it is). */
export function decodeFailure(error: unknown, file: string, usedBy: string[]): HeirloomError {
  if (error instanceof HeirloomError) return error;
  const reason = reasonOf(error instanceof Error ? error.message : String(error));
  return errorFrom(ImageUnreadable, { file, reason, usedBy }, { location: { file }, cause: error });
}

function reasonOf(message: string): string {
  if (/end of (stream|file|data)|unexpected end|premature end|truncated|not enough data/i.test(message)) {
    return "its data ends before the image does (the file is cut short)";
  }
  if (/pixel limit/i.test(message)) {
    return `its header claims more than ${MAX_PIXELS.toLocaleString("en")} pixels, more than the build decodes`;
  }
  return `the decoder reports "${message.replace(/\s+/g, " ").trim()}"`;
}
