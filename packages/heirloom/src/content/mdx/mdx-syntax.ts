// What the site turns on beyond GitHub's markdown, for MDX bodies, written as in markdown bodies (alert-kinds.ts):
// GitHub's alerts (> [!NOTE]), containers through remark-directive (:::note[Title]), math through remark-math and
// rehype-katex with KaTeX's stylesheet linked before the body's first formula and its style attributes made classes.
import { createRequire } from "node:module";
import type { ResolvedMarkdown } from "../../config/markdown-options.ts";
import { CONTAINER_KINDS, type AlertKind, ALERT_ICONS, iconAttributes, titleOf } from "../markdown/index.ts";
import { KATEX_OPTIONS, classedKatexTree, katexStylesheetPath } from "../markdown/index.ts";

const require = createRequire(import.meta.url);

/** The settings that shape an MDX body here. */
export type MdxSyntax = Pick<ResolvedMarkdown, "alerts" | "containers" | "math">;

interface Node {
  type: string;
  name?: string;
  value?: string;
  children?: Node[];
  data?: Record<string, unknown>;
  position?: unknown;
}

// biome-ignore lint: any, as unified takes plugins of every shape
type Plugin = any;

const MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i;

/** The remark and rehype plugins of these settings (`base`: the site's base path), in the order they run. */
export function mdxSyntaxPlugins(syntax: MdxSyntax | undefined, base: string): { remark: Plugin[]; rehype: Plugin[] } {
  const remark: Plugin[] = [];
  const rehype: Plugin[] = [];
  if (syntax?.containers) remark.push(load("remark-directive"), () => (tree: Node) => void containers(tree));
  if (syntax?.alerts) remark.push(() => (tree: Node) => void alertsAtTop(tree));
  if (syntax?.math) {
    remark.push(load("remark-math"), () => (tree: Node) => void linkStylesheet(tree, base));
    rehype.push([load("rehype-katex"), { ...KATEX_OPTIONS }], () => (tree: Node) => void classedKatexTree(tree));
  }
  return { remark, rehype };
}

const load = (name: string) => (require(name) as { default: Plugin }).default;

/** Each node of the tree, parents after their children, replaced by what `change` makes of it, if anything. */
function walk(node: Node, change: (node: Node) => Node | Node[] | undefined): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    walk(child, change);
    return change(child) ?? child;
  });
}

/** The alert's wrapper and title, as alertOpening writes them in markdown; `title` its children. */
function alert(kind: AlertKind, title: Node[], children: Node[], position: unknown): Node {
  const { className, ...attributes } = iconAttributes(kind);
  const path = { type: "element", tagName: "path", properties: { d: ALERT_ICONS[kind].path }, children: [] };
  const icon = {
    type: "alertIcon",
    children: [],
    data: { hName: "svg", hProperties: { className: className.split(" "), ...attributes }, hChildren: [path] },
  };
  const heading = { type: "paragraph", data: { hProperties: { className: ["markdown-alert-title"] } } };
  return {
    type: "alert",
    data: { hName: "div", hProperties: { className: ["markdown-alert", `markdown-alert-${kind}`], role: "note" } },
    children: [{ ...heading, children: [icon, ...title] }, ...children],
    position,
  };
}

/** A quote whose first line is `[!NOTE]` (and that says more) as its alert: GitHub's, at the top level only. */
function alertsAtTop(node: Node): void {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    const first = child.type === "blockquote" ? child.children?.[0] : undefined;
    const text = first?.type === "paragraph" ? first.children?.[0] : undefined;
    const marker = text?.type === "text" ? MARKER.exec(text.value ?? "") : null;
    if (!marker || !first || !text) return child;
    const rest = (text.value ?? "").slice(marker[0].length);
    const inFirst = rest === "" ? first.children!.slice(1) : [{ ...text, value: rest }, ...first.children!.slice(1)];
    const body: Node[] = inFirst.length > 0 ? [{ ...first, children: inFirst }] : [];
    body.push(...child.children!.slice(1));
    if (body.length === 0) return child;
    const kind = marker[1].toLowerCase() as AlertKind;
    return alert(kind, [{ type: "text", value: titleOf(kind) }], body, child.position);
  });
}

/** Containers of CONTAINER_KINDS as alerts; every other directive back to the text it was written as. */
function containers(tree: Node): void {
  walk(tree, (node) => {
    if (node.type === "containerDirective" && node.name && node.name.toLowerCase() in CONTAINER_KINDS) {
      const name = node.name.toLowerCase();
      const [first, ...rest] = node.children ?? [];
      const labelled = first?.data?.directiveLabel === true;
      const title = labelled && first.children?.length ? first.children : [{ type: "text", value: titleOf(name) }];
      return alert(CONTAINER_KINDS[name], title, labelled ? rest : (node.children ?? []), node.position);
    }
    if (node.type === "textDirective" || node.type === "leafDirective" || node.type === "containerDirective") {
      return asWritten(node);
    }
    return undefined;
  });
}

/** A directive that is not a container read here, as the text it was (a time "10:30" or "a:b" stays so). */
function asWritten(node: Node): Node | Node[] {
  const colons = node.type === "textDirective" ? ":" : node.type === "leafDirective" ? "::" : ":::";
  const label = node.children?.length
    ? [{ type: "text", value: "[" }, ...node.children, { type: "text", value: "]" }]
    : [];
  const opening = { type: "text", value: `${colons}${node.name ?? ""}` };
  if (node.type === "textDirective") return [opening, ...label];
  return { type: "paragraph", children: [opening, ...label], position: node.position };
}

/** KaTeX's stylesheet linked once, before the body's first formula (a link is allowed in a paragraph). */
function linkStylesheet(tree: Node, base: string): void {
  const link = { rel: "stylesheet", href: `${base}${katexStylesheetPath()}` };
  const visit = (node: Node): boolean =>
    node.children?.some((child, index, children) => {
      if (child.type !== "math" && child.type !== "inlineMath") return visit(child);
      children.splice(index, 0, { type: "stylesheetLink", children: [], data: { hName: "link", hProperties: link } });
      return true;
    }) ?? false;
  visit(tree);
}
