// MDX bodies (a collection with `body: "mdx"`, files ending in .mdx) as pages render them: compiled (mdx-compile.ts)
// to the function body of a React component, `Content`, run here without loading the compiler; its components
// are those templates/mdx.ts exports (handed in once the templates are compiled), its fenced blocks the markup
// Shiki gave them after the compile, its expressions run where a failure is told at its place in the file.
import type { ComponentType, FunctionComponent, ReactNode } from "react";
import { createElement, jsxRuntime as runtime, renderToStaticMarkup } from "../../compile/react.ts";
import { type EnvReads, noteEnvReads, runSiteCode } from "../../compile/site-code.ts";
import { siteCodeNow } from "../../compile/supervisor.ts";
import { DEFAULT_TIMEOUT, durationText } from "../../config/timeout.ts";
import { PastBudget, withinTime } from "../../compile/time-budget.ts";
import { MdxPastBudget } from "../../errors/catalogue.ts";
import { errorFrom, type SourceLocation } from "../../errors/errors.ts";
import { type BodyAt, EXPRESSION_CALL, expressionRunner } from "./mdx-expressions.ts";
import type { CompiledMdx } from "./mdx-types.ts";
import { parseFenceMeta } from "../highlight/index.ts";
import { inSiteCode } from "./mdx-site-code.ts";
import { MORE_COMPONENT, MORE_ELEMENT, cutAtMoreElement } from "./mdx-summary.ts";
import { HEADING_COMPONENT, HeadingsOfRender, headingComponent, renderedHeadings } from "./mdx-headings.ts";
import type { RenderedHeadings } from "./mdx-headings.ts";

/** The components an MDX body renders with: the site's (templates/mdx.ts) and the engine's code block. */
export interface MdxComponents {
  current: Record<string, unknown>;
  /** How a body's `html` is rendered outside a page (islands as their markup alone); set with the components. */
  renderHtml?: (render: () => string) => string;
  /** How long a body may run as it renders (ms): the site's `timeout`. */
  timeout?: number;
}

/** A body's fenced blocks: each as Shiki highlighted it when it was compiled, else as a plain block. */
function codeBlocks(body: CompiledMdx, site: () => Record<string, unknown>) {
  return ({ lang, code, block, meta }: { lang: string; code: string; block: string; meta?: string }) => {
    const html = body.highlighted?.[Number(block)];
    const own = html ? inSiteCode(html, site()) : undefined;
    const shown = own
      ? createElement("div", { className: "code-block" }, own)
      : html
        ? createElement("div", { className: "code-block", dangerouslySetInnerHTML: { __html: html } })
        : // As markdown writes a block: each line ends with a line break.
          createElement("pre", null, createElement("code", { className: `language-${lang}` }, code && `${code}\n`));
    const title = meta ? parseFenceMeta(meta).title : undefined;
    if (!title) return shown;
    return createElement("figure", { className: "code-figure" }, createElement("figcaption", null, title), shown);
  };
}

/** In `html`, the summary's marker is an element, where the HTML is cut (it renders nothing on a page). */
const MARKED = { components: { [MORE_COMPONENT]: () => createElement(MORE_ELEMENT) } };

/**
 * React writes a preload of each picture it renders before the markup, meant for a document's head: a body's HTML
 * is no document (a page places it, and the build gives its pictures their sizes and sources), so they are dropped.
 */
const withoutImagePreloads = (html: string) =>
  html.startsWith('<link rel="preload" as="image"')
    ? html.replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, "")
    : html;

/** The prop `html`'s render is given, where the body's rendered headings are put (read as its `headings`). */
const HEADINGS_PROP = "__heirloomHeadings";

/**
 * Gives an entry's value its MDX body: `Content`, its `headings`, and `html` rendered when first read; `at` is its
 * file and the line its body starts at, where an expression that fails is told. Returns the body's HTML and where
 * its summary's marker was, read when called (for its summary, content/summary.ts).
 */
