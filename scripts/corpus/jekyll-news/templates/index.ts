// The Jekyll news port's templates: the document shell, the news list, a post, a category and the categories.
export { Document } from "./Document.tsx";
import { Categories, Category, News, Page, Post } from "./pages.tsx";

export const templates = { news: News, post: Post, category: Category, categories: Categories, page: Page };
