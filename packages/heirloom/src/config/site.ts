// Loads site.config.ts (compiled like the templates) and checks it (check-definition.ts). Every problem names
// site.config.ts, the line where it is written, and what to do.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type CompileContext, compileModule } from "../compile/compile-module.ts";
import { SiteExit, exitError } from "../compile/site-code.ts";
import { tellBudget } from "../compile/stall.ts";
import { DefinitionFailed, NoDefinitionFile, compiledParts } from "../errors/catalogue.ts";
import { HeirloomError, type SourceLocation, errorFrom } from "../errors/errors.ts";
import { resolveSite } from "./checks/index.ts";
import { withLoadedEntries } from "./load-entries.ts";
import { DEFINITION_FILE } from "./definition-file.ts";
import type { ResolvedSite } from "./types.ts";

/** Compiles and checks the site.config.ts of the site `context` names (see CompileContext). */
export async function loadSite(context: CompileContext): Promise<ResolvedSite> {
  const file = assertProject(context.root);
  let compiled: Awaited<ReturnType<typeof compileModule>>;
  try {
    const request = { ...context, name: "definition", entry: file, loadFailed, ...compiledParts.definition };
    compiled = await compileModule(request);
  } catch (error) {
    if (error instanceof HeirloomError && error.code === "TemplateCompileError") throw error;
    throw withLocation(error);
  }
  const site = { ...resolveSite(compiled.exports.default, readFileSync(file, "utf8")), hash: compiled.hash };
  // From here on, site code that no budget of its own stops is held to this site's timeout (see compile/stall.ts).
  tellBudget(site.timeout);
  return withLoadedEntries(site);
}

/** A call of process.exit as site.config.ts loads, at its line; anything else it throws as it is. */
function loadFailed(error: unknown, at: SourceLocation | undefined): unknown {
  return error instanceof SiteExit ? exitError(error, at ?? { file: DEFINITION_FILE }, "while it was loaded") : error;
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
    const { code, id, message, location, hint, cause } = error;
    return new HeirloomError(code, message, { id, location: location ?? { file: DEFINITION_FILE }, hint, cause });
  }
  const reason = (error as Error)?.message ?? String(error);
  return errorFrom(DefinitionFailed, { reason }, { location: { file: DEFINITION_FILE }, cause: error });
}
