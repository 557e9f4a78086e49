// Loads site.config.ts (compiled like the templates), checks the definition and resolves it into the shape
// the stages use. Every problem names site.config.ts, the line where it is written, and what to do.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { compileModule } from "../compile/compile-module.ts";
import { HeirloomError, throwIfAny } from "../errors/errors.ts";
import type { BodyKind, CollectionDefinition, FeedOptions, FormOptions, SortOrder } from "./define.ts";
import { isSiteDefinition } from "./define.ts";

export const DEFINITION_FILE = "site.config.ts";

export interface ResolvedCollection {
  name: string;
  single: boolean;
  source: string;
  schema: z.ZodType;
  body: BodyKind | ((entry: Record<string, unknown>) => BodyKind);
  sort?: SortOrder<Record<string, unknown>>;
  unique: string[][];
}

export interface ResolvedEntryRoute {
  collection: string;
  path: string;
  template: string;
}

export interface ResolvedListRoute {
  collection: string;
  page: string;
  perPage: number;
  filter?: (entry: Record<string, unknown>) => boolean;
  feed?: FeedOptions<Record<string, unknown>>;
}

export interface ResolvedForm extends Required<Omit<FormOptions, "env">> {
  name: string;
  env?: string;
}

/** The site definition, checked and with every default applied. */
export interface ResolvedSite {
  collections: Map<string, ResolvedCollection>;
  pages?: string;
  entryRoutes: ResolvedEntryRoute[];
  listRoutes: ResolvedListRoute[];
  forms: ResolvedForm[];
  urlFormat: "file" | "directory";
  base: string;
  siteUrl: string;
  unregistered: string[];
  passthrough: string[];
  /** The text of site.config.ts, to locate problems found later (an unknown template, a missing page). */
  source: string;
  /** A hash of the compiled definition: it changes whenever the definition can. */
  hash: string;
}

/**
 * Compiles and checks `<root>/site.config.ts`; `modules` are what its bare imports of the engine ("heirloom",
 * "zod") resolve to.
 */
export async function loadSite(root: string, modules: Record<string, unknown>): Promise<ResolvedSite> {
  const file = assertProject(root);
  let compiled: Awaited<ReturnType<typeof compileModule>>;
  try {
    compiled = await compileModule({
      name: "definition",
      entry: file,
      root,
      what: "the site definition",
      hint: "fix the TypeScript at that place; site.config.ts is compiled on every build.",
      modules,
    });
  } catch (error) {
    if (error instanceof HeirloomError && error.code === "TemplateCompileError") throw error;
    throw withLocation(error);
  }
  return { ...resolveSite(compiled.exports.default, readFileSync(file, "utf8")), hash: compiled.hash };
}

/**
 * The path of the project's site.config.ts; without one, an error that names the folder above that has
 * one (heirloom run from a subfolder), so nothing else is tried and reported in a folder that is no project.
 */
export function assertProject(root: string): string {
  const file = path.join(root, DEFINITION_FILE);
  if (existsSync(file)) return file;
  let above = path.dirname(root);
  while (!existsSync(path.join(above, DEFINITION_FILE)) && above !== path.dirname(above)) above = path.dirname(above);
  const found = existsSync(path.join(above, DEFINITION_FILE));
  throw new HeirloomError("ConfigError", `There is no ${DEFINITION_FILE} in ${root}.`, {
    hint: found
      ? `the project seems to be ${above} (it holds ${DEFINITION_FILE}): run heirloom there, or pass --root ${above}.`
      : "run heirloom in the project's root folder (the one with site.config.ts, content/ and templates/), or pass --root.",
  });
}

function withLocation(error: unknown): HeirloomError {
  if (error instanceof HeirloomError) {
    return new HeirloomError(error.code, error.message, {
      location: error.location ?? { file: DEFINITION_FILE },
      hint: error.hint,
      cause: error.cause,
    });
  }
  return new HeirloomError(
    "ConfigError",
    `${DEFINITION_FILE} failed while it was loaded: ${(error as Error)?.message ?? String(error)}`,
    {
      location: { file: DEFINITION_FILE },
      hint: "run the build with --debug for the stack trace.",
      cause: error,
    },
  );
}

/** Checks a definition object; `source` is the file's text, to point at the line of a problem. */
export function resolveSite(definition: unknown, source = ""): ResolvedSite {
  return { ...checkDefinition(definition, source), hash: "" };
}

