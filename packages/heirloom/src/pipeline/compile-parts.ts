// The site's own code compiled (or found compiled) all at once, each part through the incremental object: the
// definition, the templates (with the islands they register), the script and stylesheet, and the islands' bundle.
import { bundleAssets } from "../assets/bundle.ts";
import { bundleIslands } from "../assets/islands.ts";
import { cacheDirFor } from "../compile/cache.ts";
import type { SitePaths } from "../config/options.ts";
import { loadSite } from "../config/site.ts";
import type { ResolvedSite } from "../config/types.ts";
import type { CompiledParts, Incremental } from "../incremental/incremental.ts";
import { listIslands } from "../render/island-files.ts";
import { compileTemplates } from "../render/templates.ts";
import { siteModules } from "./site-modules.ts";

export type Compiling = { [K in keyof CompiledParts]: Promise<CompiledParts[K]> };

/** Starts the definition, templates, assets and islands compiling (or finds them compiled), all at once. */
export function compileParts(paths: SitePaths, incremental: Incremental): Compiling {
  const { root, templatesDir, cacheDir } = paths;
  const context = { root, cacheDir, modules: siteModules, loaded: incremental.modules };
  // The islands' names and files are checked by the templates' compile, which fails with them.
  const islands = () => listIslands(templatesDir, root).islands;
  return {
    definition: incremental.compiled("definition", () => loadSite(context)),
    templates: incremental.compiled("templates", () => compileTemplates(templatesDir, context)),
    assets: incremental.compiled("assets", () => bundleAssets(templatesDir, root, cacheDir)),
    islands: incremental.compiled("islands", () => bundleIslands(islands(), templatesDir, root, cacheDir)),
  };
}

/** Compiles, loads and checks the project's site.config.ts. */
export function loadDefinition(root: string): Promise<ResolvedSite> {
  return loadSite({ root, cacheDir: cacheDirFor(root), modules: siteModules });
}
