// The Journal's templates: the document shell and its four page templates.
export { Document } from "./Document.tsx";
import { Blog, Home, Page, Post } from "./pages.tsx";

export const templates = { home: Home, blog: Blog, post: Post, page: Page };
