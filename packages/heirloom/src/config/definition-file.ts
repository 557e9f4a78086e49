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
