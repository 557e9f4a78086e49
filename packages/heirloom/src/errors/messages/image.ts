// The catalogue's messages about images: one that cannot be decoded, whose bytes are not the format its name says,
// whose size cannot be told, or an SVG that holds what would run code where it is published.
import { errorEntry as entry } from "../errors.ts";

/** " It is named by content/notes/a.md.": where an image was named, when it is known. */
const namedBy = (usedBy: string[] | undefined) => (usedBy?.length ? ` It is named by ${usedBy.join(", ")}.` : "");

export const ImageUnreadable = entry("ImageUnreadable", {
  code: "ImageReadError",
  title: "An image cannot be read",
  message: ({ file, reason, usedBy }: { file: string; reason: string; usedBy?: string[] }) =>
    `Could not read the image ${file}: ${reason}.${namedBy(usedBy)}`,
  hint: () =>
    "open the image in an editor and export it again (a file cut short by a copy or download is the usual cause) " +
    "as PNG, JPEG, WebP or AVIF, or replace it with an SVG.",
});

export const ImageWithoutSize = entry("ImageWithoutSize", {
  code: "ImageReadError",
  title: "An image's width and height cannot be told",
  message: ({ file }: { file: string }) => `Could not read the width and height of ${file}.`,
  hint: () => "use an SVG whose <svg> element has width and height (or a viewBox), or a PNG, JPEG, WebP or AVIF image.",
});

export const ImageNotItsFormat = entry("ImageNotItsFormat", {
  code: "ImageReadError",
  title: "An image's bytes are of another format than its name says",
  message: ({ file, format, usedBy }: { file: string; format: string; usedBy?: string[] }) =>
    `${file} is named as a .${file.split(".").pop()} image, but its bytes are ${format}.${namedBy(usedBy)}`,
  hint: () =>
    "give the file the extension of its format, or export it again in the format its name says; the build " +
    "publishes an image only as what it is.",
});

export const UnsafeSvg = entry("UnsafeSvg", {
  code: "UnsafeImageError",
  title: "An SVG holds what would run code or load another document",
  message: ({ file, what, line }: { file: string; what: string; line: number }) =>
    `${file} holds ${what} on line ${line}. A browser that opens the SVG by its address runs it as a page of ` +
    "the site, and many hosts send no policy that stops it, so an SVG with scripts, event handlers, javascript: " +
    "or document data: addresses, <foreignObject>, embedded documents, another file's <use>, stylesheet " +
    "instructions or entity declarations is not published.",
  hint: () =>
    "remove it from the SVG (an editor's plain or optimized SVG export, or `npx svgo`, drops most of them), " +
    "or publish the picture as PNG.",
});
