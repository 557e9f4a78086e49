// The site definition's file, and where in its text a thing is written, for the locations of problems.

export const DEFINITION_FILE = "site.config.ts";

/** The 1-based line and column where `near` is first written in the file, if it is. */
export function locate(source: string, near?: string): { file: string; line?: number; column?: number } {
  const written = near && new RegExp(`["'\`]?${near.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]?`);
  const offset = written ? source.search(written) : -1;
  if (offset < 0) return { file: DEFINITION_FILE };
  const before = source.slice(0, offset).split("\n");
  return { file: DEFINITION_FILE, line: before.length, column: before[before.length - 1].length + 1 };
}

/** Where the collection `name` is declared (`name: defineCollection(`), else where its name is first written. */
export function locateCollection(source: string, name: string): { file: string; line?: number; column?: number } {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const offset = source.search(new RegExp(`["'\`]?\\b${escaped}["'\`]?\\s*:\\s*defineCollection\\(`));
  if (offset < 0) return locate(source, name);
  const before = source.slice(0, offset).split("\n");
  return { file: DEFINITION_FILE, line: before.length, column: before[before.length - 1].length + 1 };
}
