// An MDX body's headings as its page renders them: each heading is a <HeirloomHeading> that takes its id from the
// render's own list when it renders, so a heading that a component leaves out (one that renders null) takes no id
// and is not listed; ids are GitHub's (unique in what renders), each heading linked to itself as in markdown.
import type { Heading } from "../../config/markdown-options.ts";
import { createContext, createElement, useContext } from "../../compile/react.ts";
import { slugOf, uniqueId } from "../markdown/index.ts";
import { type MdastNode, attribute, jsxElement } from "./mdx-nodes.ts";

/** The element the engine's heading component is named by in a compiled body. */
export const HEADING_COMPONENT = "HeirloomHeading";

/** The ids one render has given and the headings it rendered, in order. */
export interface RenderedHeadings {
  used: Map<string, number>;
  headings: Heading[];
}

/** The render's headings: each render of a body gets its own (mdx.ts). */
export const HeadingsOfRender = createContext<RenderedHeadings | null>(null);

export const renderedHeadings = (): RenderedHeadings => ({ used: new Map(), headings: [] });

/**
 * A heading node as the engine's heading component: its text (for its id and the list) and, with anchors, the
 * name of the link after it (`label`), worked out at the compile; its id is given when it renders.
 */
export function headingElement(node: MdastNode, text: string, label: string | undefined): MdastNode {
  const attributes = [attribute("depth", String(node.depth ?? 1)), attribute("text", text)];
  if (label !== undefined) attributes.push(attribute("label", label));
  return { ...jsxElement(HEADING_COMPONENT, attributes, node.children ?? []), position: node.position };
}

interface HeadingProps {
  depth: string;
  text: string;
  label?: string;
  children?: unknown;
}

/**
 * The heading component of a body rendering with `components` (the site's h1…h6 are used when it has them): the
 * heading with the next unique id of this render, listed, followed by a link to itself in a wrapper (headings.ts
 * writes markdown's alike).
 */
export function headingComponent(components: () => Record<string, unknown>) {
  return ({ depth, text, label, children }: HeadingProps) => {
    const render = useContext(HeadingsOfRender) ?? renderedHeadings();
    const id = uniqueId(slugOf(text), render.used);
    render.headings.push({ depth: Number(depth), text, id });
    const tag = `h${depth}`;
    const own = components()[tag];
    const heading = createElement((own ?? tag) as string, { id }, children as string);
    if (label === undefined) return heading;
    const hash = createElement("span", { "aria-hidden": "true" }, "#");
    const link = createElement("a", { className: "heading-anchor", href: `#${id}`, "aria-label": label }, hash);
    return createElement("div", { className: "heading-wrapper" }, heading, link);
  };
}
