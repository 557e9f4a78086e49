// When a site's content has mistakes, the pages that still render are rendered and their links checked, so that a
// build reports broken links together with the mistakes, not after they are fixed (images are not made).
import type { BundledAssets } from "../assets/bundle.ts";
import { searchScript } from "../assets/search-script.ts";
import type { SiteConfig } from "../config/options.ts";
import type { ResolvedSite } from "../config/types.ts";
import { collectionsOf } from "../content/validate.ts";
import { hostingFiles } from "../output/files/index.ts";
import { linksDespiteMistakes } from "../output/links/index.ts";
import type { IslandRenders } from "../render/island.ts";
import { contentOf, islandScripts, publishedOnSite, renderRoute, templateAssets } from "../render/render.ts";
import type { Templates } from "../render/templates.ts";
import type { FeedSpec } from "../routes/types.ts";
import type { Compiling } from "./compile-parts.ts";
import { type ReadContent, localePages, refTableOf } from "./locale-pages.ts";

/** The broken links of the pages that render while the content has mistakes (images are not made). */
export async function linksOfPartialSite(
  site: ResolvedSite,
  read: ReadContent & { config: SiteConfig; feeds: FeedSpec[] },
  templates: Templates,
  parts: Compiling,
  islandRenders: IslandRenders,
) {
  const { config, raw, validated, routes, feeds, redirects } = read;
  const bundle = await parts.assets.catch((): BundledAssets => ({ files: [] }));
  const islandBundle = await parts.islands.catch(() => undefined);
  const search = site.search ? await searchScript() : undefined;
  const assets = templateAssets(config, bundle, undefined, search);
  const islands = islandScripts(config, islandBundle ?? { modules: {}, preload: {} });
  const content = collectionsOf(site, validated);
  const refs = refTableOf({ config, site }, read, content);
  const locales = localePages({ config, site }, read);
  const hosting = hostingFiles(config, routes, feeds, redirects);
  const files = [...bundle.files, ...(islandBundle?.files ?? []), ...(search ? [search] : []), ...hosting].map(
    (f) => f.path,
  );
  return linksDespiteMistakes({
    config,
    site,
    raw,
    validated,
    routes,
    files: [...files, ...raw.passthrough, ...feeds.map((f) => f.path.slice(1)), ...redirects.map((r) => r.outFile)],
    render: (route) => {
      const local = route.locale === undefined ? undefined : locales?.get(route.locale);
      const inputs = { templates, content: contentOf({ content, locales }, route.locale), assets, islands };
      const head = { canonical: undefined, feeds: [], alternates: [] };
      return renderRoute(route, { ...inputs, refs: local?.refs ?? refs, islandRenders, timeout: site.timeout }, head);
    },
    published: publishedOnSite({ refs, content, locales }),
  });
}
