// The import graph of a source folder, read by dependency-cruiser (type-only and dynamic imports included),
// checked for cycles and against an order of stages: a module may import its own folder or a lower stage.
import path from "node:path";
import { cruise } from "dependency-cruiser";

export interface ImportProblem {
  kind: "cycle" | "upward";
  from: string;
  to: string;
  /** For a cycle: the modules around it, back to `from`. */
  cycle?: string[];
}

/**
 * Reads every import of the TypeScript files under `dir` (relative to `cwd`) and returns each import that
 * closes a cycle, and each that goes up `stages`: the names of the folders (or files) directly under `dir`,
 * lowest first. A module under no listed stage is a problem of its own ("upward", to "(no stage)").
 */
export async function importProblems(cwd: string, dir: string, stages: string[]): Promise<ImportProblem[]> {
  const { output } = await cruise([dir], {
    baseDir: cwd,
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  });
  if (typeof output === "string") throw new Error("dependency-cruiser answered text, not a graph");
  const stageOf = (file: string) => stages.indexOf(path.posix.relative(dir, file).split("/")[0]);
  const problems: ImportProblem[] = [];
  for (const module of output.modules) {
    if (!module.source.startsWith(`${dir}/`)) continue;
    if (stageOf(module.source) < 0) problems.push({ kind: "upward", from: module.source, to: "(no stage)" });
    for (const dependency of module.dependencies) {
      const to = dependency.resolved;
      if (!to.startsWith(`${dir}/`)) continue;
      if (dependency.circular) {
        const cycle = (dependency.cycle ?? []).map((step) => (typeof step === "string" ? step : step.name));
        problems.push({ kind: "cycle", from: module.source, to, cycle });
      }
      const [from, into] = [stageOf(module.source), stageOf(to)];
      const sameFolder = path.posix.dirname(module.source) === path.posix.dirname(to) || from === into;
      if (!sameFolder && from <= into) problems.push({ kind: "upward", from: module.source, to });
    }
  }
  return problems;
}
