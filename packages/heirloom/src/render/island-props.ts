// Whether an island's props reach the browser as they are: the page sends them as JSON, so they must be a tree
// of what JSON holds and gives back the same. A Date is refused too: it would arrive as text, and the island
// would render one thing on the server and another in the browser. A value that throws as it is read (a getter,
// a Proxy) or lies deeper than MAX_PROP_DEPTH is told at its prop, never as an error of the engine's own.

/** The first prop that cannot be sent: where (props.items[2]), what it is, and its kind for the hint. */
export interface PropProblem {
  prop: string;
  what: string;
  kind: "function" | "date" | "cycle" | "element" | "deep" | "thrown" | "other";
}

/** How many lists and objects deep an island's props may go (JSON's own writer overflows its stack far deeper). */
export const MAX_PROP_DEPTH = 1000;

/** What `props` is when it is not a plain object, as a component's props are (a text, a list…); else undefined. */
export function notAnObject(props: unknown): string | undefined {
  if (typeof props === "string") return props.length > 40 ? "a text" : `the text ${JSON.stringify(props)}`;
  if (typeof props !== "object") return `a ${typeof props}`;
  if (props === null) return "null";
  if (Array.isArray(props)) return "a list";
  return objectKind(props)?.what;
}

/** The first value of `props` JSON cannot carry as it is, or undefined when all can. */
export function unserializableProp(props: unknown): PropProblem | undefined {
  return check(props, "props", new Set());
}

/** The problem of a value that threw as it was read: `what` it is, told with the message it threw. */
export function thrownProp(prop: string, error: unknown, what: (thrown: string) => string): PropProblem {
  const reason = JSON.stringify(error instanceof Error ? error.message : String(error));
  return { prop, what: what(reason), kind: "thrown" };
}

/** The first field of the props that `at` is within: where a value too deep to name starts. */
const topOf = (at: string) => /^props(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])?/.exec(at)![0];

function check(value: unknown, at: string, ancestors: Set<object>): PropProblem | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : { prop: at, what: `the number ${value}`, kind: "other" };
    case "undefined":
      // An object's undefined field is left out, as if absent; anywhere else JSON would write null.
      return { prop: at, what: "undefined", kind: "other" };
    case "function":
      return { prop: at, what: `a function${value.name ? ` (${value.name})` : ""}`, kind: "function" };
    case "bigint":
      return { prop: at, what: "a BigInt", kind: "other" };
    case "symbol":
      return { prop: at, what: "a Symbol", kind: "other" };
  }
  if (value === null) return undefined;
  const object = value as object;
  if (ancestors.has(object)) return { prop: at, what: "a reference to an object that holds it", kind: "cycle" };
  if (ancestors.size >= MAX_PROP_DEPTH) {
    const what = `a value nested more than ${MAX_PROP_DEPTH.toLocaleString("en")} lists and objects deep`;
    return { prop: topOf(at), what, kind: "deep" };
  }
  let kind: Omit<PropProblem, "prop"> | undefined;
  let list: boolean;
  try {
    // A Proxy may throw as it is asked what it is.
    kind = objectKind(object);
    list = Array.isArray(object);
  } catch (error) {
    return thrownProp(at, error, (thrown) => `an object that threw ${thrown} as it was read`);
  }
  if (kind) return { prop: at, ...kind };
  ancestors.add(object);
  try {
    return list ? checkList(object as unknown[], at, ancestors) : checkFields(object, at, ancestors);
  } finally {
    ancestors.delete(object);
  }
}

/** What an object that is neither a list nor a plain object is, or undefined for those two. */
function objectKind(object: object): Omit<PropProblem, "prop"> | undefined {
  if ("$$typeof" in object) return { what: "a React element", kind: "element" };
  if (object instanceof Date) return { what: "a Date", kind: "date" };
  if (Array.isArray(object)) return undefined;
  const prototype = Object.getPrototypeOf(object);
  if (prototype === Object.prototype || prototype === null) return undefined;
  const name = (prototype?.constructor as { name?: string } | undefined)?.name;
  return { what: name ? `an instance of ${name}` : "an object that is not a plain object", kind: "other" };
}

function checkList(list: unknown[], at: string, ancestors: Set<object>): PropProblem | undefined {
  for (let i = 0; i < list.length; i++) {
    if (!(i in list)) return { prop: `${at}[${i}]`, what: "an empty slot of a list", kind: "other" };
    let item: unknown;
    try {
      item = list[i];
    } catch (error) {
      return thrownProp(`${at}[${i}]`, error, (thrown) => `an item whose getter threw ${thrown}`);
    }
    const problem = check(item, `${at}[${i}]`, ancestors);
    if (problem) return problem;
  }
  return undefined;
}

function checkFields(object: object, at: string, ancestors: Set<object>): PropProblem | undefined {
  let keys: string[];
  try {
    const symbol = Object.getOwnPropertySymbols(object)[0];
    if (symbol) return { prop: `${at}[${symbol.toString()}]`, what: "a field named by a Symbol", kind: "other" };
    keys = Object.keys(object);
  } catch (error) {
    return thrownProp(at, error, (thrown) => `an object that threw ${thrown} as its fields were listed`);
  }
  for (const key of keys) {
    const prop = /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`;
    let field: unknown;
    try {
      field = (object as Record<string, unknown>)[key];
    } catch (error) {
      return thrownProp(prop, error, (thrown) => `a field whose getter threw ${thrown}`);
    }
    if (field === undefined) continue;
    const problem = check(field, prop, ancestors);
    if (problem) return problem;
  }
  return undefined;
}
