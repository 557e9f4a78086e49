// GitHub's extensions in MDX bodies, each as the site's `gfm` turns it on (micromark's and mdast's GFM, loaded with
// the compiler), and written as markdown writes them (gfm.ts): task lists as checkboxes in a label, footnotes as
// markdown-it-footnote numbers and lists them, so that a body renamed from .md to .mdx keeps its HTML.
import { createRequire } from "node:module";
import type { GfmOptions } from "../../config/markdown-options.ts";
import { type MdastNode, attribute, jsxElement } from "./mdx-nodes.ts";

const require = createRequire(import.meta.url);

type Gfm = {
  gfm: () => unknown;
  gfmFromMarkdown: () => Array<{ transforms?: unknown[] }>;
};
/**
 * The compiler's bundle holds them (bin/compile-cli.js SIDE_BUNDLES), taken from the compiler already loaded; a
 * source checkout, whose compiler is the package, reads their packages.
 */
const gfmOf = (compiler: Partial<Gfm>): Gfm =>
  compiler.gfm && compiler.gfmFromMarkdown
    ? (compiler as Gfm)
    : { gfm: require("micromark-extension-gfm").gfm, gfmFromMarkdown: require("mdast-util-gfm").gfmFromMarkdown };

/** micromark's names of each extension's constructs, turned off when the site turns the extension off. */
const CONSTRUCTS: Record<keyof GfmOptions, string[]> = {
  tables: ["table"],
  strikethrough: ["strikethrough"],
  tasklists: ["tasklistCheck"],
  // Never micromark's: bare addresses are found as markdown finds them (mdx-autolinks.ts).
  autolinks: [],
  footnotes: ["gfmFootnoteDefinition", "gfmFootnoteCall", "gfmPotentialFootnoteCall"],
};

/** A remark plugin (unified's `this`) that parses the extensions `gfm` turns on; none when all are off. */
export function remarkGfmAs(gfm: Required<GfmOptions>, compiler: object) {
  return function (this: { data(): unknown }) {
    const off = (Object.keys(CONSTRUCTS) as Array<keyof GfmOptions>).filter((key) => !gfm[key]);
    if (off.length === Object.keys(CONSTRUCTS).length || (off.length === 4 && gfm.autolinks)) return;
    const { gfm: syntax, gfmFromMarkdown } = gfmOf(compiler as Partial<Gfm>);
    const data = this.data() as Record<string, unknown[] | undefined>;
    const disable = [...off.flatMap((key) => CONSTRUCTS[key]), "wwwAutolink", "protocolAutolink", "emailAutolink"];
    (data.micromarkExtensions ??= []).push(syntax(), { disable: { null: disable } });
    // mdast also finds bare addresses in text after the parse (its transform): left out.
    const fromMarkdown = gfmFromMarkdown().filter((extension) => !extension.transforms);
    (data.fromMarkdownExtensions ??= []).push(fromMarkdown);
  };
}

/** A list item that starts with [ ] or [x], as gfm.ts writes it: a disabled checkbox in a label with its text. */
export function taskItem(item: MdastNode, list: MdastNode): void {
  if (typeof item.checked !== "boolean") return;
  const checked = item.checked;
  item.checked = null;
  item.data = { ...item.data, hProperties: { ...item.data?.hProperties, className: "task-list-item" } };
  list.data = { ...list.data, hProperties: { ...list.data?.hProperties, className: "contains-task-list" } };
  const first = item.children?.[0];
  const attributes = [attribute("className", "task-list-item-checkbox"), attribute("type", "checkbox")];
  attributes.push(attribute("disabled", null), ...(checked ? [attribute("checked", null)] : []));
  const box = jsxElement("input", attributes, [], "mdxJsxTextElement");
  const label = (children: MdastNode[]) =>
    jsxElement("label", [], [box, { type: "text", value: " " }, ...children], "mdxJsxTextElement");
  if (first?.type === "paragraph") first.children = [label(first.children ?? [])];
  else item.children = [{ type: "paragraph", children: [label([])] }, ...(item.children ?? [])];
}

/**
 * Footnotes as markdown-it-footnote writes them: each reference a numbered link (the second to the same note
 * "[1:1]"), the notes referred to listed at the end in the order of their first reference, each with links back.
 */
export function footnotesAsMarkdown(tree: MdastNode): void {
  const definitions = new Map<string, MdastNode>();
  const order: string[] = [];
  const refs = new Map<string, number>();
  const walk = (node: MdastNode, parent?: MdastNode) => {
    if (node.type === "footnoteDefinition" && parent) {
      if (!definitions.has(node.identifier!)) definitions.set(node.identifier!, node);
      return false;
    }
    if (node.type === "footnoteReference") {
      const id = node.identifier!;
      if (!refs.has(id)) order.push(id);
      const count = refs.get(id) ?? 0;
      refs.set(id, count + 1);
      const n = order.indexOf(id) + 1;
      const [ref, text] = count === 0 ? [`fnref${n}`, `[${n}]`] : [`fnref${n}:${count}`, `[${n}:${count}]`];
      const link = jsxElement(
        "a",
        [attribute("href", `#fn${n}`), attribute("id", ref)],
        [{ type: "text", value: text }],
      );
      Object.assign(node, jsxElement("sup", [attribute("className", "footnote-ref")], [link], "mdxJsxTextElement"));
      return true;
    }
    if (node.children) node.children = node.children.filter((child) => walk(child, node) !== false);
    return true;
  };
  walk(tree);
  if (order.length === 0) return;
  const items = order.map((id, index) => {
    const n = index + 1;
    const note = definitions.get(id);
    const children = note?.children ?? [];
    const backs = Array.from({ length: refs.get(id) ?? 1 }, (_, i) => {
      const href = i === 0 ? `#fnref${n}` : `#fnref${n}:${i}`;
      const back = jsxElement(
        "a",
        [attribute("href", href), attribute("className", "footnote-backref")],
        [{ type: "text", value: "\u21a9\ufe0e" }],
      );
      return [{ type: "text", value: " " }, back];
    });
    const last = children.at(-1);
    if (last?.type === "paragraph") last.children = [...(last.children ?? []), ...backs.flat()];
    else children.push(...backs.flat());
    return jsxElement("li", [attribute("id", `fn${n}`), attribute("className", "footnote-item")], children);
  });
  const list = jsxElement("ol", [attribute("className", "footnotes-list")], items);
  const hr = jsxElement("hr", [attribute("className", "footnotes-sep")], []);
  tree.children?.push(hr, jsxElement("section", [attribute("className", "footnotes")], [list]));
}
