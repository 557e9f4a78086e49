// Feeds read as a reader would, strictly: XML that fast-xml-parser's validator accepts (well-formed, every & an
// entity), then the elements RSS 2.0 and Atom 1.0 (RFC 4287) require with their dates' forms; JSON Feed 1.1 checked
// against its schema (json-feed-1.1.schema.json, written from the spec) by Ajv with ajv-formats' "uri" and RFC 3339
// "date-time". Both packages are the JavaScript world's most used XML validator and JSON Schema validator, kept up
// by their authors, and dependencies of the tests only.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";

/** RFC 822's date-time (section 5) with a four-digit year, as RSS 2.0 asks. */
export const RFC_822 = new RegExp(
  "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} " +
    "\\d{2}:\\d{2}:\\d{2} (GMT|UT|[+-]\\d{4})$",
);
/** RFC 3339's date-time. */
export const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  trimValues: false,
  isArray: (_name, path) => ["rss.channel.item", "feed.entry", "feed.link", "feed.entry.link"].includes(String(path)),
});

type Node = Record<string, unknown>;
const textOf = (node: unknown) =>
  typeof node === "object" && node ? String((node as Node)["#text"] ?? "") : String(node);
const absolute = (url: unknown) => expect(String(url)).toMatch(/^https?:\/\/[^/]+\//);

/** The XML parsed, once the validator accepts it. */
function parsedXml(xml: string): Node {
  const valid = XMLValidator.validate(xml);
  expect(valid, JSON.stringify(valid)).toBe(true);
  expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n')).toBe(true);
  return parser.parse(xml) as Node;
}

/** An RSS 2.0 feed's channel, its required elements, URLs and dates checked. */
export function readRss(xml: string): { channel: Node; items: Node[] } {
  const rss = parsedXml(xml).rss as Node;
  expect(rss["@version"]).toBe("2.0");
  const channel = rss.channel as Node;
  for (const required of ["title", "link", "description"])
    expect(textOf(channel[required]).trim(), required).not.toBe("");
  absolute(textOf(channel.link));
  const self = (channel["atom:link"] as Node[] | Node | undefined) ?? {};
  expect([self].flat()[0]).toMatchObject({ "@rel": "self", "@type": "application/rss+xml" });
  if (channel.lastBuildDate) expect(textOf(channel.lastBuildDate)).toMatch(RFC_822);
  const items = (channel.item as Node[] | undefined) ?? [];
  const guids = new Set<string>();
  for (const item of items) {
    expect(item.title ?? item.description, "an item has a title or a description").toBeDefined();
    absolute(textOf(item.link));
    expect(textOf(item.pubDate)).toMatch(RFC_822);
    guids.add(textOf(item.guid));
  }
  expect(guids.size, "each item's guid is its own").toBe(items.length);
  return { channel, items };
}

/** An Atom 1.0 feed, the elements RFC 4287 requires of it and its entries checked (ids absolute IRIs, dates). */
export function readAtom(xml: string): { feed: Node; entries: Node[] } {
  const feed = parsedXml(xml).feed as Node;
  expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
  for (const required of ["id", "title", "updated"]) expect(textOf(feed[required]).trim(), required).not.toBe("");
  absolute(textOf(feed.id));
  expect(textOf(feed.updated)).toMatch(RFC_3339);
  const links = feed.link as Node[];
  expect(links.find((l) => l["@rel"] === "self")).toMatchObject({ "@type": "application/atom+xml" });
  const entries = (feed.entry as Node[] | undefined) ?? [];
  // An entry without an author of its own takes the feed's, which it must then have.
  if (entries.length) expect(textOf((feed.author as Node).name).trim()).not.toBe("");
  const ids = new Set<string>();
  for (const entry of entries) {
    for (const required of ["id", "title", "updated"]) expect(textOf(entry[required]).trim(), required).not.toBe("");
    absolute(textOf(entry.id));
    expect(textOf(entry.updated)).toMatch(RFC_3339);
    if (entry.published) expect(textOf(entry.published)).toMatch(RFC_3339);
    expect(entry.content ?? (entry.link as Node[]).find((l) => l["@rel"] === "alternate")).toBeDefined();
    ids.add(textOf(entry.id));
  }
  expect(ids.size, "each entry's id is its own").toBe(entries.length);
  return { feed, entries };
}

// Strict but for "required" in anyOf, which names properties declared beside it (content_html or content_text).
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv, ["uri", "date-time"]);
const schema = JSON.parse(readFileSync(fileURLToPath(new URL("json-feed-1.1.schema.json", import.meta.url)), "utf8"));
const validJsonFeed = ajv.compile(schema);

/** A JSON Feed 1.1, valid against the spec's schema. */
export function readJsonFeed(text: string): Node & { items: Node[] } {
  const feed = JSON.parse(text);
  expect(validJsonFeed(feed) ? [] : validJsonFeed.errors).toEqual([]);
  return feed;
}

/** A text value of a parsed XML element. */
export { textOf };
