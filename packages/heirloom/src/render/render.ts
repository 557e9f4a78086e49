// Render stage: one route and the compiled templates in, a complete HTML document string out.
import { createRequire } from "node:module";
import { TemplateFailed } from "../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../errors/errors.ts";
import type { SiteConfig } from "../config/options.ts";
import type { FeedSpec, Route } from "../routes/types.ts";
import { NOT_FOUND, absoluteUrl, originOf, withBase } from "../routes/urls.ts";
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
    const page = createElement(templates.Document, props, createElement(Page, props));
    return `<!doctype html>${renderToStaticMarkup(page)}`;
  } catch (error) {
    if (error instanceof HeirloomError) throw error;
    const { template, path, source } = route;
    const args = { template, path, file: source.file, reason: (error as Error).message };
    // At the template's line where it threw; at the page's content file when that cannot be told.
    const location = templates.locate(error) ?? { file: source.file };
    throw errorFrom(TemplateFailed, args, { location, cause: error });
  }
}

/** What every page renders from besides its route: the templates, the collections, assets, settings, feeds. */
export interface RenderInputs {
  config: Pick<SiteConfig, "base" | "siteUrl">;
  templates: Templates;
  content: Record<string, unknown>;
  assets: Assets;
  feeds: FeedSpec[];
}

/** One page as a full HTML document with its head; `content` may be a recording view of the site's. */
export function renderPage(site: RenderInputs, route: Route, content = site.content): string {
  const { config } = site;
  const canonical = route.path === NOT_FOUND ? undefined : absoluteUrl(config.siteUrl, config.base, route.path);
  return renderRoute(route, site.templates, content, site.assets, { canonical, feeds: feedLinks(site) });
}

/** The site's feeds for the head's links; none without a site URL (a feed's entries need absolute URLs). */
function feedLinks({ config, feeds }: Pick<RenderInputs, "config" | "feeds">): Head["feeds"] {
  return config.siteUrl ? feeds.map((f) => ({ title: f.title, url: withBase(config.base, f.path) })) : [];
}

/** What templates receive about the site's URLs, script, stylesheet and forms. */
export function templateAssets(
  config: SiteConfig,
  bundle: { script?: string; stylesheet?: string },
  codeStyles?: { path: string },
): Assets {
  return {
    href: (href) => withBase(config.base, href),
    absolute: (url) => (config.siteUrl && url.startsWith("/") ? originOf(config.siteUrl) + url : undefined),
    stylesheet: bundle.stylesheet && config.base + bundle.stylesheet,
    script: bundle.script && config.base + bundle.script,
    codeStylesheet: codeStyles && config.base + codeStyles.path,
    forms: Object.fromEntries(config.forms.map((f) => [f.name, { action: f.action, field: f.field }])),
  };
}
