// The expressions of an MDX body ({…} in its text, and its components' attribute values and spreads), each compiled
// to run through one call that knows its line and column in the body: what one throws, or a child no page can show
// (an object, a promise), is told at that place of the .mdx file when a page renders it. An `await`, which a page
// rendered at once cannot wait for, is refused when the body compiles.
import { SiteExit, exitError } from "../../compile/site-code.ts";
import { siteCodeAt, siteCodeNow } from "../../compile/supervisor.ts";
import { MdxChildInvalid, MdxExpressionFailed } from "../../errors/catalogue.ts";
import { HeirloomError, type SourceLocation, errorFrom } from "../../errors/errors.ts";

/** The name a compiled body calls each expression through: `_heirloomExpression(() => value, line, column, child)`. */
export const EXPRESSION_CALL = "_heirloomExpression";

/** A node of the JavaScript syntax tree MDX keeps for an expression (ESTree), with acorn's 1-based lines. */
interface Estree {
  type: string;
  loc?: { start: { line: number; column: number } };
  [field: string]: unknown;
}

/** What of an mdast node holds expressions: an expression's own tree, or a JSX element's attributes. */
export interface ExpressionHolder {
  type: string;
  data?: { estree?: Estree | null };
  attributes?: Array<{ type: string; value?: unknown; data?: { estree?: Estree | null } }>;
}

/** Where in the body (1-based line and column) an expression or an await is. */
export interface BodyPlace {
  line: number;
  column: number;
}

/**
 * Makes each expression of `node` run through EXPRESSION_CALL (a child's value checked, an attribute's not);
 * returns the place of an `await` outside a function, which is left as it is for the caller to refuse.
 */
export function guardExpressions(node: ExpressionHolder): BodyPlace | undefined {
  if (node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") return guard(node.data?.estree, true);
  for (const attribute of node.attributes ?? []) {
    const value = attribute.value as ExpressionHolder | undefined;
    const found =
      attribute.type === "mdxJsxExpressionAttribute"
        ? guardSpread(attribute.data?.estree)
        : value?.type === "mdxJsxAttributeValueExpression"
          ? guard(value.data?.estree, false)
          : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The program of one expression (`{value}`): its statement's expression wrapped. */
function guard(program: Estree | null | undefined, child: boolean): BodyPlace | undefined {
  const statement = (program?.body as Estree[] | undefined)?.[0];
  if (statement?.type !== "ExpressionStatement") return undefined;
  const expression = statement.expression as Estree;
  const waits = awaitIn(expression);
  if (waits) return waits;
  statement.expression = wrapped(expression, child);
  return undefined;
}

/** A spread of attributes (`{...props}`): held as the object expression `{...props}`, its argument wrapped. */
function guardSpread(program: Estree | null | undefined): BodyPlace | undefined {
  const statement = (program?.body as Estree[] | undefined)?.[0];
  const properties = ((statement?.expression as Estree | undefined)?.properties ?? []) as Estree[];
  for (const property of properties) {
    if (property.type !== "SpreadElement") continue;
    const waits = awaitIn(property.argument as Estree);
    if (waits) return waits;
    property.argument = wrapped(property.argument as Estree, false);
  }
  return undefined;
}

function wrapped(expression: Estree, child: boolean): Estree {
  const start = expression.loc?.start ?? { line: 1, column: 0 };
  const literal = (value: number | boolean) => ({ type: "Literal", value, raw: String(value) });
  const thunk = { type: "ArrowFunctionExpression", id: null, params: [], body: expression, expression: true };
  return {
    type: "CallExpression",
    callee: { type: "Identifier", name: EXPRESSION_CALL },
    arguments: [
      { ...thunk, async: false, generator: false },
      literal(start.line),
      literal(start.column + 1),
      literal(child),
    ],
    optional: false,
  };
}

const FUNCTIONS = new Set(["FunctionExpression", "ArrowFunctionExpression", "FunctionDeclaration"]);

/** The place of the first `await` of an expression outside any function it holds. */
function awaitIn(node: Estree): BodyPlace | undefined {
  if (node.type === "AwaitExpression" || (node.type === "ForOfStatement" && node.await)) {
    const start = node.loc?.start ?? { line: 1, column: 0 };
    return { line: start.line, column: start.column + 1 };
  }
  if (FUNCTIONS.has(node.type)) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || !value || typeof value !== "object") continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      const found = child && typeof (child as Estree).type === "string" ? awaitIn(child as Estree) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** The file of a body being rendered, and the line of the file its first line is. */
export interface BodyAt {
  file: string;
  bodyLine: number;
}

type Guarded = (evaluate: () => unknown, line: number, column: number, child: boolean) => unknown;

/**
 * The function a body of `at` runs its expressions through (see EXPRESSION_CALL); `running` holds the places of
 * those running now, innermost last (one stopped by its time budget is left there).
 */
export function expressionRunner(at: BodyAt, running: SourceLocation[] = []): Guarded {
  return (evaluate, line, column, child) => {
    const location = { file: at.file, line: at.bodyLine + line - 1, column };
    let value: unknown;
    running.push(location);
    // Where memory runs out, if it does (a supervised build tells it there).
    const outer = siteCodeAt({ ...location, page: siteCodeNow()?.page });
    try {
      value = evaluate();
      running.pop();
    } catch (error) {
      running.pop();
      if (error instanceof HeirloomError) throw error;
      if (error instanceof SiteExit) throw exitError(error, location, "while its page was rendered");
      const reason = error instanceof Error ? error.message : String(error);
      const kind = error instanceof RangeError && /call stack/i.test(reason) ? "recursion" : "other";
      throw errorFrom(MdxExpressionFailed, { file: at.file, reason, kind }, { location, cause: error });
    } finally {
      siteCodeAt(outer);
    }
    const problem = child ? unshowable(value) : undefined;
    if (problem) throw errorFrom(MdxChildInvalid, { file: at.file, ...problem }, { location });
    return value;
  };
}

/** What a value given as a child is when React cannot render it: an object of data or a promise. */
function unshowable(value: unknown): { what: string; kind: "promise" | "object" } | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = unshowable(item);
      if (problem) return problem;
    }
    return undefined;
  }
  // Elements, portals and lazy components; lists of any kind (Set, a generator).
  if ("$$typeof" in value || Symbol.iterator in value) return undefined;
  if (typeof (value as { then?: unknown }).then === "function") return { what: "a promise", kind: "promise" };
  if (value instanceof Date) return { what: "a Date", kind: "object" };
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null && prototype?.constructor?.name) {
    return { what: `an instance of ${prototype.constructor.name}`, kind: "object" };
  }
  const keys = Object.keys(value);
  return {
    what: keys.length ? `an object (with the keys ${keys.slice(0, 5).join(", ")})` : "an empty object",
    kind: "object",
  };
}
