// The import graph of a source folder, read by dependency-cruiser (type-only and dynamic imports included),
// checked for cycles and against an order of stages: a module may import its own folder or a lower stage; and the
// imports into a subsystem's folder from outside it, which go through its entry file.
import { readFileSync, readdirSync } from "node:fs";
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
 * lowest first ("." for the files directly under `dir`). A module under no listed stage is a problem of its own
 * ("upward", to "(no stage)").
 */
export async function importProblems(cwd: string, dir: string, stages: string[]): Promise<ImportProblem[]> {
  const { output } = await cruise([dir], {
    baseDir: cwd,
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  });
  if (typeof output === "string") throw new Error("dependency-cruiser answered text, not a graph");
  // A file directly under `dir` that is not a stage of its own belongs to ".", when the stages list it.
  const stageOf = (file: string) => {
    const [first, ...rest] = path.posix.relative(dir, file).split("/");
    return stages.indexOf(rest.length === 0 && !stages.includes(first) ? "." : first);
  };
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

/**
 * Each import, static or dynamic, of a module inside a subsystem (a folder two or more levels under `dir`) from a
 * module outside it that does not name the subsystem's entry, its `index.ts`: as "from -> to", relative to `cwd`.
 */
export function entryProblems(cwd: string, dir: string): string[] {
  const root = path.join(cwd, dir);
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((folder) => path.relative(root, folder).split(path.sep).length >= 2);
  const problems: string[] = [];
  for (const entry of entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name))) {
    const file = path.join(entry.parentPath, entry.name);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), spec);
      const inside = (folder: string) => target.startsWith(folder + path.sep) && !file.startsWith(folder + path.sep);
      const folder = folders.filter(inside).sort((a, b) => a.length - b.length)[0];
      if (folder && target !== path.join(folder, "index.ts")) {
        problems.push(`${path.relative(cwd, file)} -> ${path.relative(cwd, target)}`);
      }
    }
  }
  return problems;
}
