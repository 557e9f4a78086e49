// MDX bodies compiled: once per file's bytes, with @mdx-js/mdx, to the function body of a React component (run by
// mdx.ts). GitHub's extensions and the typographer as markdown has them; headings become <HeirloomHeading>, given
// ids as they render (mdx-headings.ts); the site's remark and rehype plugins run; a fenced block with a language
// becomes <HeirloomCode>, highlighted by Shiki once, after the compile, and kept with it (rendering a body never
// loads Shiki or the compiler); imports are taken out, their names kept (mdx-imports.ts), `export` is refused;
// each expression runs through a call that knows its place (mdx-expressions.ts). Errors are located at the .mdx
// file's line and column.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { GfmOptions, Heading, ResolvedMarkdown } from "../../config/markdown-options.ts";
import { MdxAwait, MdxCompileFailed, MdxForeignSyntax, MdxModuleSyntax } from "../../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../../errors/errors.ts";
import { ENGINE_KEY, bundledFile } from "../../version.ts";
import { fenceLanguage } from "../highlight/index.ts";
import { foreignInLine, slugOf, uniqueId } from "../markdown/index.ts";
import { remarkAutolinks } from "./mdx-autolinks.ts";
import { footnotesAsMarkdown, remarkGfmAs, taskItem } from "./mdx-gfm.ts";
import { HEADING_COMPONENT, headingElement } from "./mdx-headings.ts";
import { type MdastNode, attribute, urlAsMarkdown } from "./mdx-nodes.ts";
import { remarkTypographer } from "./mdx-typography.ts";
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
type Renderer = Pick<MarkdownRenderer, "key" | "anchors" | "separator" | "markdown">;

const require = createRequire(import.meta.url);

/** The form of a kept compile: another form is never read as this one. */
const FORMAT = "mdx-8";

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
  renderer: Renderer & { syntax?: MdxSyntax },
  cache?: MdxCache,
): CompiledMdx | HeirloomError {
  // The summary's marker: the entry's own, else the collection's (in the renderer's key).
  const separator = (source.data && entrySeparator(source.data)) ?? renderer.separator;
  const parts = [FORMAT, ENGINE_KEY, base, renderer.key, separator ?? "", source.body];
  const key = createHash("sha256").update(parts.join("\0")).digest("hex");
  const known = cache?.get(key);
  if (known) return known;
  const result = compileNow({ ...source, body: moreAsExpressions(source.body, separator) }, base, renderer, key);
  // A body with code blocks is kept once they are highlighted (highlightMdx), not twice.
  if (!(result instanceof HeirloomError) && result.blocks.length === 0) cache?.set(key, result);
  return result;
}

function compileNow(
  source: MdxSource,
  base: string,
  renderer: Renderer & { syntax?: MdxSyntax },
  key: string,
): CompiledMdx | HeirloomError {
  const compiler = loadMdx();
  const { compileSync } = compiler;
  const own = mdxSyntaxPlugins(renderer.syntax, base);
  const found: Found = { headings: [], uses: new Map(), refs: new Set(), imports: [] };
  const blocks: CompiledMdx["blocks"] = [];
  const { gfm, typographer, remarkPlugins, rehypePlugins } = renderer.markdown;
  const anchors = renderer.anchors;
  try {
    const file = compileSync(source.body, {
      outputFormat: "function-body",
      providerImportSource: "#",
      // A column's alignment as markdown writes it, align="right": a style attribute is refused by the site's CSP.
      tableCellAlignToStyle: false,
      remarkPlugins: [
        remarkGfmAs(gfm, compiler),
        ...own.remark,
        ...(gfm.autolinks ? [remarkAutolinks] : []),
        ...(typographer ? [remarkTypographer] : []),
        ...remarkPlugins,
        () => (tree: MdastNode) => collect(tree, { source, base, anchors, gfm }, found, blocks),
      ],
      rehypePlugins: [...own.rehype, ...rehypePlugins],
    });
    const uses = [...found.uses].map(([name, at]) => ({ name, ...at }));
    const refs = found.refs.size > 0 ? { refs: [...found.refs] } : {};
    const imports = found.imports.length > 0 ? { imports: found.imports } : {};
    return { key, code: String(file), headings: found.headings, uses, blocks, ...refs, ...imports };
  } catch (error) {
    return error instanceof HeirloomError ? error : located(error, source);
  }
}

