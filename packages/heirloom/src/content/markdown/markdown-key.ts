// The key of a markdown renderer: everything that shapes what it writes, so that rendered bodies kept under it never
// lie (raw HTML, the preset and extensions, the plugins with their code, options and pinned versions, the themes);
// and the time budget the site's own code in a renderer runs within.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type ResolvedMarkdown, defaultAnchorLabel } from "../../config/markdown-options.ts";
import { withinTime } from "../../compile/time-budget.ts";
import { DEFAULT_TIMEOUT, durationText } from "../../config/timeout.ts";
import { PluginPastBudget } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";
import { TOKENIZE, shikiVersion } from "../highlight/index.ts";
import { syntaxKey } from "./body-syntax.ts";

/**
 * What a site's renderers are made from: its settings, the definition's text (for locations) and the hash of its
 * compiled code (the values a plugin or a label reads besides its own code), its folder.
 */
export interface MarkdownSite {
  markdown: ResolvedMarkdown;
  source: string;
  hash?: string;
  root: string;
  /** How long the site's plugins may run on one body (ms): the site's `timeout`. */
  timeout?: number;
}

/**
 * A key of everything that shapes a renderer's output: raw HTML or not, the preset, GitHub's extensions, the
 * typographer and ids, the plugins and the site's Shiki transformers (their code and options, the definition's code,
 * whose values they may read, and the site's lock file, which pins their versions), the anchors' label, the themes,
 * Shiki's version and how it tokenizes; a collection's summary marker (where a body's HTML is cut).
 */
export function settingsKey({ markdown, root, hash = "" }: MarkdownSite, html: boolean, separator?: string): string {
  const { preset, gfm, typographer, ids, highlight, anchors } = markdown;
  // MDX's plugins shape the collection's compiled MDX bodies, kept under this key too.
  const plugins = [...markdown.plugins, ...markdown.remarkPlugins, ...markdown.rehypePlugins];
  const transformers = markdown.highlightTransformers ?? [];
  const own = plugins.length > 0 || (anchors && anchors.label !== defaultAnchorLabel) || transformers.length > 0;
  const parts = [
    `html:${html}`,
    `markdown:${JSON.stringify({ preset, gfm, typographer, ids })}`,
    own ? `definition:${hash}` : "",
    plugins.length > 0 ? `plugins:${serialize(markdown.plugins)}${mdxPlugins(markdown)}:${lockOf(root)}` : "",
    `anchors:${anchors ? anchors.label.toString() : "none"}`,
    `highlight:${highlight ? `${serialize(highlight)}:${shikiVersion()}:${serialize(TOKENIZE)}` : "none"}`,
    separator === undefined ? "" : `separator:${separator}`,
    syntaxKey(markdown),
    transformers.length > 0 ? `transformers:${serialize(transformers)}:${lockOf(root)}` : "",
  ];
  return createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, 16);
}

/**
 * How a renderer runs its parse and render of a body of `file`: within the site's time when the site's own code
 * (its plugins, its anchors' label) runs there, told at the file past it; as it is, paying no watchdog, otherwise.
 */
export function ownCodeTimed({ markdown, timeout = DEFAULT_TIMEOUT }: MarkdownSite) {
  const { plugins, anchors } = markdown;
  const own = plugins.length > 0 || (anchors && anchors.label !== defaultAnchorLabel);
  return <T>(file: string, run: () => T): T => {
    if (!own) return run();
    const blame = () => errorFrom(PluginPastBudget, { file, seconds: durationText(timeout) }, { location: { file } });
    return withinTime(run, timeout, blame);
  };
}

/** MDX's plugins as text ("" without them: the keys of sites without them are as they were). */
const mdxPlugins = ({ remarkPlugins, rehypePlugins }: ResolvedMarkdown) =>
  remarkPlugins.length + rehypePlugins.length > 0 ? `:${serialize([remarkPlugins, rehypePlugins])}` : "";

/** Options as text, functions as their source; a value met twice (a cycle) written once. */
function serialize(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "function" || v instanceof RegExp) return String(v);
    if (v && typeof v === "object") {
      if (seen.has(v)) return "[seen]";
      seen.add(v);
    }
    return v;
  });
}

const LOCK_FILES = ["package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "yarn.lock", "bun.lock"];
/**
 * Lock files' hashes by path, size and time: read again only when they change. Process-wide and harmless: a file's
 * bytes by what shows they are unchanged (another size or time is another key), asked by every key of a build.
 */
const locks = new Map<string, string>();

/** A hash of the nearest lock file at or above the site's folder (what pins its plugins' versions), or "". */
function lockOf(root: string): string {
  for (let dir = root; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = LOCK_FILES.map((name) => path.join(dir, name)).find((f) => existsSync(f));
    if (!file) continue;
    const { size, mtimeMs } = statSync(file);
    const known = `${file}\0${size}\0${mtimeMs}`;
    let hash = locks.get(known);
    if (hash === undefined) {
      hash = createHash("sha256").update(readFileSync(file)).digest("hex");
      locks.set(known, hash);
    }
    return hash;
  }
  return "";
}
