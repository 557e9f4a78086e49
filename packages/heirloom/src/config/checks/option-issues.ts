// How a markdown option's problem is found and worded: the deepest issue of a union, the option's key in the rules
// of check-markdown.ts, the value as a message names it.
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

/** Of a union's branches, the issue that went deepest into the value: the one that says what is wrong. */
export function deepest(issue: Issue): Issue {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const inner = issue.errors.flat().map((i) => ({ ...deepest(i), path: [...issue.path, ...i.path] }) as Issue);
  return inner.reduce((a, b) => (b.path.length > a.path.length ? b : a));
}

/** The option's key in RULES: list indexes as "#", a theme's scheme as "*". */
export function pathKey(path: PropertyKey[]): string {
  const key = path.map((p) => (typeof p === "number" ? "#" : String(p))).join(".");
  return key
    .replace(/^(plugins|remarkPlugins|rehypePlugins)\.#(\..*)?$/, "$1.#")
    .replace(/^highlight\.themes\.(light|dark)$/, "highlight.themes.*");
}

/** A value as a message names it. */
export function describe(value: unknown): string {
  if (typeof value === "string") return `the text "${value}"`;
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (value === null || value === undefined) return String(value);
  if (typeof value === "object") return "an object";
  return `${typeof value === "number" ? "the number " : ""}${String(value)}`;
}
