// <Island>: a React component a page renders to HTML with the rest, that the browser then hydrates (Astro's
// client:* directives are the model). While the engine renders a page, the islands it meets are collected in
// a scope of that render: each is written as <heirloom-island src load props> around the component's own server
// render, made afterwards with renderToString (which marks text boundaries the way hydration reads them, where
// the page's static markup does not). Any React tree the build renders may hold islands, within such a scope.
import { randomBytes } from "node:crypto";
import type { ComponentType, ReactElement, ReactNode } from "react";
import {
  IslandLoadUnknown,
  IslandOutsidePage,
  IslandPropsNotObject,
  IslandPropsNotSerializable,
  NotAnIsland,
} from "../errors/catalogue.ts";
import { type ErrorEntry, type SourceLocation, errorFrom } from "../errors/errors.ts";
import { createElement, renderToString } from "../compile/react.ts";
import { CALL_SITE, recordingCallSites, withCallSites } from "./island-call-site.ts";
import { notAnObject, thrownProp, unserializableProp } from "./island-props.ts";

/**
 * When the browser hydrates an island: as soon as the page has loaded, when the browser is idle, when the
 * island comes into view, or when a media query matches (`media((max-width: 40em))`).
 */
export type IslandLoad = "load" | "idle" | "visible" | `media(${string})`;

/** What <Island> takes: the component (a default export of templates/interactive/), its props, when to load. */
export type IslandProps<P> = {
  component: ComponentType<P>;
  /** When the browser hydrates it; "load" unless said. */
  load?: IslandLoad;
} & (Record<string, never> extends P ? { props?: P } : { props: P });

/** The page an island is rendered on, for messages. */
export interface IslandPage {
  template: string;
  path: string;
  file: string;
}

/** What a render's islands need: the site's islands by component, and the URL of each one's browser module. */
export interface IslandSite {
  /** Each island's component (its module's default export), to its name. */
  registry: Map<unknown, string>;
  /** Each island's browser module by name, base path included; none where the bundle was not made. */
  modules: Record<string, string>;
  /** Where in templates/ an error was made (the compiled templates' `locate`), for the line of an <Island>. */
  locate?(error: unknown): SourceLocation | undefined;
  /** The islands' own renders made so far (see IslandRenders). */
  ownRenders: IslandRenders;
}

/** An island a page holds: its name and when it hydrates. */
export interface RenderedIsland {
  name: string;
  load: IslandLoad;
}

interface Scope extends IslandSite {
  page: IslandPage;
  /** The render's number: each island's placeholder is marked with it, unique to the render and never in a site's
   * text (see `slotOf`). */
  render: number;
  found: Array<RenderedIsland & { component: ComponentType<Record<string, unknown>>; json: string }>;
  /** The islands of renders made within this one (their markup is in this render's by then). */
  within: RenderedIsland[];
}

let scope: Scope | undefined;
let renders = 0;
const PROCESS_MARK = `heirloom-island-${randomBytes(8).toString("hex")}-`;

/** Marks a component as an island: rendered to HTML with the page, hydrated in the browser when `load` says. */
export function Island<P>(island: IslandProps<P>): ReactElement {
  const at = scope;
  const component = island.component as ComponentType<Record<string, unknown>>;
  if (!at && plainRenders > 0) return createElement(component, island.props ?? {});
  if (!at) throw errorFrom(IslandOutsidePage, { component: componentName(component) });
  const fail = placed(at, (island as Record<string, unknown>)[CALL_SITE]);
  const name = at.registry.get(component);
  if (name === undefined) return fail(NotAnIsland, { ...at.page, component: componentName(component) });
  const load = island.load ?? "load";
  if (load !== "load" && load !== "idle" && load !== "visible" && !/^media\(.+\)$/s.test(load)) {
    return fail(IslandLoadUnknown, { ...at.page, island: name, load: String(load) });
  }
  const props = island.props ?? {};
  const kind = notAnObject(props);
  if (kind) return fail(IslandPropsNotObject, { ...at.page, island: name, what: kind });
  const problem = unserializableProp(props);
  if (problem) return fail(IslandPropsNotSerializable, { ...at.page, island: name, ...problem });
  let json: string;
  try {
    json = JSON.stringify(props);
  } catch (error) {
    // Read again as it is written (a getter that throws the second time).
    const thrown = thrownProp("props", error, (reason) => `a value that threw ${reason} as it was written as JSON`);
    return fail(IslandPropsNotSerializable, { ...at.page, island: name, ...thrown });
  }
  at.found.push({ name, load, component, json });
  // A placeholder for the island's own render, filled in once the page is rendered.
  const slot = slotOf(at, at.found.length - 1);
  const attributes = { src: at.modules[name], load, props: json === "{}" ? undefined : json };
  return createElement("heirloom-island", attributes, slot);
}

