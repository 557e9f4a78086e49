// An MDX file's `import` lines as another engine's docs write them (`import { Tabs } from "@astrojs/starlight/…"`):
// taken out of the body as it compiles, each name they bind then looked up among templates/mdx.ts's components;
// `export const name = <plain data>` kept for the body's expressions.
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
  declaration?: { type: string; kind?: string; declarations?: Array<{ init?: Expression | null }> } | null;
  source?: { value?: unknown };
  // Placed by offset: the `loc` of a statement's nodes is wrong after some constructs earlier in the body.
  specifiers?: Array<{ local: { name: string }; start?: number }>;
}

interface Expression {
  type: string;
  expressions?: unknown[];
  elements?: Array<Expression | null>;
  properties?: Array<{ type: string; computed?: boolean; value?: Expression; argument?: Expression }>;
  argument?: Expression;
  operator?: string;
}

/** A literal, or an array or object of them (a template literal without ${}, a negative number): data, no code. */
function isPlainData(node: Expression | null | undefined): boolean {
  if (!node) return false;
  if (node.type === "Literal") return true;
  if (node.type === "TemplateLiteral") return node.expressions?.length === 0;
  if (node.type === "UnaryExpression") return node.operator === "-" && node.argument?.type === "Literal";
  if (node.type === "ArrayExpression") return (node.elements ?? []).every(isPlainData);
  if (node.type !== "ObjectExpression") return false;
  return (node.properties ?? []).every((p) => p.type === "Property" && !p.computed && isPlainData(p.value));
}

/** `export const a = …, b = …` whose every value is plain data. */
const isDataExport = (s: Statement) =>
  s.type === "ExportNamedDeclaration" &&
  s.declaration?.type === "VariableDeclaration" &&
  s.declaration.kind === "const" &&
  (s.declaration.declarations ?? []).every((d) => isPlainData(d.init));

const isNamedImport = (s: Statement) => s.type === "ImportDeclaration" && (s.specifiers?.length ?? 0) > 0;

/**
 * Removes the body's import statements from the tree and returns the names they bind, keeping its exports of
 * plain data; returns the first ESM node that holds anything else (an export of code or of a function, an import
 * that binds nothing, such as a stylesheet's) as `refused`.
 */
export function liftImports<Node extends EsmNode & { children?: Node[] }>(tree: {
  children?: Node[];
}): {
  imports: MdxImport[];
  refused?: Node;
} {
  const imports: MdxImport[] = [];
  // ESM may sit inside a component's children too (<Preview> … import x from "…" … </Preview>).
  const lift = (parent: { children?: Node[] }): Node | undefined => {
    for (const node of parent.children ?? []) {
      const refused = node.type === "mdxjsEsm" ? liftFrom(node, imports) : lift(node);
      if (refused) return refused;
    }
    const emptied = (node: Node) => (node.data as { estree?: { body: unknown[] } } | undefined)?.estree?.body.length;
    if (parent.children) parent.children = parent.children.filter((n) => n.type !== "mdxjsEsm" || emptied(n));
  };
  const refused = lift(tree);
  return refused ? { imports, refused } : { imports };
}

/** Takes the named imports of one ESM node into `imports`; returns the node if it holds what is refused. */
function liftFrom<Node extends EsmNode>(node: Node, imports: MdxImport[]): Node | undefined {
  const estree = (node.data as { estree?: { body: Statement[] } } | undefined)?.estree;
  const statements = estree?.body ?? [];
  const allowed = statements.every((s) => isNamedImport(s) || isDataExport(s));
  if (!estree || !allowed || statements.length === 0) return node;
  // MDX compiles the node from its estree: without the imports, the exports alone.
  estree.body = statements.filter((s) => !isNamedImport(s));
  for (const statement of statements.filter(isNamedImport)) {
    for (const { local, start } of statement.specifiers ?? []) {
      imports.push({ name: local.name, source: String(statement.source?.value), ...placeIn(node, start) });
    }
  }
  return undefined;
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
