// Compiles templates/index.ts (TSX) and loads it: the Document shell, the named page templates, and the islands
// of templates/interactive/ (registered by their components, the only thing of an island a render sees).
import { existsSync } from "node:fs";
import path from "node:path";
import type { ComponentType, ReactNode } from "react";
import { type CompileContext, compileModule } from "../compile/compile-module.ts";
import { SiteExit, exitError } from "../compile/site-code.ts";
import { locate } from "../config/definition-file.ts";
import type { Route } from "../routes/types.ts";
import {
  IslandLoadFailed,
  IslandWithoutComponent,
  NoTemplatesEntry,
  NoTemplatesFolder,
  TemplateLoadFailed,
  TemplateNotFound,
  TemplatesWithoutExports,
  compiledParts,
} from "../errors/catalogue.ts";
import { HeirloomError, type SourceLocation, errorFrom, failureOf } from "../errors/errors.ts";
import type { PageProps } from "./contract.ts";
import { type IslandFile, REGISTRY_EXPORT, listIslands, registrySource } from "./island-files.ts";

// biome-ignore lint: templates type their own props
type Template = ComponentType<any>;

export interface Templates {
  /** Changes whenever the compiled templates can render differently. */
  hash: string;
  Document: ComponentType<PageProps & { children?: ReactNode }>;
  /** Page templates by name, as exported in `templates` from templates/index.ts. */
  byName: Map<string, Template>;
  /** The components MDX bodies may use: what templates/mdx.ts exports (none without the file). */
  mdx: Record<string, unknown>;
  /** That file as messages name it ("templates/mdx.tsx"), or where it would be. */
  mdxFile: string;
  /** The islands of templates/interactive/: each one's component (its default export) to its name. */
  islands: Map<unknown, string>;
  /** Where in templates/ (file, line, column) an error a template threw was thrown, when it can tell. */
  locate(error: unknown): SourceLocation | undefined;
}

/** The name the templates' compile exports templates/mdx.ts under. */
const MDX_EXPORT = "__heirloomMdx";

/** Compiles and loads `<templatesDir>/index.ts` for the site `context` names (see CompileContext). */
export async function compileTemplates(templatesDir: string, context: CompileContext): Promise<Templates> {
  const { root } = context;
  const entry = ["index.ts", "index.tsx"].map((f) => path.join(templatesDir, f)).find((f) => existsSync(f));
  const where = path.relative(root, templatesDir).split(path.sep).join("/") || ".";
  if (!existsSync(templatesDir)) throw errorFrom(NoTemplatesFolder, { folder: where }, { location: { file: where } });
  if (!entry) {
    throw errorFrom(NoTemplatesEntry, { folder: where }, { location: { file: `${where}/index.ts` } });
  }
  const listed = listIslands(templatesDir, root);
  if (listed.errors.length > 0) throw failureOf(listed.errors);
  // templates/mdx.ts, when there is one, is compiled with the templates: its exports are the components of every
  // MDX body, the very objects the templates use (so an island it renders is the registry's island).
  const mdxEntry = ["mdx.ts", "mdx.tsx"].map((f) => path.join(templatesDir, f)).find((f) => existsSync(f));
  const mdxSource = mdxEntry
    ? `\nimport * as ${MDX_EXPORT} from ${JSON.stringify(mdxEntry)};\nexport { ${MDX_EXPORT} };\n`
    : "";
  const append = registrySource(listed.islands) + mdxSource;
  const loadFailed = (error: unknown, at: SourceLocation | undefined) =>
    loadError(error, at ?? { file: relativeTo(root, entry) }, listed.islands, root);
  const request = { ...context, name: "templates", entry, append, loadFailed, ...compiledParts.templates };
  const compiled = await compileModule(request);
  const { exports, hash, locate } = compiled;
  const { Document, templates } = exports as { Document?: Templates["Document"]; templates?: Record<string, Template> };
  if (typeof Document !== "function" || !templates || typeof templates !== "object") {
    const location = { file: relativeTo(root, entry) };
    throw errorFrom(TemplatesWithoutExports, { folder: where }, { location });
  }
  const islands = registeredIslands(listed.islands, exports[REGISTRY_EXPORT], root);
  const mdx = componentsOf((exports[MDX_EXPORT] ?? {}) as Record<string, unknown>);
  const mdxFile = path
    .relative(root, mdxEntry ?? path.join(templatesDir, "mdx.ts"))
    .split(path.sep)
    .join("/");
  return { hash, Document, byName: new Map(Object.entries(templates)), mdx, mdxFile, islands, locate };
}

const relativeTo = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");

/**
 * What a module of templates/ threw as the templates were loaded, at the line of the site's source where it threw:
 * an island's file is named as that island's.
 */
function loadError(error: unknown, location: SourceLocation, islands: IslandFile[], root: string): HeirloomError {
  if (error instanceof HeirloomError) return error;
  if (error instanceof SiteExit) return exitError(error, location, "while the templates were loaded");
  const reason = error instanceof Error ? error.message : String(error);
  const { file } = location;
  const island = islands.find((candidate) => relativeTo(root, candidate.file) === file);
  if (island) return errorFrom(IslandLoadFailed, { island: island.name, file, reason }, { location, cause: error });
  return errorFrom(TemplateLoadFailed, { file, reason }, { location, cause: error });
}

/** A module's exports that can be components: functions, and the objects React makes of them (memo, forwardRef). */
function componentsOf(exports: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(exports).filter(([name, value]) => /^[A-Z]/.test(name) && value !== null);
  return Object.fromEntries(entries.filter(([, value]) => typeof value === "function" || typeof value === "object"));
}

/** Each island's component to its name; an island whose default export is not a component is an error. */
function registeredIslands(islands: IslandFile[], registry: unknown, root: string): Map<unknown, string> {
  const modules = (registry ?? {}) as Record<string, { default?: unknown }>;
  const components = new Map<unknown, string>();
  const errors: HeirloomError[] = [];
  for (const { name, file } of islands) {
    const component = modules[name]?.default;
    // Function components, and what memo() and forwardRef() make of them.
    if (typeof component === "function" || (typeof component === "object" && component && "$$typeof" in component)) {
      components.set(component, name);
      continue;
    }
    const relative = relativeTo(root, file);
    const found = component === undefined ? "nothing" : component === null ? "null" : `a ${typeof component}`;
    errors.push(errorFrom(IslandWithoutComponent, { file: relative, found }, { location: { file: relative } }));
  }
  if (errors.length > 0) throw failureOf(errors);
  return components;
}

/** One error per route whose template does not exist, at the line that names it. */
export function missingTemplates(routes: Route[], templates: Templates, definitionSource: string): HeirloomError[] {
  const names = [...templates.byName.keys()].sort();
  const reported = new Set<string>();
  const errors: HeirloomError[] = [];
  for (const route of routes) {
    if (templates.byName.has(route.template)) continue;
    const key = `${route.source.file}\0${route.template}`;
    if (reported.has(key)) continue;
    reported.add(key);
    const fromEntry = route.templateFrom === "entry";
    const file = fromEntry ? route.source.file : "site.config.ts";
    const location = fromEntry
      ? { file, ...route.source.locate(["template"]) }
      : locate(definitionSource, route.template);
    errors.push(errorFrom(TemplateNotFound, { file, template: route.template, known: names }, { location }));
  }
  return errors;
}
