// Turns an esbuild failure into a located TemplateCompileError.
import { HeirloomError } from "./errors.ts";

interface EsbuildMessage {
  text: string;
  location?: { file: string; line: number; column: number } | null;
}

/** The first esbuild message as a HeirloomError; esbuild columns are 0-based, ours 1-based. */
export function esbuildError(error: unknown, what: string, fallbackFile: string, hint: string): HeirloomError {
  const first = (error as { errors?: EsbuildMessage[] }).errors?.[0];
  const where = first?.location;
  return new HeirloomError("TemplateCompileError", `Could not compile ${what}: ${first?.text ?? String(error)}`, {
    location: where ? { file: where.file, line: where.line, column: where.column + 1 } : { file: fallbackFile },
    hint,
    cause: error,
  });
}
