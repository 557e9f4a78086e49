// What the engine renders: the layout every page is placed in, and the page templates by the name a page's
// `template` field gives.
import { Page } from "./Page.tsx";

export { Layout as Document } from "./Layout.tsx";

export const templates = { page: Page };
