// The entry of content/frontmatter/: what the rest of the engine uses of it.
export { dateParts, datedFileName, isoDate, offCalendar, offCalendarFileName } from "./dates.ts";
export { readSource, toRawEntry } from "./front-matter.ts";
export type { ParsedSource, RawEntry } from "./front-matter.ts";
export { guessFields } from "./yaml-positions.ts";
export { dataLanguage, readDataFile } from "./data-file.ts";
