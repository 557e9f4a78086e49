// Checks site.config.ts's `markdown` (plugins, highlight, anchors) with zod and resolves its defaults; a value of
// the wrong form is told at its option, with what it must be and an example.
import { z } from "zod";
import { BadMarkdownOption, UnknownMarkdownOption } from "../errors/catalogue.ts";
import type { ErrorEntry } from "../errors/errors.ts";
import {
  DEFAULT_CODE_THEMES,
  type MarkdownOptions,
  type MarkdownPlugin,
  type ResolvedMarkdown,
  defaultAnchorLabel,
} from "./markdown-options.ts";

type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

const fn = z.custom<(...args: unknown[]) => unknown>((value) => typeof value === "function");
const theme = z.union([z.string().trim().min(1), z.record(z.string(), z.unknown())]);
const schema = z.strictObject({
  plugins: z.array(z.union([fn, z.tuple([fn], z.unknown())])).optional(),
  highlight: z
    .union([z.literal(false), z.strictObject({ themes: z.strictObject({ light: theme, dark: theme }).partial() })])
    .optional(),
  anchors: z.union([z.literal(false), z.strictObject({ label: fn.optional() })]).optional(),
});

/** What each option must be, and what to write (by the option's path, a list's index as "#", a scheme as "*"). */
const RULES: Record<string, [rule: string, advice: string]> = {
  "": ["must be an object of options", "write markdown: { plugins: [footnote], anchors: false }, or leave it out."],
  plugins: [
    "must be a list of markdown-it plugins",
    'list each plugin, or [plugin, options]: plugins: [footnote, [container, "note"]].',
  ],
  "plugins.#": [
    "must be a markdown-it plugin (a function) or [plugin, options]",
    'import the plugin from its package and list the function itself: plugins: [footnote, [container, "note"]].',
  ],
  highlight: [
    "must be false or { themes: { light, dark } }",
    'write highlight: { themes: { light: "github-light", dark: "github-dark" } }, or false for plain code blocks.',
  ],
  "highlight.themes": ["must be { light, dark }", 'write themes: { light: "github-light", dark: "github-dark" }.'],
  "highlight.themes.*": [
    "must be the name of one of Shiki's themes or a theme object",
    'name a theme of https://shiki.style/themes, such as "github-light" or "github-dark".',
  ],
  anchors: [
    "must be false or { label }",
    "write anchors: { label: (heading) => `Lien vers ${heading}` }, or false for headings without a link.",
  ],
  "anchors.label": [
    "must be a function of the heading's text that names its link",
    "write label: (heading) => `Lien vers ${heading}`.",
  ],
};

/** The markdown settings with their defaults; a problem is recorded with `fail` (defaults are returned then). */
export function resolveMarkdown(options: unknown, fail: Fail): ResolvedMarkdown {
  // Most sites set nothing: the defaults, without a schema's first parse (which costs a build that keeps its
  // output a few milliseconds).
  if (options === undefined) return resolved({});
  const checked = schema.safeParse(options);
  if (!checked.success) {
    for (const issue of checked.error.issues) report(deepest(issue), options, fail);
    return resolved({});
  }
  return resolved(checked.data as MarkdownOptions);
}

function resolved(options: MarkdownOptions): ResolvedMarkdown {
  const plugins = (options.plugins ?? []).map((p) => (Array.isArray(p) ? p : [p])) as Array<[MarkdownPlugin]>;
  const { highlight, anchors } = options;
  return {
    plugins,
    highlight: highlight === false ? false : { ...DEFAULT_CODE_THEMES, ...highlight?.themes },
    anchors: anchors === false ? false : { label: anchors?.label ?? defaultAnchorLabel },
  };
}

type Issue = z.core.$ZodIssue;

/** Of a union's branches, the issue that went deepest into the value: the one that says what is wrong. */
function deepest(issue: Issue): Issue {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const inner = issue.errors.flat().map((i) => ({ ...deepest(i), path: [...issue.path, ...i.path] }) as Issue);
  return inner.reduce((a, b) => (b.path.length > a.path.length ? b : a));
}

function report(issue: Issue, options: unknown, fail: Fail): void {
  const name = ["markdown", ...issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))].join("");
  if (issue.code === "unrecognized_keys") {
    const at = pathKey(issue.path);
    const known = Object.keys(RULES).filter(
      (k) => k !== "" && k.split(".").length === (at ? 2 : 1) && k.startsWith(at),
    );
    const option = `${name}.${issue.keys[0]}`;
    fail(UnknownMarkdownOption, { option, known: known.map((k) => k.split(".").pop()!) }, issue.keys[0]);
    return;
  }
  const [rule, advice] = RULES[pathKey(issue.path)] ?? RULES[""];
  const value = issue.path.reduce<unknown>((v, key) => (v as Record<PropertyKey, unknown>)?.[key], options);
  const near =
    typeof value === "string" ? value : String([...issue.path].reverse().find((p) => typeof p === "string") ?? "");
  fail(BadMarkdownOption, { option: name, rule, found: describe(value), advice }, near || "markdown");
}

/** The option's key in RULES: list indexes as "#", a theme's scheme as "*". */
function pathKey(path: PropertyKey[]): string {
  const key = path.map((p) => (typeof p === "number" ? "#" : String(p))).join(".");
  return key
    .replace(/^plugins\.#(\..*)?$/, "plugins.#")
    .replace(/^highlight\.themes\.(light|dark)$/, "highlight.themes.*");
}

function describe(value: unknown): string {
  if (typeof value === "string") return `the text "${value}"`;
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (value === null || value === undefined) return String(value);
  if (typeof value === "object") return "an object";
  return `${typeof value === "number" ? "the number " : ""}${String(value)}`;
}
