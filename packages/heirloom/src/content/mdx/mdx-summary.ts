// The summary's marker in an MDX body, which has no HTML comments: `{/* more */}`; and, so that a ported post
// compiles, a line `<!--more-->` or the collection's or entry's separator (outside fenced code) read as that.
// It becomes <HeirloomMore>: nothing on a page, and where the body's `html` is cut for its summary.

/** The component a marker becomes. */
export const MORE_COMPONENT = "HeirloomMore";
/** What it renders as in `html` until the HTML is cut there (mdx.ts). */
export const MORE_ELEMENT = "heirloom-more";
const MORE_EXPRESSION = /^\s*\/\*\s*more\s*\*\/\s*$/;
const HUGO_LINE = /^<!--\s*more\s*-->$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The body with each marker line outside fenced code written as `{/* more *\/}`, which MDX reads. */
export function moreAsExpressions(body: string, separator?: string): string {
  const own = separator?.trim();
  if (!body.includes("more") && !(own && body.includes(own))) return body;
  let fence: string | undefined;
  return body
    .split("\n")
    .map((line) => {
      const mark = FENCE.exec(line)?.[1];
      const text = line.trim();
      if (fence) {
        if (mark && mark[0] === fence[0] && mark.length >= fence.length && text === mark) fence = undefined;
        return line;
      }
      if (mark) fence = mark;
      else if (HUGO_LINE.test(text) || (own && text === own)) return line.replace(text, "{/* more */}");
      return line;
    })
    .join("\n");
}

/** Whether a node of the body's tree is the marker, `{/* more *\/}`. */
export function isMoreMarker(node: { type: string; value?: string }): boolean {
  const expression = node.type === "mdxFlowExpression" || node.type === "mdxTextExpression";
  return expression && MORE_EXPRESSION.test(node.value ?? "");
}

/** The marker as the element it is compiled to. */
export function moreElement(node: { type: string }) {
  const type = node.type === "mdxFlowExpression" ? "mdxJsxFlowElement" : "mdxJsxTextElement";
  return { type, name: MORE_COMPONENT, attributes: [], children: [] };
}

/** A body's rendered HTML without its markers, and where the first was. */
export function cutAtMoreElement(html: string): { html: string; more?: number } {
  const element = `<${MORE_ELEMENT}></${MORE_ELEMENT}>`;
  const at = html.indexOf(element);
  return at < 0 ? { html } : { html: html.split(element).join(""), more: at };
}
