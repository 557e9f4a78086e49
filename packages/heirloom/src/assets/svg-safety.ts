// What an SVG may not hold to be published: opened on its own it runs as a page of the site's origin, on hosts
// that send no Content-Security-Policy too. Whatever runs code or pulls in a document is found at its line.
import { UnsafeSvg } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";

/** What was found, at its 1-based line and column. */
export interface SvgProblem {
  what: string;
  line: number;
  column: number;
}

/** Elements that run code or embed another document, whatever their namespace prefix. */
const ELEMENTS = /<(?:[\w.-]+:)?(script|foreignObject|iframe|embed|object|frame|frameset|applet|handler|listener)\b/gi;
/** An XSLT or CSS stylesheet the browser fetches and applies, and entity declarations (expansion, external files). */
const DECLARATIONS = /<\?xml-stylesheet\b|<!ENTITY\b/gi;
const TAG = /<([A-Za-z_][\w.:-]*)/g;
const ATTRIBUTE = /([^\s"'<>/=]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/g;
/** A data: address may only hold a raster picture. */
const RASTER_DATA = /^image\/(?:png|jpe?g|gif|webp|avif)[;,]/;

/** The first thing in an SVG's text that would run code or load another document, or undefined when clean. */
export function unsafeSvgPart(text: string): SvgProblem | undefined {
  const found: Array<{ what: string; at: number }> = [];
  for (const match of text.matchAll(ELEMENTS)) found.push({ what: `a <${match[1]}> element`, at: match.index });
  for (const match of text.matchAll(DECLARATIONS)) {
    const what = match[0].startsWith("<?") ? "an <?xml-stylesheet?> instruction" : "an <!ENTITY> declaration";
    found.push({ what, at: match.index });
  }
  for (const tag of text.matchAll(TAG)) {
    const element = tag[1].replace(/^.*:/, "");
    const start = tag.index + tag[0].length;
    for (const attribute of text.slice(start, tagEnd(text, start)).matchAll(ATTRIBUTE)) {
      const what = unsafeAttribute(element, attribute[1], attribute[2].replace(/^["']|["']$/g, ""));
      if (what) found.push({ what, at: start + attribute.index });
    }
  }
  const first = found.sort((a, b) => a.at - b.at)[0];
  if (!first) return undefined;
  const before = text.slice(0, first.at).split("\n");
  return { what: first.what, line: before.length, column: before.at(-1)!.length + 1 };
}

/** Where the tag that goes on at `from` ends: its first > outside a quoted value. */
function tagEnd(text: string, from: number): number {
  let quote = "";
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) quote = c === quote ? "" : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === ">" || c === "<") return i;
  }
  return text.length;
}

function unsafeAttribute(element: string, name: string, raw: string): string | undefined {
  const local = name.replace(/^.*:/, "").toLowerCase();
  if (local.startsWith("on")) return `an event handler attribute (${name}="…")`;
  // As the browser reads it: character references decoded, the spaces and controls it skips in a scheme removed.
  // Only a colon, or a reference that may stand for one, makes a scheme: most values (a flame graph has 100,000)
  // are neither, and are not decoded.
  const value = /[:&]/.test(raw)
    ? decodeReferences(raw)
        .replace(/[\s\p{Cc}]/gu, "")
        .toLowerCase()
    : raw.toLowerCase();
  if (value.includes(":")) {
    if (/(?:java|vb)script:/.test(value)) return `a javascript: address in ${name}="…"`;
    for (const data of value.matchAll(/(?<![\w+.-])data:/g)) {
      if (!RASTER_DATA.test(value.slice(data.index + 5)))
        return `a data: address of another kind than a picture in ${name}`;
    }
  }
  if (element === "use" && local === "href" && !value.startsWith("#"))
    return `a <use> of another file (${name}="${raw}")`;
  if (local === "attributename" && value.startsWith("on")) return `an animation of an event handler (${raw})`;
  return undefined;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", colon: ":", tab: "\t" };

function decodeReferences(value: string): string {
  return value.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));?/gi, (whole, hex: string, decimal: string, name: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? whole;
    const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** Throws a located error when the SVG `file` (named as errors name it) holds anything that runs code. */
export function checkSvg(contents: Uint8Array, file: string): void {
  const bytes = Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  // UTF-16 or UTF-32 (which XML allows) would hide every name from a byte-wise reading; no UTF-8 text holds a NUL.
  const problem: SvgProblem | undefined = bytes.includes(0)
    ? { what: "text saved as UTF-16 or UTF-32 (or a NUL byte)", line: 1, column: 1 }
    : unsafeSvgPart(bytes.toString("latin1"));
  if (problem) {
    const { what, line, column } = problem;
    throw errorFrom(UnsafeSvg, { file, what, line }, { location: { file, line, column } });
  }
}
