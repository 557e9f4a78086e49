// Checks site.config.ts's `markdown` (preset, gfm, typographer, ids, plugins and MDX's, highlight, anchors,
// images) with zod and resolves its defaults from the preset; a value of the wrong form is told at its option.
import { z } from "zod";
import { BadMarkdownOption, UnknownMarkdownOption } from "../../errors/catalogue.ts";
import type { ErrorEntry } from "../../errors/errors.ts";
import { deepest, describe, pathKey } from "./option-issues.ts";
import {
  DEFAULT_CODE_CONTRAST,
  DEFAULT_CODE_THEMES,
  DEFAULT_HIGHLIGHT_TIMEOUT,
  type GfmOptions,
  type MarkdownOptions,
  type MarkdownPlugin,
  type ResolvedMarkdown,
  type UnifiedPlugin,
  defaultAnchorLabel,
} from "../markdown-options.ts";

type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

const fn = z.custom<(...args: unknown[]) => unknown>((value) => typeof value === "function");
/** A Shiki transformer: an object with at least one of its hooks as a function. */
const HOOKS = ["preprocess", "tokens", "span", "line", "code", "pre", "root", "postprocess"];
const transformer = z.custom<object>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    HOOKS.some((hook) => typeof (value as Record<string, unknown>)[hook] === "function"),
);
const theme = z.union([z.string().trim().min(1), z.record(z.string(), z.unknown())]);
const GFM_KEYS = ["tables", "strikethrough", "tasklists", "autolinks", "footnotes"] as const;
const flag = z.boolean().optional();
const schema = z.strictObject({
  preset: z.enum(["default", "commonmark"]).optional(),
  gfm: z.union([z.boolean(), z.strictObject(Object.fromEntries(GFM_KEYS.map((k) => [k, flag])))]).optional(),
  typographer: flag,
  ids: flag,
  plugins: z.array(z.union([fn, z.tuple([fn], z.unknown())])).optional(),
  remarkPlugins: z.array(z.union([fn, z.tuple([fn], z.unknown())])).optional(),
  rehypePlugins: z.array(z.union([fn, z.tuple([fn], z.unknown())])).optional(),
  highlight: z
    .union([
      z.literal(false),
      z.strictObject({
        themes: z.strictObject({ light: theme, dark: theme }).partial().optional(),
        timeout: z.number().int().positive().optional(),
        contrast: z.number().min(1).max(21).optional(),
        transformers: z.array(transformer).optional(),
      }),
    ])
    .optional(),
  anchors: z.union([z.literal(false), z.strictObject({ label: fn.optional() })]).optional(),
  alerts: flag,
  containers: flag,
  math: flag,
  // Its time budget is the site's `timeout` now: one setting for all of the site's code.
  mdx: z.undefined().optional(),
  // Written into an attribute: no quote or angle bracket.
  images: z
    .strictObject({
      sizes: z
        .string()
        .trim()
        .min(1)
        .regex(/^[^"'<>&]*$/)
        .optional(),
    })
    .optional(),
});

/** What each option must be, and what to write (by the option's path, a list's index as "#", a scheme as "*"). */
const RULES: Record<string, [rule: string, advice: string]> = {
  "": ["must be an object of options", 'write markdown: { preset: "commonmark" }, or leave it out.'],
  preset: ['must be "default" or "commonmark"', 'write preset: "commonmark" for CommonMark exactly, or leave it out.'],
  gfm: [
    "must be true, false or an object of GitHub's extensions",
    "write gfm: false for none, or name those to change: gfm: { footnotes: false, tasklists: false }.",
  ],
  ...Object.fromEntries(
    GFM_KEYS.map((key) => [`gfm.${key}`, ["must be true or false", `write gfm: { ${key}: false } to leave it out.`]]),
  ),
  typographer: ["must be true or false", "write typographer: false to keep quotes, dots and dashes as written."],
  ids: ["must be true or false", "write ids: false for headings without ids (and without anchors)."],
  plugins: [
    "must be a list of markdown-it plugins",
    'list each plugin, or [plugin, options]: plugins: [footnote, [container, "note"]].',
  ],
  "plugins.#": [
    "must be a markdown-it plugin (a function) or [plugin, options]",
    'import the plugin from its package and list the function itself: plugins: [footnote, [container, "note"]].',
  ],
  ...unifiedRules("remarkPlugins", "remark", "remarkMath"),
  ...unifiedRules("rehypePlugins", "rehype", "rehypeKatex"),
  highlight: [
    "must be false or { themes: { light, dark }, timeout, contrast, transformers }",
    'write highlight: { themes: { light: "github-light", dark: "github-dark" } }, or false for plain code blocks.',
  ],
  "highlight.timeout": [
    "must be a whole number of milliseconds above 0",
    "write timeout: 5000 to give each code block 5 s before it is written plain.",
  ],
  "highlight.contrast": [
    "must be a contrast ratio from 1 to 21",
    "write contrast: 7 for WCAG's AAA (the default), 4.5 for its AA, or 1 to keep the themes' colours.",
  ],
  "highlight.transformers": [
    "must be a list of Shiki transformers",
    'import them and list them: transformers: [transformerNotationWordHighlight()] from "@shikijs/transformers".',
  ],
  "highlight.transformers.#": [
    `must be a Shiki transformer: an object with a hook (${HOOKS.join(", ")}) that is a function`,
    "list the transformer itself, such as transformerNotationWordHighlight() (called), or { line(node) { … } }.",
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
  images: ["must be { sizes }", 'write images: { sizes: "(min-width: 50rem) 46rem, 100vw" }, or leave it out.'],
  "images.sizes": [
    "must be HTML's sizes attribute, without quotes or angle brackets",
    'write the width pictures are shown at, such as sizes: "(min-width: 50rem) 46rem, 100vw" for a 46rem column.',
  ],
  alerts: ["must be true or false", "write alerts: false to show > [!NOTE] as a quote, as CommonMark does."],
  containers: ["must be true or false", "write containers: true to show :::note … ::: as a note."],
  math: ["must be true or false", "write math: true to typeset $…$ and $$…$$ with KaTeX."],
  mdx: [
    "is no longer an option: an MDX body's time is the site's timeout, as a template's is",
    "leave it out and write timeout: 20000 in defineSite({ … }) to give each page, MDX body, loader and entry 20 s.",
  ],
};

/** What MDX's list of `kind` plugins (remark, rehype) must be, and what to write, `example` being one's name. */
function unifiedRules(option: string, kind: string, example: string): Record<string, [string, string]> {
  return {
    [option]: [
      `must be a list of ${kind} plugins`,
      `list each plugin, or [plugin, options]: ${option}: [${example}, [other, { option: true }]].`,
    ],
    [`${option}.#`]: [
      `must be a ${kind} plugin (a function) or [plugin, options]`,
      `import the plugin from its package and list the function itself: ${option}: [${example}].`,
    ],
  };
}

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

/** The options with the preset's defaults where they are not written. */
function resolved(options: MarkdownOptions): ResolvedMarkdown {
  const plugins = (options.plugins ?? []).map((p) => (Array.isArray(p) ? p : [p])) as Array<[MarkdownPlugin]>;
  const listed = (list: MarkdownOptions["remarkPlugins"]) =>
    (list ?? []).map((p) => (Array.isArray(p) ? p : [p])) as Array<[UnifiedPlugin]>;
  const { preset = "default", highlight, anchors } = options;
  const plain = preset === "commonmark";
  const ids = options.ids ?? !plain;
  return {
    preset,
    gfm: gfmOf(options.gfm, !plain),
    typographer: options.typographer ?? !plain,
    ids,
    html: plain,
    plugins,
    remarkPlugins: listed(options.remarkPlugins),
    rehypePlugins: listed(options.rehypePlugins),
    highlight: highlight === false || (plain && !highlight) ? false : { ...DEFAULT_CODE_THEMES, ...highlight?.themes },
    highlightTimeout: (highlight ? highlight.timeout : undefined) ?? DEFAULT_HIGHLIGHT_TIMEOUT,
    codeContrast: (highlight ? highlight.contrast : undefined) ?? DEFAULT_CODE_CONTRAST,
    ...transformersOf(highlight),
    anchors: !ids || anchors === false || (plain && !anchors) ? false : { label: anchors?.label ?? defaultAnchorLabel },
    ...(options.images?.sizes ? { imageSizes: options.images.sizes } : {}),
    alerts: options.alerts ?? !plain,
    containers: options.containers ?? false,
    math: options.math ?? false,
  };
}

/** The site's own Shiki transformers, when it lists any. */
function transformersOf(highlight: MarkdownOptions["highlight"]) {
  const transformers = highlight ? highlight.transformers : undefined;
  return transformers?.length ? { highlightTransformers: transformers } : {};
}

/** Each extension on or off: all as `gfm` says when it is true or false, else as written or as the preset has it. */
function gfmOf(gfm: MarkdownOptions["gfm"], preset: boolean): Required<GfmOptions> {
  const all = typeof gfm === "boolean" ? gfm : preset;
  const written = typeof gfm === "object" ? gfm : {};
  return Object.fromEntries(GFM_KEYS.map((key) => [key, written[key] ?? all])) as Required<GfmOptions>;
}

type Issue = z.core.$ZodIssue;

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
  // Where it is written: an option's name (a short value such as "no" may be written anywhere before it), a list's
  // item by its text.
  const last = issue.path.at(-1);
  const near = typeof last === "string" ? last : typeof value === "string" ? value : String(issue.path[0] ?? "");
  fail(BadMarkdownOption, { option: name, rule, found: describe(value), advice }, near || "markdown");
}
