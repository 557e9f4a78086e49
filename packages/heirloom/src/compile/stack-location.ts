// Where in a site's own source an error was thrown: the first frame of its stack inside a compiled module,
// mapped back through the module's source map to the file, line and column the author wrote. The map is
// read only when an error asks.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import type { SourceLocation } from "../errors/errors.ts";

/** "at Name (/abs/file.cjs:12:5)" or "at /abs/file.cjs:12:5": the file, line and column of a frame. */
const FRAME = /^\s*at (?:.*?\()?(.+?):(\d+):(\d+)\)?$/;

/**
 * A function giving the author's location of an error thrown in the compiled `file` (with its map at
 * `file`.map, sources relative to `root`); undefined when no frame is in the file or the map cannot be read.
 */
export function stackLocator(file: string, root: string): (error: unknown) => SourceLocation | undefined {
  let map: SourceMap | null | undefined;
  return (error) => {
    const stack = error instanceof Error && typeof error.stack === "string" ? error.stack : "";
    for (const line of stack.split("\n")) {
      const frame = FRAME.exec(line);
      if (!frame || frame[1] !== file) continue;
      map ??= readMap(`${file}.map`);
      const entry = map?.findEntry(Number(frame[2]) - 1, Number(frame[3]) - 1);
      if (!entry || !("originalSource" in entry) || !entry.originalSource) return undefined;
      const source = path.resolve(root, entry.originalSource);
      // A frame inside a package bundled into the module: the author's own code called it further down.
      if (source.split(path.sep).includes("node_modules")) continue;
      const relative = path.relative(root, source).split(path.sep).join("/");
      return { file: relative, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
    }
    return undefined;
  };
}

function readMap(file: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}
