// MDX bodies compiled: once per file's bytes, with @mdx-js/mdx, to the function body of a React component (run by
// mdx.ts). Headings get GitHub's ids and links to themselves, as in markdown; a fenced block that names a language
// becomes <HeirloomCode>, highlighted by Shiki once, after the compile, and kept with it (rendering a body never
// loads Shiki or the compiler); imports are taken out, their names kept (mdx-imports.ts), `export` is refused;
// each expression runs through a call that knows its place (mdx-expressions.ts). Errors are located at the .mdx
// file's line and column.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Heading, ResolvedMarkdown } from "../../config/markdown-options.ts";
import { MdxAwait, MdxCompileFailed, MdxForeignSyntax, MdxModuleSyntax } from "../../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../../errors/errors.ts";
import { ENGINE_KEY, bundledFile } from "../../version.ts";
import { fenceLanguage } from "../highlight/index.ts";
import { foreignInLine, slugOf, uniqueId } from "../markdown/index.ts";
import { checkedImageUrl, checkedUrl } from "../markdown/index.ts";
import { type ExpressionHolder, guardExpressions } from "./mdx-expressions.ts";
import type { MarkdownRenderer } from "../markdown/index.ts";
import { entrySeparator, refTarget } from "../markdown/index.ts";
import type { RawEntry } from "../frontmatter/index.ts";
import type { CompiledMdx, MdxCache } from "./mdx-types.ts";
import { isMoreMarker, moreAsExpressions, moreElement } from "./mdx-summary.ts";
import { type MdxSyntax, mdxSyntaxPlugins } from "./mdx-syntax.ts";
import { type MdxImport, liftImports } from "./mdx-imports.ts";

/** What of an entry its MDX body is compiled from, and located by (its data for its own summary marker). */
type MdxSource = Pick<RawEntry, "file" | "body" | "bodyLine"> & { data?: Record<string, unknown> };

type Anchors = ResolvedMarkdown["anchors"];

const require = createRequire(import.meta.url);

/** The form of a kept compile: another form is never read as this one. */
const FORMAT = "mdx-7";

type Mdx = typeof import("@mdx-js/mdx");
/**
 * @mdx-js/mdx, loaded when a site first has an MDX body to compile, never by a site without one: by the compiled
 * CLI from its bundle beside it, one file instead of the package's 200 modules (bin/compile-cli.js SIDE_BUNDLES).
 */
let mdx: Mdx | undefined;
const loadMdx = () => (mdx ??= require(bundledFile("mdx") ?? "@mdx-js/mdx") as Mdx);

/**
 * The body compiled, or found in `cache` by the body's bytes, the base path, the collection's markdown settings
 * (the headings' links follow them) and the engine's build (which includes the version of MDX it was built with),
 * or a located error.
 */
export function compileMdxBody(
  source: MdxSource,
  base: string,
  renderer: Pick<MarkdownRenderer, "key" | "anchors" | "separator"> & { syntax?: MdxSyntax },
  cache?: MdxCache,
): CompiledMdx | HeirloomError {
  // The summary's marker: the entry's own, else the collection's (in the renderer's key).
  const separator = (source.data && entrySeparator(source.data)) ?? renderer.separator;
  const parts = [FORMAT, ENGINE_KEY, base, renderer.key, separator ?? "", source.body];
  const key = createHash("sha256").update(parts.join("\0")).digest("hex");
  const known = cache?.get(key);
  if (known) return known;
  const result = compileNow(
    { ...source, body: moreAsExpressions(source.body, separator) },
    base,
    renderer.anchors,
    key,
    renderer.syntax,
  );
  // A body with code blocks is kept once they are highlighted (highlightMdx), not twice.
  if (!(result instanceof HeirloomError) && result.blocks.length === 0) cache?.set(key, result);
  return result;
}

function compileNow(
  source: MdxSource,
  base: string,
  anchors: Anchors,
  key: string,
  syntax?: MdxSyntax,
): CompiledMdx | HeirloomError {
  const { compileSync } = loadMdx();
  const own = mdxSyntaxPlugins(syntax, base);
  const found: Found = { headings: [], uses: new Map(), refs: new Set(), imports: [] };
  const blocks: CompiledMdx["blocks"] = [];
  try {
    const file = compileSync(source.body, {
      outputFormat: "function-body",
      providerImportSource: "#",
      remarkPlugins: [
        ...own.remark,
        () => (tree: MdastNode) => collect(tree, { source, base, anchors }, found, blocks),
      ],
      rehypePlugins: own.rehype,
    });
    const uses = [...found.uses].map(([name, at]) => ({ name, ...at }));
    const refs = found.refs.size > 0 ? { refs: [...found.refs] } : {};
    const imports = found.imports.length > 0 ? { imports: found.imports } : {};
    return { key, code: String(file), headings: found.headings, uses, blocks, ...refs, ...imports };
  } catch (error) {
    return error instanceof HeirloomError ? error : located(error, source);
  }
}

interface MdastNode {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  depth?: number;
  children?: MdastNode[];
  url?: string;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  data?: { hProperties?: Record<string, unknown> };
  position?: { start: { line: number; column: number } };
}

/** What the walk finds: headings, components used, files under content/ named by relative links. */
interface Found {
  headings: Heading[];
  uses: Map<string, { line: number; column: number }>;
  refs: Set<string>;
  imports: MdxImport[];
}

/**
 * Walks the tree once: refuses import/export, names headings (and links each to itself), notes components, turns
 * code into HeirloomCode.
 */
