// The documentation's templates: the document shell and its page templates.
export { Document } from "./Document.tsx";
import { Command, ErrorEntry, Guide, Home, Option, Page, ReferenceIndex } from "./pages.tsx";

export const templates = {
  home: Home,
  page: Page,
  guide: Guide,
  reference: ReferenceIndex,
  command: Command,
  option: Option,
  error: ErrorEntry,
};
