// Which addresses a body may publish: every one a browser follows, but those whose scheme runs code
// (javascript:, vbscript:, data: other than a picture); a site path ("/pricing") given the base path.
import { SvgDataLink, UnsafeLinkScheme } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";
import { isSiteRef, refMarker } from "./refs.ts";

type Location = { file: string; line?: number; column?: number };

/** Schemes whose address runs a script in the page, or opens one: never published. */
const CODE_SCHEMES = new Set(["javascript", "vbscript"]);
/** The pictures a data: address may hold: formats that carry no script. */
const RASTER = /^data:image\/(png|jpeg|gif|webp|avif)[;,]/;
/** An SVG picture can hold a script: shown by an <img> it runs none, opened as a link it may. */
const SVG = /^data:image\/svg\+xml[;,]/;

/**
 * A link of a body as published: refused when its scheme runs code (thrown, at `location`), a site path given the
 * base path. Shared by markdown and MDX bodies.
 */
export function checkedUrl(url: string, base: string, location: Location): string {
  return checked(url, base, location, false);
}

/** The address of a picture (`![alt](src)`, `<img src>`): the same, and any data: picture (SVG too) accepted. */
export function checkedImageUrl(url: string, base: string, location: Location): string {
  return checked(url, base, location, true);
}

function checked(url: string, base: string, location: Location, picture: boolean): string {
  const problem = problemOf(url, picture);
  if (problem) throw errorFrom(problem, { url: shortened(url), file: location.file }, { location });
  // A content file's link to something of the site is resolved when its page renders (render/refs.ts).
  if (location.file.startsWith("content/") && isSiteRef(url)) return refMarker(location.file, url);
  const sitePath = base !== "/" && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
  return sitePath ? base + url.slice(1) : url;
}

function problemOf(url: string, picture: boolean): typeof UnsafeLinkScheme | undefined {
  // Checked as written and percent-decoded (markdown-it encodes what the author wrote: "java&#10;script:" reaches
  // here as "java%0Ascript:"), so that no spelling a browser, or a later decoding, reads as a scheme gets through.
  for (const form of url.includes("%") ? [url, percentDecoded(url)] : [url]) {
    const scheme = schemeOf(form);
    if (scheme === undefined) continue;
    if (CODE_SCHEMES.has(scheme)) return UnsafeLinkScheme;
    if (scheme !== "data") continue;
    const data = readable(form).toLowerCase();
    if (RASTER.test(data) || (picture && SVG.test(data))) continue;
    return SVG.test(data) ? SvgDataLink : UnsafeLinkScheme;
  }
  return undefined;
}

/**
 * The scheme a browser reads in `url`, in lowercase, or undefined for a relative address. A browser drops
 * leading controls and spaces and every tab and line break before it reads one; every control and space is
 * dropped here, a little more than that, so that "java\nscript:" and " javascript:" are both "javascript".
 */
export function schemeOf(url: string): string | undefined {
  return /^([a-z][a-z\d+.-]*):/i.exec(readable(url))?.[1].toLowerCase();
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is removed
const readable = (url: string) => url.replace(/[\x00-\x20\x7f]/g, "");

const percentDecoded = (url: string) =>
  url.replace(/%([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A long address (a picture written as data:) cut for a message. */
const shortened = (url: string) => (url.length > 100 ? `${url.slice(0, 100)}…` : url);
