// GitHub's bare addresses in MDX bodies found as markdown finds them (gfm.ts's linkify-it, set as GitHub links),
// not by micromark's rules, which end some addresses elsewhere: a body renamed from .md to .mdx links the same text.
import type MarkdownIt from "markdown-it";
import { type MdastNode, markdownItOfMdx } from "./mdx-nodes.ts";

/** Nodes whose text is never linked: links already, code, JSX and expressions (which hold no markdown text). */
const NOT_LINKED = new Set(["link", "linkReference", "inlineCode", "code", "definition", "mdxTextExpression"]);

/** A remark plugin: bare addresses in text as links, each written as markdown-it writes its text. */
export function remarkAutolinks() {
  return (tree: MdastNode) => {
    const md = markdownItOfMdx();
    const visit = (node: MdastNode) => {
      if (NOT_LINKED.has(node.type) || !node.children) return;
      node.children = node.children.flatMap((child) => (child.type === "text" ? linked(child, md) : [child]));
      node.children.forEach(visit);
    };
    visit(tree);
  };
}

/** A text node as text and links (marked as bare addresses, which the typographer leaves alone). */
function linked(node: MdastNode, md: InstanceType<typeof MarkdownIt>): MdastNode[] {
  const text = node.value ?? "";
  const found = md.linkify.test(text) ? md.linkify.match(text) : null;
  if (!found) return [node];
  const out: MdastNode[] = [];
  let last = 0;
  for (const link of found) {
    if (link.index > last) out.push({ type: "text", value: text.slice(last, link.index) });
    out.push({ type: "link", url: link.url, children: [{ type: "text", value: linkText(link, md) }] });
    last = link.lastIndex;
  }
  if (last < text.length) out.push({ type: "text", value: text.slice(last) });
  // The first piece keeps the node's place, so that an error in it is told at its line.
  out[0].position = node.position;
  return out;
}

/** The link's text as markdown-it's linkify writes it: "www.x.org" without the http:// it links to. */
function linkText(link: { schema: string; text: string }, md: InstanceType<typeof MarkdownIt>): string {
  if (!link.schema) return md.normalizeLinkText(`http://${link.text}`).replace(/^http:\/\//, "");
  if (link.schema === "mailto:" && !/^mailto:/i.test(link.text)) {
    return md.normalizeLinkText(`mailto:${link.text}`).replace(/^mailto:/, "");
  }
  return md.normalizeLinkText(link.text);
}