/** What the walk finds: headings, components used, files under content/ named by relative links. */
interface Found {
  headings: Heading[];
  uses: Map<string, { line: number; column: number }>;
  refs: Set<string>;
  imports: MdxImport[];
}

/**
 * Walks the tree once: refuses import/export, checks links (reference definitions too), turns headings into
 * HeirloomHeading (listed as written; a page's are those it renders), notes components, turns code into
 * HeirloomCode, writes task lists and footnotes as markdown does.
 */
function collect(
  tree: MdastNode,
  { source, base, anchors, gfm }: { source: MdxSource; base: string; anchors: Anchors; gfm: Required<GfmOptions> },
  found: Found,
  blocks: CompiledMdx["blocks"],
): void {
  const used = new Map<string, number>();
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
  // Definitions that pictures use (![x][ref]) are checked as pictures' addresses.
  const pictures = new Set<string>();
  const findPictures = (node: MdastNode) => {
    if (node.type === "imageReference" && node.identifier) pictures.add(node.identifier);
    node.children?.forEach(findPictures);
  };
  findPictures(tree);
  const visit = (node: MdastNode, parent?: MdastNode) => {
    if (isMoreMarker(node)) return void Object.assign(node, moreElement(node));
    const waits = guardExpressions(node as ExpressionHolder);
    if (waits) throw errorFrom(MdxAwait, { file: source.file }, { location: inFile(waits) });
    // Links and pictures, in markdown or as <a href> and <img src>: refused when unsafe, given the base path.
    const checked = (url: string, picture: boolean) => {
      const target = refTarget(source.file, url);
      if (target) found.refs.add(target.path);
      return (picture ? checkedImageUrl : checkedUrl)(url, base, at(node));
    };
    // Written in markdown, percent-encoded as markdown-it encodes it; a reference's definition ([x]: /docs/a#b)
    // holds the URL its links are written with, at its own line.
    if ((node.type === "link" || node.type === "image") && typeof node.url === "string") {
      node.url = checked(urlAsMarkdown(node.url), node.type === "image");
    }
    if (node.type === "definition" && typeof node.url === "string") {
      node.url = checked(urlAsMarkdown(node.url), pictures.has(node.identifier ?? ""));
    }
    for (const attr of node.attributes ?? []) {
      const literal = attr.type === "mdxJsxAttribute" && typeof attr.value === "string";
      if (literal && (attr.name === "href" || attr.name === "src")) {
        attr.value = checked(attr.value as string, node.name === "img" && attr.name === "src");
      }
    }
    if (node.type === "listItem" && parent && gfm.tasklists) taskItem(node, parent);
    if (node.type === "heading") {
      const text = plainText(node);
      found.headings.push({ depth: node.depth ?? 1, text, id: uniqueId(slugOf(text), used) });
      Object.assign(node, headingElement(node, text, anchors ? anchors.label(text) : undefined));
    }
    if ((node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") && node.name) {
      const own = /^[A-Z]/.test(node.name) && node.name !== HEADING_COMPONENT;
      if (own && !found.uses.has(node.name)) found.uses.set(node.name, place(node));
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
    for (const child of node.children ?? []) visit(child, node);
  };
  const { imports, refused } = liftImports(tree);
  if (refused) throw errorFrom(MdxModuleSyntax, { file: source.file }, { location: at(refused) });
  found.imports = imports;
  visit(tree);
  if (gfm.footnotes) footnotesAsMarkdown(tree);
}

function plainText(node: MdastNode): string {
  // A line break is a space, as in markdown's headings (headings.ts).
  if (node.type === "text" || node.type === "inlineCode") return (node.value ?? "").replaceAll("\n", " ");
  if (node.type === "break") return " ";
  if (node.type === "image") return node.alt ?? "";
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
