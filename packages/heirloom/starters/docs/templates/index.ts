// What the engine renders: the document every page is placed in, and the page templates by the name a page's
// `template` field (or a route in site.config.ts) gives.
import { Guide, Home, Page } from "./pages.tsx";

export { Document } from "./Document.tsx";

export const templates = { home: Home, page: Page, guide: Guide };
