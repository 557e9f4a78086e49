// What the engine renders: the layout every page is placed in, and the page templates by the name a page's
// `template` field (or a route in site.config.ts) gives.
import { List, Home, Page, Post, Tag, Tags, Year, Years } from "./pages.tsx";

export { Layout as Document } from "./Layout.tsx";

export const templates = {
  home: Home,
  list: List,
  post: Post,
  page: Page,
  tag: Tag,
  tags: Tags,
  year: Year,
  years: Years,
};
