// The Starlight docs port's templates: the document shell, a doc page (Starlight's doc and splash), the 404 page.
export { Document } from "./Document.tsx";
import { Doc, Page } from "./pages.tsx";

export const templates = { doc: Doc, page: Page };