function collect(
  tree: MdastNode,
  { source, base, anchors }: { source: MdxSource; base: string; anchors: Anchors },
  found: Found,
  blocks: CompiledMdx["blocks"],
): void {
  const used = new Map<string, number>();
  // Headings that get a link to themselves: each is put in its wrapper by its parent, once its children are seen.
  const linked = new Map<MdastNode, { id: string; name: string }>();
  // In the body (kept with the compile, whatever front matter the file has), and in the file.
  const place = (node: MdastNode) => ({
    line: node.position?.start.line ?? 1,
    column: node.position?.start.column ?? 1,
  });
  const inFile = ({ line, column }: { line: number; column: number }) => ({
    file: source.file,
    line: source.bodyLine + line - 1,
    column,
  });
  const at = (node: MdastNode) => inFile(place(node));
  const visit = (node: MdastNode) => {
    if (isMoreMarker(node)) return void Object.assign(node, moreElement(node));
    const waits = guardExpressions(node as ExpressionHolder);
    if (waits) throw errorFrom(MdxAwait, { file: source.file }, { location: inFile(waits) });
    // Links and pictures, in markdown or as <a href> and <img src>: refused when unsafe, given the base path.
    const checked = (url: string, picture: boolean) => {
      const target = refTarget(source.file, url);
      if (target) found.refs.add(target.path);
      return (picture ? checkedImageUrl : checkedUrl)(url, base, at(node));
    };
    if ((node.type === "link" || node.type === "image") && typeof node.url === "string") {
      node.url = checked(node.url, node.type === "image");
    }
    for (const attr of node.attributes ?? []) {
      const literal = attr.type === "mdxJsxAttribute" && typeof attr.value === "string";
      if (literal && (attr.name === "href" || attr.name === "src")) {
        attr.value = checked(attr.value as string, node.name === "img" && attr.name === "src");
      }
    }
    if (node.type === "heading") {
      const text = plainText(node);
      const id = uniqueId(slugOf(text), used);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
      found.headings.push({ depth: node.depth ?? 1, text, id });
      if (anchors) linked.set(node, { id, name: anchors.label(text) });
    }
    if ((node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") && node.name) {
      if (/^[A-Z]/.test(node.name) && !found.uses.has(node.name)) found.uses.set(node.name, place(node));
    }
    if (node.type === "code" && node.lang) {
      const lang = fenceLanguage(node.lang);
      const line = node.position?.start.line ?? 1;
      const meta = node.meta ? { meta: node.meta } : {};
      const block = String(blocks.push({ lang, code: node.value ?? "", line, ...meta }) - 1);
      const attributes = [attribute("lang", lang), attribute("code", node.value ?? ""), attribute("block", block)];
      if (node.meta) attributes.push(attribute("meta", node.meta));
      Object.assign(node, {
        type: "mdxJsxFlowElement",
        name: "HeirloomCode",
        attributes,
        children: [],
      });
      return;
    }
    node.children?.forEach(visit);
    if (node.children?.some((child) => linked.has(child))) {
      node.children = node.children.map((child) => {
        const link = linked.get(child);
        return link ? withLink(child, link.id, link.name) : child;
      });
    }
  };
  const { imports, refused } = liftImports(tree);
  if (refused) throw errorFrom(MdxModuleSyntax, { file: source.file }, { location: at(refused) });
  found.imports = imports;
  visit(tree);
}

const attribute = (name: string, value: string) => ({ type: "mdxJsxAttribute", name, value });
const element = (name: string, attributes: MdastNode["attributes"], children: MdastNode[]): MdastNode => ({
  type: "mdxJsxFlowElement",
  name,
  attributes,
  children,
});

/**
 * A heading as markdown's headings are written: in a wrapper, followed by a link to itself named `name` for screen
 * readers, its "#" hidden from them (see headings.ts).
 */
function withLink(heading: MdastNode, id: string, name: string): MdastNode {
  const hash = element("span", [attribute("aria-hidden", "true")], [{ type: "text", value: "#" }]);
  const label = attribute("aria-label", name);
  const link = element("a", [attribute("className", "heading-anchor"), attribute("href", `#${id}`), label], [hash]);
  return {
    ...element("div", [attribute("className", "heading-wrapper")], [heading, link]),
    position: heading.position,
  };
}

function plainText(node: MdastNode): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value ?? "";
  return (node.children ?? []).map(plainText).join("").trim();
}

/** A compile error of @mdx-js/mdx (a VFileMessage: reason, line, column) at the file's own line. */
function located(error: unknown, source: MdxSource): HeirloomError {
  const message = error as { reason?: string; message?: string; line?: number; column?: number };
  let reason = String(message?.reason ?? message?.message ?? error).replace(/\s+/g, " ");
  // The reason may name the exact place ("… `<b>` (1:7-1:10) …"), which is better than the node's start.
  const exact = /\s?\((\d+):(\d+)-\d+:\d+\)/.exec(reason);
  if (exact) reason = reason.replace(exact[0], "");
  const [line, column] = exact ? [Number(exact[1]), Number(exact[2])] : [message?.line ?? 1, message?.column];
  const location = { file: source.file, line: source.bodyLine + line - 1, column: column ?? undefined };
  // Another generator's syntax ({{< figure >}}, {% include %}) is read as an expression: say what it is instead.
  const foreign = /acorn/.test(reason) ? foreignInLine(source.body.split("\n")[line - 1] ?? "") : undefined;
  if (foreign) return errorFrom(MdxForeignSyntax, { file: source.file, reason, ...foreign }, { location });
  return errorFrom(MdxCompileFailed, { file: source.file, reason }, { location });
}
