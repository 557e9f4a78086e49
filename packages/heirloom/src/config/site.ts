// Loads site.config.ts (compiled like the templates) and checks it (check-definition.ts). Every problem names
// site.config.ts, the line where it is written, and what to do.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type CompileContext, compileModule } from "../compile/compile-module.ts";
import { DefinitionFailed, NoDefinitionFile, compiledParts } from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";
import { resolveSite } from "./check-definition.ts";
import { DEFINITION_FILE } from "./definition-file.ts";
import type { ResolvedSite } from "./types.ts";

/** Compiles and checks the site.config.ts of the site `context` names (see CompileContext). */
export async function loadSite(context: CompileContext): Promise<ResolvedSite> {
  const file = assertProject(context.root);
  let compiled: Awaited<ReturnType<typeof compileModule>>;
  try {
    compiled = await compileModule({ ...context, name: "definition", entry: file, ...compiledParts.definition });
  } catch (error) {
    if (error instanceof HeirloomError && error.code === "TemplateCompileError") throw error;
    throw withLocation(error);
  }
  return { ...resolveSite(compiled.exports.default, readFileSync(file, "utf8")), hash: compiled.hash };
}

/**
 * The path of the project's site.config.ts; without one, an error that names the folder above that has
 * one (heirloom run from a subfolder), so nothing else is tried and reported in a folder that is no project.
 */
export function assertProject(root: string): string {
  const file = path.join(root, DEFINITION_FILE);
  if (existsSync(file)) return file;
  let above = path.dirname(root);
  while (!existsSync(path.join(above, DEFINITION_FILE)) && above !== path.dirname(above)) above = path.dirname(above);
  const found = existsSync(path.join(above, DEFINITION_FILE));
  throw errorFrom(NoDefinitionFile, { root, above: found ? above : undefined });
}

/** A failure while the definition ran, located at site.config.ts. */
function withLocation(error: unknown): HeirloomError {
  if (error instanceof HeirloomError) {
    const { code, message, location, hint, cause } = error;
    return new HeirloomError(code, message, { location: location ?? { file: DEFINITION_FILE }, hint, cause });
  }
  const reason = (error as Error)?.message ?? String(error);
  return errorFrom(DefinitionFailed, { reason }, { location: { file: DEFINITION_FILE }, cause: error });
}
