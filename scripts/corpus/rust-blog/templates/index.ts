// The Rust blog port's templates: the document shell, each blog's list of posts, a post of either blog, a page.
export { Document } from "./Document.tsx";
import { BlogIndex, InsidePost, MainPost, Page } from "./pages.tsx";

export const templates = { index: BlogIndex, post: MainPost, insidePost: InsidePost, page: Page };
