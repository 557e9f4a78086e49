// Where templates/ writes a link, for the messages of the link check: the first place a template's source gives the
// URL, in quotes of its own, to an href or src attribute, an href() call or an href: field.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { SourceLocation } from "../../errors/errors.ts";

const SOURCE = /\.(?:[cm]?[jt]sx?|mdx)$/;

/**
 * Finds where the templates' sources write one of the URLs given (the first file in name order, then the first
 * place in it); the files are read on the first search, which only a link no content file holds needs.
 */
export function templateLinkFinder(templatesDir: string, root: string): (urls: string[]) => SourceLocation | undefined {
  let sources: Array<{ file: string; text: string }> | undefined;
  return (urls) => {
    sources ??= readSources(templatesDir, root);
    const escaped = urls.map((url) => url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
    const written = new RegExp(`\\b(?:href|src)\\s*(?:=\\s*\\{?\\s*|\\(\\s*|:\\s*)((["'\`])(?:${escaped})\\2)`);
    for (const { file, text } of sources) {
      const match = written.exec(text);
      if (!match) continue;
      const before = text.slice(0, match.index + match[0].length - match[1].length).split("\n");
      return { file, line: before.length, column: before[before.length - 1].length + 1 };
    }
    return undefined;
  };
}

/** The templates' source files, by their path as the user reads it (below the project, or absolute). */
export function readSources(templatesDir: string, root: string): Array<{ file: string; text: string }> {
  let entries: string[];
  try {
    entries = readdirSync(templatesDir, { recursive: true, encoding: "utf8" }).filter((name) => SOURCE.test(name));
  } catch {
    return [];
  }
  return entries.sort().flatMap((name) => {
    const full = path.join(templatesDir, name);
    const relative = path.relative(root, full);
    const file = relative.startsWith("..") || path.isAbsolute(relative) ? full : relative.split(path.sep).join("/");
    try {
      return [{ file, text: readFileSync(full, "utf8") }];
    } catch {
      return []; // a folder named like a source, or a file gone since: nothing to point at
    }
  });
}
