// The entry of content/frontmatter/: what the rest of the engine uses of it.
export { ContentDate, contentDate } from "./content-date.ts";
export { dateParts, datedFileName, isoDate, offCalendar, offCalendarFileName } from "./dates.ts";
export { readSource, toRawEntry } from "./front-matter.ts";
export type { ParsedSource, RawEntry } from "./front-matter.ts";
export { readWrittenDate } from "./written-date.ts";
export { guessFields } from "./yaml-positions.ts";
export { dataLanguage, readDataFile } from "./data-file.ts";
