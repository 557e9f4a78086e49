// Whether an island's props reach the browser as they are: the page sends them as JSON, so they must be a tree
// of what JSON holds and gives back the same. A Date is refused too: it would arrive as text, and the island
// would render one thing on the server and another in the browser.

/** The first prop that cannot be sent: where (props.items[2]), what it is, and its kind for the hint. */
export interface PropProblem {
  prop: string;
  what: string;
  kind: "function" | "date" | "cycle" | "element" | "other";
}

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
  const kind = objectKind(object);
  if (kind) return { prop: at, ...kind };
  ancestors.add(object);
  try {
    return Array.isArray(object) ? checkList(object, at, ancestors) : checkFields(object, at, ancestors);
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
    const problem = check(list[i], `${at}[${i}]`, ancestors);
    if (problem) return problem;
  }
  return undefined;
}

function checkFields(object: object, at: string, ancestors: Set<object>): PropProblem | undefined {
  const symbol = Object.getOwnPropertySymbols(object)[0];
  if (symbol) return { prop: `${at}[${symbol.toString()}]`, what: "a field named by a Symbol", kind: "other" };
  for (const [key, field] of Object.entries(object)) {
    if (field === undefined) continue;
    const problem = check(
      field,
      /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`,
      ancestors,
    );
    if (problem) return problem;
  }
  return undefined;
}
