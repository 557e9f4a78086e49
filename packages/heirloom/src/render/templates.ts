// Compiles templates/index.ts (TSX) and loads it: the Document shell and the named page templates.
import { existsSync } from "node:fs";
import path from "node:path";
import type { ComponentType, ReactNode } from "react";
import { type CompileContext, compileModule } from "../compile/compile-module.ts";
import { locate } from "../config/definition-file.ts";
import type { Route } from "../routes/types.ts";
import {
  NoTemplatesEntry,
  NoTemplatesFolder,
  TemplateNotFound,
  TemplatesWithoutExports,
  compiledParts,
} from "../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../errors/errors.ts";
import type { PageProps } from "./contract.ts";

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
  /** Where in templates/ (file, line, column) an error a template threw was thrown, when it can tell. */
  locate(error: unknown): SourceLocation | undefined;
}

/** Compiles and loads `<templatesDir>/index.ts` for the site `context` names (see CompileContext). */
export async function compileTemplates(templatesDir: string, context: CompileContext): Promise<Templates> {
  const { root } = context;
  const entry = ["index.ts", "index.tsx"].map((f) => path.join(templatesDir, f)).find((f) => existsSync(f));
  const where = path.relative(root, templatesDir).split(path.sep).join("/") || ".";
  if (!existsSync(templatesDir)) throw errorFrom(NoTemplatesFolder, { folder: where }, { location: { file: where } });
  if (!entry) {
    throw errorFrom(NoTemplatesEntry, { folder: where }, { location: { file: `${where}/index.ts` } });
  }
  const {
    exports,
    hash,
    locate: templatesLocate,
  } = await compileModule({ ...context, name: "templates", entry, ...compiledParts.templates });
  const { Document, templates } = exports as { Document?: Templates["Document"]; templates?: Record<string, Template> };
  if (typeof Document !== "function" || !templates || typeof templates !== "object") {
    const location = { file: path.relative(root, entry).split(path.sep).join("/") };
    throw errorFrom(TemplatesWithoutExports, { folder: where }, { location });
  }
  // templates/mdx.ts, when there is one: its exports are the components of every MDX body.
  const mdxEntry = ["mdx.ts", "mdx.tsx"].map((f) => path.join(templatesDir, f)).find((f) => existsSync(f));
  const mdx = mdxEntry
    ? await compileModule({ ...context, name: "mdx", entry: mdxEntry, ...compiledParts.templates })
    : undefined;
  return {
    hash: mdx ? `${hash}+${mdx.hash}` : hash,
    Document,
    byName: new Map(Object.entries(templates)),
    mdx: mdx ? componentsOf(mdx.exports) : {},
    mdxFile: path
      .relative(root, mdxEntry ?? path.join(templatesDir, "mdx.ts"))
      .split(path.sep)
      .join("/"),
    locate: (error) => templatesLocate(error) ?? mdx?.locate(error),
  };
}

/** A module's exports that can be components: functions, and the objects React makes of them (memo, forwardRef). */
function componentsOf(exports: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(exports).filter(([name, value]) => /^[A-Z]/.test(name) && value !== null);
  return Object.fromEntries(entries.filter(([, value]) => typeof value === "function" || typeof value === "object"));
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
