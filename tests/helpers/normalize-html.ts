// The CommonMark spec's normalization of HTML (commonmark-spec's test/normalize.py, on Python's HTMLParser),
// ported: whitespace collapsed outside <pre> and dropped around block tags, attributes sorted and their values
// unescaped then escaped again, self-closing tags as open tags, references decoded but for < > & and ". Where it
// departs from Python's parser (every HTML5 entity name decoded, not HTML 4's alone; a tag it cannot read kept
// as text), it does so alike for both sides of a comparison.
import MarkdownIt from "markdown-it";

const { unescapeAll } = new MarkdownIt().utils;

const BLOCK_TAGS = new Set(
  (
    "article header aside hgroup blockquote hr iframe body li map button object canvas ol caption output col p " +
    "colgroup pre dd progress div section dl table td dt tbody embed textarea fieldset tfoot figcaption th figure " +
    "thead footer tr form ul h1 h2 h3 h4 h5 h6 video script style"
  ).split(" "),
);
// Python's \s in a str pattern: Unicode white space, with the separators \x1c-\x1f and \x85 that JavaScript's lacks.
const SPACE = String.raw`[\s\x1c-\x1f\x85]`;
const WHITESPACE = new RegExp(`${SPACE}+`, "g");
const LEADING_WHITESPACE = new RegExp(`^${SPACE}+`);
const CHUNK = /(<!\[CDATA\[.*?\]\]>|<[^>]*>|[^<]+)/g;
// HTMLParser's tolerant start tag: its name, then attributes (quoted, unquoted or bare), then > or />.
const VALUE = String.raw`(?:\s*=+\s*(?:'[^']*'|"[^"]*"|(?!['"])[^>\s]*))?`;
const START_TAG = new RegExp(
  String.raw`^<([a-zA-Z][^\t\n\r\f />\x00]*)((?:[\s/]*(?:(?<=['"\s/])[^\s/>][^\s/=>]*)${VALUE}\s*)*)\s*(\/?)>$`,
  "s",
);
const ATTRIBUTE = /((?<=['"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*('[^']*'|"[^"]*"|(?!['"])[^>\s]*))?(?:\s|\/(?!>))*/gs;
const END_TAG = /^<\/\s*([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>$/s;
const CHARREF = /^&#(?:([0-9]+)|[xX]([0-9a-fA-F]+));?/;
const ENTITYREF = /^&([a-zA-Z][-.a-zA-Z0-9]*);?/;

class Normalizer {
  output = "";
  last = "starttag";
  lastTag = "";
  inPre = false;

  data(text: string): void {
    let data = text;
    const afterTag = this.last === "endtag" || this.last === "starttag";
    const afterBlockTag = afterTag && BLOCK_TAGS.has(this.lastTag);
    if (afterTag && this.lastTag === "br") data = data.replace(/^\n+/, "");
    if (!this.inPre) data = data.replace(WHITESPACE, " ");
    if (afterBlockTag && !this.inPre) {
      if (this.last === "starttag") data = data.replace(LEADING_WHITESPACE, "");
      else if (this.last === "endtag") data = data.trim();
    }
    this.output += data;
    this.last = "data";
  }

  startTag(tag: string, attributes: Array<[string, string | undefined]>, selfClosing: boolean): void {
    if (tag === "pre") this.inPre = true;
    if (BLOCK_TAGS.has(tag)) this.output = this.output.trimEnd();
    this.output += `<${tag}`;
    const sorted = attributes.sort(([a, x], [b, y]) => (a === b ? String(x).localeCompare(String(y)) : a < b ? -1 : 1));
    for (const [name, value] of sorted)
      this.output += value === undefined ? ` ${name}` : ` ${name}="${escapeValue(value)}"`;
    this.output += ">";
    this.lastTag = tag;
    this.last = selfClosing ? "endtag" : "starttag";
  }

  endTag(tag: string): void {
    if (tag === "pre") this.inPre = false;
    else if (BLOCK_TAGS.has(tag)) this.output = this.output.trimEnd();
    this.output += `</${tag}>`;
    this.lastTag = tag;
    this.last = "endtag";
  }

  raw(text: string, kind: string): void {
    this.output += text;
    this.last = kind;
  }

  /** A reference: its character (< > & " as entities), or as written when it names none. */
  reference(char: string | undefined, written: string): void {
    const entities: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" };
    this.output += char === undefined ? written : (entities[char] ?? char);
    this.last = "ref";
  }
}

const escapeValue = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Text between tags: data, and each character or entity reference on its own (convert_charrefs is off). */
function feedText(parser: Normalizer, text: string): void {
  let rest = text;
  while (rest) {
    const amp = rest.indexOf("&");
    if (amp !== 0) parser.data(amp < 0 ? rest : rest.slice(0, amp));
    if (amp < 0) return;
    rest = rest.slice(amp);
    const char = CHARREF.exec(rest);
    const entity = char ? null : ENTITYREF.exec(rest);
    if (char) parser.reference(codePoint(char[1] ? Number(char[1]) : Number.parseInt(char[2], 16)), char[0]);
    else if (entity) parser.reference(named(entity[1]), `&${entity[1]};`);
    else parser.data("&");
    rest = rest.slice(char?.[0].length ?? entity?.[0].length ?? 1);
  }
}

function codePoint(n: number): string | undefined {
  return n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

/** The character an entity names, or undefined. */
function named(name: string): string | undefined {
  const char = unescapeAll(`&${name};`);
  return char !== `&${name};` ? char : undefined;
}

/** An attribute's value with its references decoded (Python's html.unescape). */
const unescapeValue = (value: string) =>
  value.replace(/&(?:#(\d+)|#[xX]([\da-fA-F]+)|([a-zA-Z][a-zA-Z\d]*));/g, (written, dec, hex, name) =>
    name ? (named(name) ?? written) : (codePoint(dec ? Number(dec) : Number.parseInt(hex, 16)) ?? written),
  );

function feedTag(parser: Normalizer, chunk: string): void {
  const start = START_TAG.exec(chunk);
  const end = start ? null : END_TAG.exec(chunk);
  if (start) {
    const attributes = [...start[2].matchAll(ATTRIBUTE)].map(([, name, , value]): [string, string | undefined] => [
      name.toLowerCase(),
      value === undefined ? undefined : unescapeValue(value.replace(/^(['"])([\s\S]*)\1$/, "$2")),
    ]);
    parser.startTag(start[1].toLowerCase(), attributes, start[3] === "/");
  } else if (end) parser.endTag(end[1].toLowerCase());
  else if (chunk.startsWith("<!--") && chunk.endsWith("-->")) parser.raw(chunk, "comment");
  else if (chunk.startsWith("<?")) parser.raw(chunk, "pi");
  else if (/^<!doctype/i.test(chunk) || chunk.startsWith("<![")) parser.raw(chunk, "decl");
  else if (chunk.startsWith("<!")) parser.raw(`<!--${chunk.slice(2, -1)}-->`, "comment");
  else feedText(parser, chunk);
}

/** HTML as the spec's tests compare it. */
export function normalizeHtml(html: string): string {
  const parser = new Normalizer();
  // Python's HTMLParser keeps what it cannot finish (a comment holding ">") until the next chunk: so does this.
  let pending = "";
  for (const [chunk] of html.matchAll(CHUNK)) {
    if (chunk.startsWith("<![CDATA")) {
      parser.raw(chunk, parser.last);
      continue;
    }
    const text = pending + chunk;
    if (text.startsWith("<!--") && !text.endsWith("-->")) {
      pending = text;
      continue;
    }
    pending = "";
    if (text.startsWith("<")) feedTag(parser, text);
    else feedText(parser, text);
  }
  if (pending) feedText(parser, pending);
  return parser.output;
}
