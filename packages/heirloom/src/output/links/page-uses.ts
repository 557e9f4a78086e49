// What the security policy check reads of a rendered page, in the same pass of the page writer as its links: what
// it loads from other origins (scripts, stylesheets, images, fonts, frames, media) and what it runs or styles
// inline. Self-contained: the page writer's threads run it for every page they write.
import { hash } from "node:crypto";

/** Elements that load or run something, and <link>s, whose attributes say what; style= and on…= anywhere. */
const ELEMENTS = /<(script|style|link|img|iframe|frame|video|audio|source|track|input)\b([^>]*)>/gi;
const ATTRIBUTE = /\s([a-z][\w:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
/** Script types browsers do not run: data blocks, which no policy governs. */
const RUNS = /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * Each use of the page that a Content-Security-Policy decides, one a line: "directive\turl\t<address>" for what it
 * loads from an address with a scheme ("https://…", "//…", "data:…"; the site's own paths are always allowed),
 * "directive\tinline\t'sha256-…'" for an inline script or <style>, "directive\tattribute\t<name>" for a style= or
 * an event handler attribute. Empty when the page has none.
 */
export function pageUses(html: string): string {
  const uses = new Set<string>();
  const url = (directive: string, value: string | undefined) => {
    const address = value?.trim().replace(/&amp;/g, "&");
    if (address && /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(address)) uses.add(`${directive}\turl\t${address}`);
  };
  // Regular expressions that find nothing on a plain page are not run over it.
  if (/<(?:script|style|link|img|i?frame|video|audio|source|track|input)\b/i.test(html)) {
    for (const match of html.matchAll(ELEMENTS)) {
      const attrs = attributesOf(match[2]);
      const name = match[1].toLowerCase();
      const end = match.index + match[0].length;
      if (name === "script") {
        if (attrs.src !== undefined) url("script-src", attrs.src);
        else if (RUNS.test((attrs.type ?? "").trim())) inline("script-src", html, end, "</script", uses);
      } else if (name === "style") inline("style-src", html, end, "</style", uses);
      else if (name === "link") linked(attrs, url);
      else if (name === "iframe" || name === "frame") url("frame-src", attrs.src);
      else if (name === "img" || name === "input") {
        url("img-src", attrs.src);
        for (const candidate of (attrs.srcset ?? "").split(",")) url("img-src", candidate.trim().split(/\s+/)[0]);
      } else {
        url("media-src", attrs.src);
        url("img-src", attrs.poster);
        for (const candidate of (attrs.srcset ?? "").split(",")) url("img-src", candidate.trim().split(/\s+/)[0]);
      }
    }
  }
  if (html.includes(" style=") && /<[a-z][\w-]*(?:\s[^>]*?)?\sstyle\s*=\s*["']?[^\s"'>]/i.test(html)) {
    uses.add("style-src\tattribute\tstyle");
  }
  if (/\son[a-z]+\s*=/i.test(html)) {
    for (const [, handler] of html.matchAll(/<[a-z][\w-]*(?:\s[^>]*?)?\s(on[a-z]+)\s*=/gi)) {
      uses.add(`script-src\tattribute\t${handler.toLowerCase()}`);
    }
  }
  return [...uses].join("\n");
}

function attributesOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [, name, a, b, c] of text.matchAll(ATTRIBUTE)) attrs[name.toLowerCase()] ??= a ?? b ?? c ?? "";
  return attrs;
}

/** A <link>'s load: a stylesheet, an icon, or what a preload says it is. */
function linked(attrs: Record<string, string>, url: (directive: string, value: string | undefined) => void): void {
  const rel = ` ${(attrs.rel ?? "").toLowerCase()} `;
  const as = (attrs.as ?? "").toLowerCase();
  if (rel.includes(" stylesheet ")) url("style-src", attrs.href);
  else if (rel.includes(" icon ") || rel.includes(" apple-touch-icon ")) url("img-src", attrs.href);
  else if (rel.includes(" modulepreload ")) url("script-src", attrs.href);
  else if (rel.includes(" preload ")) {
    const directive = { font: "font-src", style: "style-src", script: "script-src", image: "img-src" }[as];
    if (directive) url(directive, attrs.href);
  }
}

/** An inline script's or style's hash, as a policy allows it ('sha256-…' of its text as written). */
function inline(directive: string, html: string, start: number, close: string, uses: Set<string>): void {
  const end = html.indexOf(close, start);
  const text = html.slice(start, end < 0 ? html.length : end);
  if (text.trim() === "") return;
  uses.add(`${directive}\tinline\t'sha256-${hash("sha256", text, "base64")}'`);
}
