// The XML feeds: Atom 1.0 (RFC 4287, dates in RFC 3339) and RSS 2.0 (dates in RFC 822, the body in
// content:encoded, the feed's own address in atom:link as the RSS Advisory Board advises), every text escaped.
import type { FeedView } from "./feed-view.ts";
import { escapeXml } from "./hosting.ts";

/** The feed in Atom 1.0. */
export function atomFeed({ feed, self, home, updated, items }: FeedView): string {
  const entries = items.map((item) =>
    [
      "  <entry>",
      `    <title>${text(item.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${text(item.url)}"/>`,
      `    <id>${text(item.id)}</id>`,
      `    <published>${item.updated}</published>`,
      `    <updated>${item.updated}</updated>`,
      item.summary ? `    <summary>${text(item.summary)}</summary>` : "",
      item.html ? `    <content type="html">${text(item.html)}</content>` : "",
      "  </entry>",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  const lang = feed.locale ? ` xml:lang="${text(feed.locale)}"` : "";
  const subtitle = feed.options.description ? `  <subtitle>${text(feed.options.description)}</subtitle>` : "";
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${lang}>`,
    `  <title>${text(feed.title)}</title>`,
    subtitle,
    `  <link rel="self" type="application/atom+xml" href="${text(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${text(home)}"/>`,
    `  <id>${text(home)}</id>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${text(feed.author)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ]
    .filter((line, i, all) => line || i === all.length - 1)
    .join("\n");
}

const RSS_NAMESPACES = [
  'xmlns:atom="http://www.w3.org/2005/Atom"',
  'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
].join(" ");

/**
 * The feed in RSS 2.0. An item's description is its summary, or else its body; the body is in content:encoded
 * too. The author is dc:creator: RSS's own author element must be an email address.
 */
export function rssFeed({ feed, self, home, updated, items }: FeedView): string {
  const creator = `      <dc:creator>${text(feed.author)}</dc:creator>`;
  const entries = items.map((item) => {
    const description = item.summary ?? item.html;
    return [
      "    <item>",
      `      <title>${text(item.title)}</title>`,
      `      <link>${text(item.url)}</link>`,
      `      <guid isPermaLink="${item.id === item.url}">${text(item.id)}</guid>`,
      `      <pubDate>${rfc822(item.updated)}</pubDate>`,
      creator,
      description ? `      <description>${text(description)}</description>` : "",
      item.html ? `      <content:encoded>${text(item.html)}</content:encoded>` : "",
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rss version="2.0" ${RSS_NAMESPACES}>`,
    "  <channel>",
    `    <title>${text(feed.title)}</title>`,
    `    <link>${text(home)}</link>`,
    `    <description>${text(feed.description ?? feed.title)}</description>`,
    feed.locale ? `    <language>${text(feed.locale)}</language>` : "",
    `    <atom:link href="${text(self)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${rfc822(updated)}</lastBuildDate>`,
    "    <generator>Heirloom</generator>",
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line, i, all) => line || i === all.length - 1)
    .join("\n");
}

/** An RFC 3339 date in UTC as RFC 822 with a four-digit year, as RSS 2.0 asks: "Fri, 05 Jan 2024 08:30:00 GMT". */
export function rfc822(date: string): string {
  return new Date(date).toUTCString();
}

/** XML text: escaped, and without the control characters XML forbids. */
function text(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return escapeXml(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ""));
}
