// An MDX file's `import` lines as another engine's docs write them (`import { Tabs } from "@astrojs/starlight/…"`):
// taken out of the body as it compiles, each name they bind then looked up among templates/mdx.ts's components.
import { MdxImportMissing } from "../../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../../errors/errors.ts";

/** A name an import binds (its local name, the one the body writes), with the module named and its place. */
export interface MdxImport {
  name: string;
  source: string;
  /** In the body (not the file), 1-based. */
  line: number;
  column: number;
}

interface EsmNode {
  type: string;
  value?: string;
  data?: object;
  position?: { start: { line: number; column: number; offset?: number } };
}

interface Statement {
  type: string;
  source?: { value?: unknown };
  // Placed by offset: the `loc` of a statement's nodes is wrong after some constructs earlier in the body.
  specifiers?: Array<{ local: { name: string }; start?: number }>;
}

/**
 * Removes the body's import statements from the tree and returns the names they bind; returns the first ESM node
 * that is anything else (an export, an import that binds nothing, such as a stylesheet's) as `refused`.
 */
export function liftImports<Node extends EsmNode>(tree: {
  children?: Node[];
}): {
  imports: MdxImport[];
  refused?: Node;
} {
  const imports: MdxImport[] = [];
  for (const node of tree.children ?? []) {
    if (node.type !== "mdxjsEsm") continue;
    const statements = (node.data as { estree?: { body: Statement[] } } | undefined)?.estree?.body ?? [];
    const named = statements.every((s) => s.type === "ImportDeclaration" && (s.specifiers?.length ?? 0) > 0);
    if (!named || statements.length === 0) return { imports, refused: node };
    for (const statement of statements) {
      for (const { local, start } of statement.specifiers ?? []) {
        imports.push({ name: local.name, source: String(statement.source?.value), ...placeIn(node, start) });
      }
    }
  }
  if (imports.length > 0) tree.children = tree.children?.filter((node) => node.type !== "mdxjsEsm");
  return { imports };
}

/** The line and column (in the body) of an offset into the body that falls in `node`'s text. */
function placeIn(node: EsmNode, offset: number | undefined): { line: number; column: number } {
  const line = node.position?.start.line ?? 1;
  const from = node.position?.start.offset;
  if (offset === undefined || from === undefined || node.value === undefined) return { line, column: 1 };
  const before = node.value.slice(0, offset - from).split("\n");
  return { line: line + before.length - 1, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * One error per imported name that templates/mdx.ts (`components`, from `module`) does not export: the site's
 * component of that name stands for the module the file names, which is never loaded. `at.bodyLine` is the line
 * of the file the body starts at.
 */
export function missingImports(
  at: { file: string; bodyLine: number },
  imports: MdxImport[],
  components: Record<string, unknown>,
  module: string,
): HeirloomError[] {
  const { file } = at;
  return imports
    .filter(({ name }) => !Object.hasOwn(components, name))
    .map(({ name, source, line, column }) => {
      const location = { file, line: at.bodyLine + line - 1, column };
      return errorFrom(MdxImportMissing, { file, name, source, module }, { location });
    });
}
