// A site's islands are the scripts directly in templates/interactive/ (Fresh's convention): each file one island,
// named after the file, its default export the component. The folder is not templates/islands/, which holds
// the plain client script every page loads. Listed for the templates' compile, which registers each component
// (the render knows an island by its function alone), and for the browser's bundle, one module each.
import { readdirSync } from "node:fs";
import path from "node:path";
import { IslandFileName, IslandNameReserved, IslandNameTaken } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";

/** The folder of templates/ whose scripts are islands. */
export const ISLANDS_FOLDER = "interactive";

export interface IslandFile {
  /** The file's name without its extension: how pages, the bundle and the browser name the island. */
  name: string;
  /** Absolute path. */
  file: string;
}

const SCRIPT = /\.(?:tsx|jsx|ts|js|mts|mjs)$/;
const NAME = /^[A-Za-z][\w-]*$/;

/**
 * The names of the engine's own modules in the islands' bundle (assets/island-client.ts): an island of one of
 * these names would take the module's place among the bundle's entries.
 */
export const RESERVED_ISLAND_NAMES = ["loader", "runtime"];

/** The islands of templates/ (none without an interactive/ folder) and the files that cannot be one. */
export function listIslands(templatesDir: string, root: string): { islands: IslandFile[]; errors: HeirloomError[] } {
  const dir = path.join(templatesDir, ISLANDS_FOLDER);
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((e) => !e.isDirectory() && SCRIPT.test(e.name) && !e.name.endsWith(".d.ts"))
      .map((e) => e.name)
      .sort();
  } catch {
    return { islands: [], errors: [] };
  }
  const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const islands: IslandFile[] = [];
  const errors: HeirloomError[] = [];
  for (const base of names) {
    const file = path.join(dir, base);
    const name = base.replace(SCRIPT, "");
    const problem = nameProblem(name, relative(file), islands, relative);
    if (problem) errors.push(problem);
    else islands.push({ name, file });
  }
  return { islands, errors };
}

/** Why the file `file` cannot be the island `name` beside those listed before it, or undefined when it can. */
function nameProblem(name: string, file: string, islands: IslandFile[], relative: (file: string) => string) {
  const location = { file };
  const taken = islands.find((island) => island.name === name);
  if (!NAME.test(name)) return errorFrom(IslandFileName, { file, name }, { location });
  if (RESERVED_ISLAND_NAMES.includes(name)) {
    return errorFrom(IslandNameReserved, { file, name, reserved: RESERVED_ISLAND_NAMES }, { location });
  }
  if (taken) return errorFrom(IslandNameTaken, { file, other: relative(taken.file), name }, { location });
  return undefined;
}

/** The export the templates' compile adds to templates/index.ts: every island's module, by name. */
export const REGISTRY_EXPORT = "__heirloomIslands";

/**
 * Code appended to templates/index.ts for its compile: it imports every island's module and exports them by
 * name, so that the compiled templates and the engine hold the same component functions.
 */
export function registrySource(islands: IslandFile[]): string {
  if (islands.length === 0) return "";
  const imports = islands.map((island, i) => `import * as __heirloomIsland${i} from ${JSON.stringify(island.file)};`);
  const entries = islands.map((island, i) => `${JSON.stringify(island.name)}: __heirloomIsland${i}`);
  return `\n${imports.join("\n")}\nexport const ${REGISTRY_EXPORT} = { ${entries.join(", ")} };\n`;
}