let plainRenders = 0;

/** Errors of <Island> thrown before its call site was known: the render is made again to learn it. */
const unplaced = new WeakSet<object>();

/**
 * Throws an <Island>'s error at the template's line that made the element (`callSite`, recorded by the site's JSX
 * runtime), else at the page's file; one without a call site is made again with call sites recorded (see
 * renderWithIslands).
 */
function placed(at: Scope, callSite: unknown) {
  return <A extends object>(entry: ErrorEntry<A>, args: A): never => {
    const location = (callSite ? at.locate?.(callSite) : undefined) ?? { file: at.page.file };
    const error = errorFrom(entry, args, { location });
    if (!callSite && !recordingCallSites()) unplaced.add(error);
    throw error;
  };
}

/** The placeholder of a render's island number `index`. */
const slotOf = (at: Scope, index: number) => `${PROCESS_MARK}${at.render}-${index}.`;

/**
 * Runs a render in which an island is its component's markup alone, for HTML that no page loads scripts for
 * (an MDX body's `html`, which feeds hold).
 */
export function renderIslandsPlain<T>(render: () => T): T {
  const outer = scope;
  scope = undefined;
  plainRenders++;
  try {
    return render();
  } finally {
    scope = outer;
    plainRenders--;
  }
}

/**
 * Runs a render of static markup with islands collected: their server render is put in place afterwards, and
 * `islands` lists them (a page with none loads no script for them). A render made within another, such as
 * markup a template renders to a string, counts its islands for the outer one too.
 */
export function renderWithIslands(
  site: IslandSite,
  page: IslandPage,
  render: () => string,
): { html: string; islands: RenderedIsland[] } {
  const outer = scope;
  // Fields named one by one: spreading `site` here is a cost every page would pay, for fields it never reads.
  const { registry, modules, locate, ownRenders } = site;
  const at: Scope = { registry, modules, locate, ownRenders, page, render: ++renders, found: [], within: [] };
  scope = at;
  let html: string;
  try {
    html = render();
  } catch (error) {
    // An <Island>'s mistake: rendered again, each <Island> recording where it is made, to throw it at that line.
    if (unplaced.has(error as object)) withCallSites(render);
    throw error;
  } finally {
    scope = outer;
  }
  if (at.found.length === 0 && at.within.length === 0) return { html, islands: [] };
  at.found.forEach(({ component, json }, i) => {
    const slot = slotOf(at, i);
    const start = html.indexOf(slot);
    if (start >= 0)
      html = html.slice(0, start) + ownRender(ownRenders, component, json) + html.slice(start + slot.length);
  });
  const islands = [...at.found.map(({ name, load }) => ({ name, load })), ...at.within];
  outer?.within.push(...islands);
  return { html, islands };
}

/**
 * Each island component's server render by the JSON of its props, kept by a build or a dev server. A component
 * renders the same for the same props (React's rule, and what hydration needs: the browser's first render has
 * nothing else to go by), so an island that every page shows alike is rendered once; the last 256 props of each
 * component are kept.
 */
export type IslandRenders = WeakMap<object, Map<string, string>>;
const KEPT_RENDERS = 256;

function ownRender(made: IslandRenders, component: ComponentType<Record<string, unknown>>, json: string): string {
  let byProps = made.get(component);
  if (!byProps) made.set(component, (byProps = new Map()));
  let html = byProps.get(json);
  if (html === undefined) {
    // As the browser gets them: the props through JSON, the component under the same root as it hydrates.
    html = renderToString(createElement(IslandRoot, null, createElement(component, JSON.parse(json))));
    if (byProps.size >= KEPT_RENDERS) byProps.delete(byProps.keys().next().value!);
    byProps.set(json, html);
  }
  return html;
}

/** The root every island renders under, on the server as in the browser (where it marks the island hydrated). */
function IslandRoot({ children }: { children?: ReactNode }): ReactNode {
  return children;
}

function componentName(component: unknown): string {
  const named = component as { displayName?: string; name?: string } | undefined;
  return named?.displayName || named?.name || "an unnamed component";
}
