// The catalogue's messages about the feeds a list declares in site.config.ts: their options and formats.
import { errorEntry as entry } from "../errors.ts";

export const FeedNotAnObject = entry("FeedNotAnObject", {
  code: "ConfigError",
  title: "A list's feed is not an object of options",
  message: ({ collection }: { collection: string }) =>
    `The feed of the list of "${collection}" in site.config.ts is not an object of feed options.`,
  hint: () =>
    'write feed: { path: "/blog/feed.xml" }, or a list of them for several formats: ' +
    'feed: [{ path: "/blog/feed.xml" }, { path: "/blog/feed.json" }].',
});

export const UnknownFeedOption = entry("UnknownFeedOption", {
  code: "ConfigError",
  title: "A feed names an option that does not exist",
  message: ({ collection, key }: { collection: string; key: string; known: string[] }) =>
    `The feed of the list of "${collection}" in site.config.ts has the option "${key}", which feeds do not have.`,
  hint: ({ known }) => `remove it, or use one of: ${known.join(", ")}.`,
});

export const BadFeedFormat = entry("BadFeedFormat", {
  code: "ConfigError",
  title: "A feed's format is not rss, atom or json",
  message: ({ collection, format }: { collection: string; format: string }) =>
    `The feed of the list of "${collection}" in site.config.ts has the format ${format}.`,
  hint: () =>
    'use "rss" (RSS 2.0), "atom" (Atom 1.0) or "json" (JSON Feed 1.1); without it a path ending in .json is a ' +
    "JSON Feed and any other an Atom feed.",
});

export const FeedItemNotAFunction = entry("FeedItemNotAFunction", {
  code: "ConfigError",
  title: "A feed's item is not a function",
  message: ({ collection }: { collection: string }) =>
    `The item of the feed of the list of "${collection}" in site.config.ts is not a function.`,
  hint: () =>
    "write a function from an entry to its item's fields, such as " +
    "item: (post) => ({ title: post.headline, date: post.published }).",
});
