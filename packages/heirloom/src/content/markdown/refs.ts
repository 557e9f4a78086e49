// What a body's links and images name on this site: a relative URL ("../images/x.png", "other.md#team") or a
// site path ("/about"). A body's HTML holds each as a marker, resolved when a page renders (render/refs.ts), once
// the site's files, routes and images are known; so the rendered body stays a function of its own text.
import path from "node:path";

const PREFIX = "heirloom-ref:";
/** A marker in rendered HTML: the content file that holds the link, then the URL as written (both encoded). */
export const MARKER = /heirloom-ref:([\w.~%-]+):([\w.~%-]*)/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Whether a URL of a body names something of this site by its path: relative ("train.jpg", "../a.md") or a site
 * path ("/about"). A fragment or query alone, a scheme and "//host" do not.
 */
export function isSiteRef(url: string): boolean {
  const first = url[0];
  if (first === undefined || first === "#" || first === "?" || /^\/[/\\]/.test(url)) return false;
  return first === "/" || !SCHEME.test(url);
}

/** The marker of `url`, written in `file` (as messages name it: "content/posts/a.md"). */
export function refMarker(file: string, url: string): string {
  return `${PREFIX}${encode(file)}:${encode(url)}`;
}

/** The file and URL of a marker's match. */
export function markerParts(match: RegExpMatchArray): { file: string; url: string } {
  return { file: decodeURIComponent(match[1]), url: decodeURIComponent(match[2]) };
}

/**
 * What a relative URL written in `file` names under content/: the path relative to content/ ("posts/img/x.png"),
 * and the query and fragment that follow it; undefined for a site path, or a path that leaves content/.
 */
export function refTarget(file: string, url: string): { path: string; rest: string } | undefined {
  if (url.startsWith("/") || !file.startsWith("content/")) return undefined;
  const end = url.search(/[?#]/);
  const [written, rest] = end < 0 ? [url, ""] : [url.slice(0, end), url.slice(end)];
  let decoded: string;
  try {
    decoded = decodeURI(written);
  } catch {
    return undefined;
  }
  const joined = path.posix.join(path.posix.dirname(file), decoded);
  if (!joined.startsWith("content/")) return undefined;
  return { path: joined.slice("content/".length).replace(/\/$/, ""), rest };
}

/** A URL as an attribute's value holds it, as markdown-it writes one: &, <, > and " escaped. */
export function attributeValue(url: string): string {
  return url.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Markers resolved as written (a site path given the base path), where no site's files are known. */
export function refsAsWritten(html: string, base: string): string {
  if (!html.includes(PREFIX)) return html;
  return html.replace(MARKER, (...match) => {
    const { url } = markerParts(match as unknown as RegExpMatchArray);
    return attributeValue(url.startsWith("/") ? base + url.slice(1) : url);
  });
}

/** Every character but letters, digits and -._~ percent-encoded: safe in any attribute, escaped or not. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
