// The mdast nodes the MDX compile reads and writes (mdx-compile.ts, mdx-gfm.ts, mdx-typography.ts), the JSX
// elements it puts in their place, and a markdown link's URL as markdown-it writes it.
import MarkdownIt from "markdown-it";
import { applyTypographer, enableGfmRules } from "../markdown/index.ts";

let markdownIt: InstanceType<typeof MarkdownIt> | undefined;
/**
 * The markdown-it whose parts MDX bodies borrow, so they read as markdown does: its linkify-it set as GitHub links
 * (mdx-autolinks.ts), its typographer's rules alone as its core (mdx-typography.ts), its URL encoding.
 */
export function markdownItOfMdx(): InstanceType<typeof MarkdownIt> {
  if (markdownIt) return markdownIt;
  markdownIt = new MarkdownIt("commonmark");
  enableGfmRules(markdownIt, {
    tables: false,
    strikethrough: false,
    tasklists: false,
    footnotes: false,
    autolinks: true,
  });
  applyTypographer(markdownIt);
  markdownIt.core.ruler.enableOnly(["heirloom_typography", "smartquotes", "heirloom_typography_end"]);
  return markdownIt;
}

/** A URL written in markdown, percent-encoded as markdown-it encodes it ("/föö" is "/f%C3%B6%C3%B6"). */
export const urlAsMarkdown = (url: string) => markdownItOfMdx().normalizeLink(url);

/** A node of the tree @mdx-js/mdx parses, with the fields the engine reads. */
export interface MdastNode {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  depth?: number;
  children?: MdastNode[];
  url?: string;
  alt?: string | null;
  identifier?: string;
  checked?: boolean | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  data?: { hProperties?: Record<string, unknown> };
  position?: { start: { line: number; column: number; offset?: number }; end?: { offset?: number } };
}

/** An attribute of a JSX element: a literal value, or null for one written bare (`disabled`). */
export const attribute = (name: string, value: string | null) => ({ type: "mdxJsxAttribute", name, value });

/** A JSX element, a block (flow) unless said otherwise. */
export const jsxElement = (
  name: string,
  attributes: MdastNode["attributes"],
  children: MdastNode[],
  type: "mdxJsxFlowElement" | "mdxJsxTextElement" = "mdxJsxFlowElement",
): MdastNode => ({ type, name, attributes, children });
