// Render stage: one route and the compiled templates in, a complete HTML document string out.
import { createRequire } from "node:module";
import type { Assets, Head } from "../../templates/types.ts";
import { HeirloomError } from "../errors.ts";
import type { Route } from "../routes/routes.ts";
import type { SiteContent } from "../content/schema.ts";
import type { Templates } from "./templates.ts";

// React is CommonJS: required directly, Node skips scanning it for named exports as an ES import would
// (about 15 ms of every build). The compiled templates import the same cached instance.
const require = createRequire(import.meta.url);
const { createElement } = require("react") as typeof import("react");
const { renderToStaticMarkup } = require("react-dom/server") as typeof import("react-dom/server");

/** Renders one route to `<!doctype html>…`; free of filesystem writes. */
export function renderRoute(route: Route, templates: Templates, content: SiteContent, assets: Assets, head: Head): string {
  const Page = templates.pages[route.page.template];
  if (!Page) {
    throw new HeirloomError("TemplateRenderError", `No template is exported for "${route.page.template}".`, {
      hint: `export a component for "${route.page.template}" from the pages map of templates/index.ts.`,
    });
  }
  const props = { page: route.page, content, assets, head };
  try {
    return `<!doctype html>${renderToStaticMarkup(createElement(templates.Document, props, createElement(Page, props)))}`;
  } catch (error) {
    if (error instanceof HeirloomError) throw error;
    throw new HeirloomError("TemplateRenderError", `The "${route.page.template}" template failed while rendering ${route.path}: ${(error as Error).message}`, {
      hint: "run the build with --debug for the stack trace; the error is in templates/.",
      cause: error,
    });
  }
}

/** Applies the base path to site paths ("/pricing" -> "/heirloom/pricing"); other URLs pass through. */
export function withBase(base: string, href: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? base + href.slice(1) : href;
}
