// `heirloom check`: the content, every internal link and the types of site.config.ts and templates/, with
// every problem of all three reported in one run; nothing is written.
import { existsSync } from "node:fs";
import path from "node:path";
import { checkSite } from "../pipeline/build.ts";
import { type BuildOptions, resolvePaths } from "../config/options.ts";
import { DEFINITION_FILE } from "../config/definition-file.ts";
import { type HeirloomError, errorsOf, throwIfAny } from "../errors/errors.ts";
import { startTypeCheckWorker } from "./typecheck.ts";

/** Checks the project; throws a BuildFailure listing every problem. */
export async function checkProject(options: BuildOptions = {}): Promise<{ pages: number; warnings: string[] }> {
  const paths = resolvePaths(options);
  // The type check runs in a worker thread meanwhile; a folder that is no project has only its missing
  // site.config.ts to report.
  const worker =
    existsSync(path.join(paths.root, DEFINITION_FILE)) && existsSync(paths.templatesDir)
      ? startTypeCheckWorker(paths.root, paths.templatesDir)
      : undefined;
  try {
    const types = worker?.check();
    types?.catch(() => undefined); // awaited below, after the content check
    const problems: HeirloomError[] = [];
    let pages = 0;
    let warnings: string[] = [];
    try {
      ({ pages, warnings } = await checkSite(options));
    } catch (error) {
      if (errorsOf(error).length === 0) throw error;
      problems.push(...errorsOf(error));
    }
    problems.push(...((await types) ?? []));
    throwIfAny(problems);
    return { pages, warnings };
  } finally {
    await worker?.close();
  }
}
