// Checks the definition's taxonomies and archives (routes.taxonomies, routes.archives) and resolves their defaults:
// each problem at the line of site.config.ts where its path is written.
import * as messages from "../../errors/catalogue.ts";
import type { ErrorEntry } from "../../errors/errors.ts";
import type { FeedOptions, RoutesOptions } from "../define.ts";
import type { ArchiveRoute, TaxonomyIndexOptions, TaxonomyRoute } from "../taxonomy-options.ts";
import type { ResolvedArchive, ResolvedCollection, ResolvedIndex, ResolvedTaxonomy } from "../types.ts";
import { unsafeCharacter } from "../unsafe-characters.ts";

type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

/** A site path of plain segments, with `:name` parameters where a segment's text may be. */
const PATTERN = /^\/(?:(?:[\w\-.~]|:\w+)+\/?)*$/;
/** Entries per term page unless `perPage` says otherwise, as Hugo's pagerSize. */
const TERMS_PER_PAGE = 10;

/** The taxonomies and archives, checked, with their defaults. */
export function checkTaxonomies(
  routes: RoutesOptions<never> | undefined,
  collections: Map<string, ResolvedCollection>,
  fail: Fail,
): { taxonomies: ResolvedTaxonomy[]; archives: ResolvedArchive[] } {
  const known = (collection: string, where: string) => {
    if (collections.has(collection)) return true;
    fail(messages.UnknownCollection, { where, collection, known: [...collections.keys()] }, collection);
    return false;
  };
  const given = routes as {
    taxonomies?: TaxonomyRoute<string, FeedOptions<Record<string, unknown>>>[];
    archives?: ArchiveRoute<string>[];
  };
  const taxonomies = (given?.taxonomies ?? []).map((taxonomy): ResolvedTaxonomy => {
    const { collection, field, path, template, feed } = taxonomy;
    const also = Array.isArray(taxonomy.also) ? taxonomy.also : taxonomy.also === undefined ? [] : [taxonomy.also];
    if (known(collection, `The taxonomy at "${path}"`)) {
      const fields = declaredFields(collections.get(collection)!.schema);
      for (const read of [field, ...also]) {
        if (typeof read !== "string" || (fields && !fields.includes(read))) {
          const args = { path, field: String(read), collection, known: fields ?? [] };
          fail(messages.TaxonomyFieldNotDeclared, args, read === field ? path : String(read));
        }
      }
    }
    if (!hasParameters(path, ["term"])) fail(messages.TaxonomyPathWithoutTerm, { path: String(path) }, path);
    if (feed && !(hasParameters(feed.path, ["term"]) && !feed.path.endsWith("/"))) {
      fail(messages.TermFeedPath, { path: String(feed.path), taxonomy: String(field) }, feed.path);
    }
    const limit = feed?.limit;
    if (limit !== undefined && limit !== Number.POSITIVE_INFINITY && (!Number.isInteger(limit) || limit < 1)) {
      fail(messages.BadFeedLimit, { collection, limit }, "limit");
    }
    const perPage = checkPerPage(taxonomy.perPage ?? TERMS_PER_PAGE, path, fail);
    const index = checkIndex(taxonomy.index, path, capitalized(String(field)), fail);
    const resolved = { collection, field, also: also as string[], path, template, perPage };
    return { ...resolved, ...(index ? { index } : {}), ...(feed ? { feed } : {}) };
  });
  const archives = (given?.archives ?? []).map((archive): ResolvedArchive => {
    const { collection, path, template } = archive;
    known(collection, `The archive at "${path}"`);
    const month = typeof path === "string" && path.includes(":month");
    if (!hasParameters(path, month ? ["year", "month"] : ["year"])) {
      fail(messages.ArchivePathParameters, { path: String(path) }, path);
    }
    const perPage = checkPerPage(archive.perPage ?? Number.POSITIVE_INFINITY, path, fail);
    const index = checkIndex(archive.index, path, "Archive", fail);
    return { collection, path, template, perPage, month, ...(index ? { index } : {}) };
  });
  return { taxonomies, archives };
}

/** A site path whose parameters are exactly `names`, each once. */
function hasParameters(path: unknown, names: string[]): boolean {
  if (typeof path !== "string" || !PATTERN.test(path) || unsafeCharacter(path)) return false;
  if (/(?:^|\/)\.{1,2}(?:\/|$)/.test(path)) return false;
  const found = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return found.length === names.length && names.every((name) => found.includes(name));
}

function checkPerPage(perPage: number, path: string, fail: Fail): number {
  if (perPage === Number.POSITIVE_INFINITY || (Number.isInteger(perPage) && perPage >= 1)) return perPage;
  fail(messages.BadRoutePerPage, { path, perPage }, path);
  return 1;
}

function checkIndex(
  index: TaxonomyIndexOptions | undefined,
  of: string,
  title: string,
  fail: Fail,
): ResolvedIndex | undefined {
  if (!index) return undefined;
  if (!hasParameters(index.path, [])) fail(messages.BadIndexPath, { path: String(index.path), of }, index.path);
  return { path: index.path, template: index.template, title: index.title ?? title };
}

function capitalized(field: string): string {
  return field.charAt(0).toUpperCase() + field.slice(1);
}

type Def = { type: string; shape?: Record<string, unknown>; options?: unknown[]; catchall?: unknown } & {
  innerType?: unknown;
  in?: unknown;
};
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

/**
 * The fields an object schema declares (through optional, default and pipe wrappers, and each option of a union);
 * undefined when it may hold others (a catchall, a record, a schema of another kind), which is then not checked.
 */
export function declaredFields(schema: unknown): string[] | undefined {
  let def = defOf(schema);
  while (def && (def.innerType || def.in)) def = defOf(def.innerType ?? def.in);
  if (def?.type === "union") {
    const each = (def.options ?? []).map(declaredFields);
    return each.some((fields) => !fields) ? undefined : [...new Set(each.flat() as string[])];
  }
  if (def?.type !== "object" || (def.catchall && defOf(def.catchall)?.type !== "never")) return undefined;
  return Object.keys(def.shape ?? {});
}
