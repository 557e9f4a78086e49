// What a feed's writer is given: the feed as every format says it, its URLs absolute, its dates in RFC 3339.
import type { FeedSpec } from "../../routes/types.ts";

/** One item of a feed: its page's absolute URL (or its list's), title, date, summary and HTML with absolute links. */
export interface FeedViewItem {
  url: string;
  /** Unique in the feed: its page's URL; one without a page of its own is told apart from its list's by its slug. */
  id: string;
  title: string;
  /** RFC 3339, in UTC ("2024-01-05T08:30:00Z"). */
  updated: string;
  summary?: string;
  html?: string;
}

/** A feed to write: its spec, its own and its list's absolute URLs, the date of its newest item, its items. */
export interface FeedView {
  feed: FeedSpec;
  self: string;
  home: string;
  updated: string;
  items: FeedViewItem[];
}
