// Render stage: one route and the compiled templates in, a complete HTML document string out.
import { createRequire } from "node:module";
import { HeirloomError } from "../errors/errors.ts";
import type { Route } from "../routes/routes.ts";
import type { Assets, Head, PageProps } from "./contract.ts";
import type { Templates } from "./templates.ts";

// React is CommonJS: required directly, Node skips scanning it for named exports as an ES import would.
// The compiled templates require the same cached instance.
const require = createRequire(import.meta.url);
const { createElement } = require("react") as typeof import("react");
const { renderToStaticMarkup } = require("react-dom/server") as typeof import("react-dom/server");

/** Renders one route to `<!doctype html>…`; free of filesystem writes. */
export function renderRoute(
  route: Route,
  templates: Templates,
  content: Record<string, unknown>,
  assets: Assets,
  head: Head,
): string {
  const Page = templates.byName.get(route.template)!;
  const props: PageProps = { page: route.entry, content, path: route.path, pagination: route.pagination, assets, head };
  try {
    return `<!doctype html>${renderToStaticMarkup(createElement(templates.Document, props, createElement(Page, props)))}`;
  } catch (error) {
    if (error instanceof HeirloomError) throw error;
    throw new HeirloomError(
      "TemplateRenderError",
      `The "${route.template}" template failed while rendering ${route.path} (${route.source.file}): ${(error as Error).message}`,
      {
        location: { file: route.source.file },
        hint: "run the build with --debug for the stack trace; the error is in templates/.",
        cause: error,
      },
    );
  }
}
