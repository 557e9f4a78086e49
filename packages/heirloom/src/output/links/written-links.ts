// Where a content file writes its links, for the messages of the link check: every destination of a body (inline
// links and pictures, reference definitions, raw HTML's href and src) at its own line and column, read as
// markdown-it reads it, and the front-matter values that templates may publish as links.
import MarkdownIt from "markdown-it";
import type { RawEntry } from "../../content/frontmatter/index.ts";
import type { SourceLocation } from "../../errors/errors.ts";

/** One destination as written in a file, as markdown-it publishes it, and where. */
export interface WrittenLink {
  url: string;
  location: SourceLocation;
}

const DESTINATIONS = [
  // [text](dest "title") and ![alt](dest)
  /\]\(\s*(<[^>\n]*>|[^\s)]+(?:\([^\s)]*\)[^\s)]*)*)/g,
  // [label]: dest (a reference definition)
  /^ {0,3}\[(?:[^\]\\\n]|\\.)+\]:[ \t]*\n?[ \t]*(<[^>\n]*>|\S+)/gm,
  // href="dest" and src='dest' of raw HTML or JSX
  /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
];

/** Every destination written in the entry's body, in the order of the file, with its line and column. */
export function writtenLinks(entry: Pick<RawEntry, "file" | "body" | "bodyLine">): WrittenLink[] {
  const md = new MarkdownIt();
  const lineStarts = [0];
  for (let i = entry.body.indexOf("\n"); i >= 0; i = entry.body.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const found: Array<WrittenLink & { offset: number }> = [];
  for (const pattern of DESTINATIONS) {
    for (const match of entry.body.matchAll(pattern)) {
      const group = match.findIndex((value, i) => i > 0 && value !== undefined);
      const raw = match[group];
      const offset = match.index + match[0].lastIndexOf(raw);
      const written = raw.startsWith("<") && raw.endsWith(">") ? raw.slice(1, -1) : raw;
      const url = md.normalizeLink(unescaped(written));
      const line = lastAtOrBefore(lineStarts, offset);
      const location = { file: entry.file, line: entry.bodyLine + line, column: offset - lineStarts[line] + 1 };
      found.push({ url, location, offset });
    }
  }
  return found.sort((a, b) => a.offset - b.offset).map(({ url, location }) => ({ url, location }));
}

/** Backslash escapes and entities, as CommonMark reads them in a destination. */
function unescaped(text: string): string {
  const entities: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" };
  return text.replace(/\\([!-/:-@[-`{-~])/g, "$1").replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return entities[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The index of the last value at or below `offset` in a sorted list. */
function lastAtOrBefore(starts: number[], offset: number): number {
  let [low, high] = [0, starts.length - 1];
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Where in the front matter a value equal to one of `urls` is written, if anywhere. */
export function frontMatterLink(entry: RawEntry, urls: string[]): SourceLocation | undefined {
  const path = findValue(entry.data, (v) => urls.includes(v), []);
  return path ? { file: entry.file, ...entry.locate(path) } : undefined;
}

function findValue(value: unknown, match: (v: string) => boolean, path: PropertyKey[]): PropertyKey[] | undefined {
  if (typeof value === "string") return match(value.trim()) ? path : undefined;
  if (!value || typeof value !== "object") return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findValue(child, match, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}
