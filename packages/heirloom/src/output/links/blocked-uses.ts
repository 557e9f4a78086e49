// The security policy check's findings: each use of a page its path's policy blocks, told once per place that
// writes it (the page's content file, another content file, or templates/), naming the directive to widen.
import type { RawEntry } from "../../content/frontmatter/index.ts";
import { BlockedByPolicy } from "../../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../../errors/errors.ts";
import { type PageUse, allows } from "./policy-match.ts";
import { writtenLinks } from "./written-links.ts";

export interface PolicyPage {
  /** The page's site path, and its content file if any. */
  route: string;
  file?: string;
  uses: PageUse[];
  /** The page's policy, by directive. */
  policy: Map<string, string[]>;
}

export interface PolicyCheckInput {
  pages: PolicyPage[];
  /** The site's origin, what 'self' allows besides the site's paths; undefined when no site URL is set. */
  self?: string;
  entries: RawEntry[];
  /** The templates' sources, read when first needed (see template-links.ts's readSources). */
  templates(): Array<{ file: string; text: string }>;
}

/** One BlockedByPolicy per use and place that writes it, its pages counted. */
export function blockedUses(input: PolicyCheckInput): HeirloomError[] {
  const found = new Map<string, { use: PageUse; routes: string[]; location?: SourceLocation }>();
  const byFile = new Map(input.entries.map((entry) => [entry.file, entry]));
  for (const page of input.pages) {
    for (const use of page.uses) {
      const sources = page.policy.get(use.directive) ?? page.policy.get("default-src") ?? [];
      if (allows(sources, use, input.self)) continue;
      const own = page.file === undefined ? undefined : byFile.get(page.file);
      const location = (own && inContent(own, use)) ?? inTemplates(input, use);
      const key = `${use.directive} ${use.kind} ${use.value} ${location ? place(location) : ""}`;
      const known = found.get(key);
      if (known) known.routes.push(page.route);
      else found.set(key, { use, routes: [page.route], location });
    }
  }
  return [...found.values()].map(({ use, routes, location }) => {
    const others = routes.length > 1 ? ` (and ${routes.length - 1} other page${routes.length > 2 ? "s" : ""})` : "";
    const args = { page: `${routes[0]}${others}`, what: described(use), directive: use.directive, source: wanted(use) };
    return errorFrom(BlockedByPolicy, args, location ? { location } : {});
  });
}

function described(use: PageUse): string {
  const kinds: Record<string, string> = {
    "script-src": "the script",
    "style-src": "the stylesheet",
    "img-src": "the image",
    "font-src": "the font",
    "frame-src": "the frame of",
    "media-src": "the media",
  };
  if (use.kind === "url") return `${kinds[use.directive] ?? "the file"} ${use.value}`;
  if (use.kind === "inline") return `an inline ${use.directive === "script-src" ? "script" : "<style>"} (${use.value})`;
  return use.value === "style" ? "a style attribute" : `an event handler attribute (${use.value})`;
}

/** The source that would allow the use: the address's origin, the hash, or 'unsafe-inline'. */
function wanted(use: PageUse): string {
  if (use.kind === "inline") return use.value;
  if (use.kind === "attribute") return "'unsafe-inline'";
  if (/^(?:data|blob):/i.test(use.value)) return use.value.slice(0, use.value.indexOf(":") + 1);
  try {
    return new URL(use.value.startsWith("//") ? `https:${use.value}` : use.value).origin;
  } catch {
    return use.value;
  }
}

/** What a content file or template writes for the use, as a regular expression over its text. */
function written(use: PageUse): RegExp {
  if (use.kind === "inline") return use.directive === "script-src" ? /<script(?![^>]*\ssrc\s*=)[\s>]/i : /<style[\s>]/i;
  if (use.kind === "attribute") return new RegExp(`\\s${use.value}\\s*=`, use.value === "style" ? "" : "i");
  return new RegExp(use.value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/&/g, "&(?:amp;)?"));
}

/** Where the page's own content file writes the use. */
function inContent(entry: RawEntry, use: PageUse): SourceLocation | undefined {
  if (use.kind === "url") {
    const link = writtenLinks(entry).find((l) => l.url === use.value || decodeSafely(l.url) === use.value);
    if (link) return link.location;
  }
  const at = locateIn(entry.body, written(use));
  return at && { file: entry.file, line: entry.bodyLine + at.line - 1, column: at.column };
}

function inTemplates(input: PolicyCheckInput, use: PageUse): SourceLocation | undefined {
  for (const { file, text } of input.templates()) {
    const at = locateIn(text, written(use));
    if (at) return { file, ...at };
  }
  return undefined;
}

function locateIn(text: string, pattern: RegExp): { line: number; column: number } | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  const before = text.slice(0, match.index + (match[0].startsWith(" ") || /^\s/.test(match[0]) ? 1 : 0)).split("\n");
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

function decodeSafely(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

const place = (location: SourceLocation) => `${location.file}:${location.line}:${location.column}`;
