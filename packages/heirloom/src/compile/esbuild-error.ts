// Turns an esbuild failure into a located TemplateCompileError.
import path from "node:path";
import { CompileFailed } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { type LinkOut, linkOutError } from "./site-folder.ts";

interface EsbuildMessage {
  text: string;
  /** What a plugin of the engine found: a link out of the site's folder (located here), or its own error. */
  detail?: { leaving?: LinkOut; error?: HeirloomError };
  location?: { file: string; line: number; column: number } | null;
}

/**
 * The first esbuild message as a HeirloomError; esbuild columns are 0-based, ours 1-based. esbuild names
 * files relative to `workingDir`; the error names them relative to the project root, like content errors.
 */
export function esbuildError(
  error: unknown,
  what: string,
  fallbackFile: string,
  hint: string,
  workingDir: string,
  root: string,
): HeirloomError {
  const first = (error as { errors?: EsbuildMessage[] }).errors?.[0];
  const where = first?.location;
  const relative = (file: string) => path.relative(root, path.resolve(workingDir, file)).split(path.sep).join("/");
  const location = where
    ? { file: relative(where.file), line: where.line, column: where.column + 1 }
    : { file: relative(fallbackFile) };
  if (first?.detail?.leaving) return linkOutError(root, first.detail.leaving, location);
  if (first?.detail?.error) return first.detail.error;
  return errorFrom(CompileFailed, { what, reason: first?.text ?? String(error), hint }, { location, cause: error });
}