function checkDefinition(definition: unknown, source: string): Omit<ResolvedSite, "hash"> {
  if (!isSiteDefinition(definition)) {
    throw new HeirloomError("ConfigError", `${DEFINITION_FILE} does not export a site definition.`, {
      location: { file: DEFINITION_FILE },
      hint: 'end it with `export default defineSite({ collections, routes })`, importing defineSite from "heirloom".',
    });
  }
  const errors: HeirloomError[] = [];
  const fail = (message: string, hint: string, near?: string) =>
    errors.push(new HeirloomError("ConfigError", message, { location: locate(source, near), hint }));

  const collections = new Map<string, ResolvedCollection>();
  for (const [name, value] of Object.entries(definition.collections ?? {})) {
    const c = value as CollectionDefinition;
    if (!c || typeof c.schema?.safeParse !== "function") {
      fail(
        `The collection "${name}" is not made with defineCollection().`,
        "declare it as defineCollection({ folder, schema }).",
        name,
      );
      continue;
    }
    collections.set(name, {
      name,
      single: c.single,
      source: c.source,
      schema: c.schema,
      body: c.body as ResolvedCollection["body"],
      sort: c.sort as ResolvedCollection["sort"],
      unique: c.unique,
    });
  }
  const names = [...collections.keys()];
  const known = (collection: string, where: string) => {
    if (collections.has(collection)) return true;
    fail(
      `${where} names the collection "${collection}", which is not declared.`,
      `use one of: ${names.join(", ") || "(none yet)"}.`,
      collection,
    );
    return false;
  };
  const { routes } = definition;
  if (routes?.pages !== undefined && known(routes.pages, "routes.pages") && collections.get(routes.pages)!.single) {
    fail(
      `routes.pages names "${routes.pages}", a single file.`,
      "pages come from a folder: declare the collection with `folder`.",
      routes.pages,
    );
  }
  for (const route of routes?.entries ?? []) {
    known(route.collection, "An entry route");
    if (!/^\/.*:\w+/.test(route.path)) {
      fail(
        `The entry route path "${route.path}" has no parameter.`,
        'write a pattern such as "/blog/:slug/", where :slug is each entry\'s file name.',
        route.path,
      );
    }
  }
  for (const list of routes?.lists ?? []) {
    known(list.collection, "A list route");
    if (!Number.isInteger(list.perPage) || list.perPage < 1) {
      fail(
        `The list of "${list.collection}" has perPage ${String(list.perPage)}.`,
        "use a whole number of entries per page, such as 10.",
        "perPage",
      );
    }
    const limit = list.feed?.limit;
    if (limit !== undefined && limit !== Number.POSITIVE_INFINITY && (!Number.isInteger(limit) || limit < 1)) {
      fail(
        `The feed of "${list.collection}" has limit ${String(limit)}.`,
        "use a whole number of entries, such as 20, or Infinity for every entry.",
        "limit",
      );
    }
    if (list.feed && !/^\/[^\s]*\.xml$/.test(list.feed.path))
      fail(
        `The feed path "${list.feed.path}" is not a site path ending in .xml.`,
        'write a path such as "/blog/feed.xml".',
        list.feed.path,
      );
  }
  const urlFormat = definition.urlFormat ?? "directory";
  if (urlFormat !== "file" && urlFormat !== "directory")
    fail(
      `urlFormat is "${String(urlFormat)}".`,
      'use "file" (/pricing served from pricing.html) or "directory" (/pricing/ from pricing/index.html).',
      "urlFormat",
    );
  const forms = Object.entries(definition.forms ?? {}).map(([name, form]) => {
    if (!/^[\w-]+$/.test(form.field ?? ""))
      fail(`The form "${name}" has no usable field name.`, 'name its single field, such as field: "email".', name);
    return {
      name,
      field: form.field,
      type: form.type ?? "text",
      endpoint: (form.endpoint ?? "").trim(),
      env: form.env,
      localPath: form.localPath ?? `/__heirloom/${name}`,
      frameOrigins: (form.frameOrigins ?? []).map((origin) => {
        const url = URL.canParse(origin) ? new URL(origin) : undefined;
        if (url?.protocol !== "https:" || url.origin !== origin.replace(/\/+$/, "")) {
          fail(
            `The frame origin "${origin}" of the form "${name}" is not an https origin.`,
            'write an origin only, such as "https://script.googleusercontent.com".',
            origin,
          );
        }
        return url?.origin ?? "";
      }),
    } satisfies ResolvedForm;
  });
  for (const p of definition.unregistered ?? []) {
    if (!/^\/[\w\-./~]*$/.test(p))
      fail(`The unregistered path "${p}" is not a site path.`, "write paths such as /about.", p);
  }
  throwIfAny(errors);
  return {
    collections,
    pages: routes?.pages,
    entryRoutes: (routes?.entries ?? []) as ResolvedEntryRoute[],
    listRoutes: (routes?.lists ?? []) as ResolvedListRoute[],
    forms,
    urlFormat,
    base: definition.base ?? "/",
    siteUrl: definition.siteUrl ?? "",
    unregistered: definition.unregistered ?? [],
    passthrough: (definition.passthrough ?? []).map((p) => p.replace(/^\.?\/+|\/+$/g, "")),
    source,
  };
}

/** The 1-based line and column where `near` is first written in the file, if it is. */
export function locate(source: string, near?: string): { file: string; line?: number; column?: number } {
  const offset = near ? source.search(new RegExp(`["'\`]?${near.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]?`)) : -1;
  if (offset < 0) return { file: DEFINITION_FILE };
  const before = source.slice(0, offset).split("\n");
  return { file: DEFINITION_FILE, line: before.length, column: before[before.length - 1].length + 1 };
}