export function setMdxBody(
  value: Record<string, unknown>,
  body: CompiledMdx,
  components: MdxComponents,
  at: BodyAt,
): () => { html: string; more?: number } {
  let Content: ComponentType | undefined;
  const content = () => (Content ??= mdxContent(body, components, at));
  Object.defineProperty(value, "Content", { enumerable: true, configurable: true, get: content });
  // The headings the body renders (those a component leaves out are not), found by rendering its HTML.
  const rendered = renderedHeadings();
  Object.defineProperty(value, "headings", {
    enumerable: true,
    configurable: true,
    get: () => (String(value.html), rendered.headings),
  });
  let made: { result: { html: string; more?: number }; env: EnvReads } | undefined;
  Object.defineProperty(value, "html", {
    enumerable: true,
    configurable: true,
    get() {
      const props = { ...MARKED, [HEADINGS_PROP]: rendered };
      const render = () => renderToStaticMarkup(createElement(content() as ComponentType<typeof props>, props));
      // Run as site code (a feed reads it outside any page; a template, as `headings` too, inside one: the page is
      // told), and rendered once: a later reader of the HTML depends on the variables the body read as the first.
      const page = siteCodeNow()?.page;
      const place = { file: at.file, line: at.bodyLine, ...(page ? { page } : {}) };
      const html = () => (components.renderHtml ? components.renderHtml(render) : render());
      made ??= runSiteCode(() => cutAtMoreElement(withoutImagePreloads(html())), place);
      noteEnvReads(made.env);
      return made.result.html;
    },
  });
  return () => ({ html: String(value.html), more: made?.result.more });
}

/**
 * The body as a component; `components` is read when it renders (the site's, as compiled last). The compiled
 * function body is run as @mdx-js/mdx's runSync runs it, without loading the compiler, costly to load, to do so; it and
 * each render of the component are stopped past the body's time (a located error), or at Ctrl+C.
 */
function mdxContent(body: CompiledMdx, components: MdxComponents, at: BodyAt): ComponentType {
  const HeirloomCode = codeBlocks(body, () => components.current);
  const HeirloomHeading = headingComponent(() => components.current);
  const own = { HeirloomCode, [HEADING_COMPONENT]: HeirloomHeading, [MORE_COMPONENT]: () => null };
  const provided = () => ({ ...components.current, ...own });
  const options = { ...runtime, useMDXComponents: provided };
  // The body reads its options as arguments[0]; its expressions call the runner by name.
  const run = new Function("options", EXPRESSION_CALL, body.code);
  // The places of the expressions running now, innermost last: where a body stopped past its time was.
  const running: SourceLocation[] = [];
  // What a stop tells: at the expression running then, if one was (the page's budget may be the one that ended).
  const blame = (ms: number) => {
    const seconds = durationText(ms);
    const place = running.at(-1);
    running.length = 0;
    const location = place ?? { file: at.file, line: at.bodyLine };
    return errorFrom(MdxPastBudget, { file: at.file, seconds, inExpression: place !== undefined }, { location });
  };
  const timed = <T>(make: () => T): T => {
    try {
      return withinTime(make, components.timeout ?? DEFAULT_TIMEOUT, blame);
    } catch (error) {
      throw error instanceof PastBudget ? (error.blamed ?? error) : error;
    } finally {
      // A stopped expression never left the list.
      running.length = 0;
    }
  };
  const module = timed(() => run(options, expressionRunner(at, running))) as { default: FunctionComponent };
  const Content = module.default;
  // Each render numbers its headings afresh (into the list `html`'s render is given).
  return (props: Record<string, unknown>) => {
    const headings = (props[HEADINGS_PROP] as RenderedHeadings | undefined) ?? renderedHeadings();
    headings.used.clear();
    headings.headings.length = 0;
    return createElement(HeadingsOfRender.Provider, { value: headings }, timed(() => Content(props)) as ReactNode);
  };
}
