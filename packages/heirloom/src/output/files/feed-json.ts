// JSON Feed 1.1 (https://jsonfeed.org/version/1.1): the same items as the XML feeds, dates in RFC 3339, each item's
// body as content_html (content_text, empty, for one without a body: the spec asks for one of the two).
import type { FeedView } from "./feed-view.ts";

/** The feed in JSON Feed 1.1. */
export function jsonFeed({ feed, self, home, items }: FeedView): string {
  const document = {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: home,
    feed_url: self,
    ...(feed.description ? { description: feed.description } : {}),
    ...(feed.locale ? { language: feed.locale } : {}),
    authors: [{ name: feed.author }],
    items: items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      ...(item.summary ? { summary: item.summary } : {}),
      ...(item.html ? { content_html: item.html } : { content_text: "" }),
      date_published: item.updated,
      date_modified: item.updated,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
