// Checks a site definition (what site.config.ts exports) and resolves it into the shape the stages use: every
// problem of the whole definition at once, each at the line of site.config.ts where it is written.
import * as messages from "../../errors/catalogue.ts";
import { type ErrorEntry, type HeirloomError, errorFrom, throwIfAny } from "../../errors/errors.ts";
import { resolveMarkdown } from "./check-markdown.ts";
import { type CollectionDefinition, type SiteDefinition, isSiteDefinition } from "../define.ts";
import { DEFINITION_FILE, locate } from "../definition-file.ts";
import { isHostName } from "../host-name.ts";
import { unsafeCharacter } from "../unsafe-characters.ts";
import { checkFeeds } from "./check-feeds.ts";
import { checkEntryRoute, checkUnregistered } from "./check-entry-routes.ts";
import { checkHeaders } from "./check-headers.ts";
import { checkI18n } from "../i18n.ts";
import { checkTaxonomies } from "./check-taxonomies.ts";
import { DEFAULT_SUMMARY, resolveSummary } from "./summary-options.ts";
import { DEFAULT_TIMEOUT } from "../timeout.ts";
import type {
  ResolvedCollection,
  ResolvedEntryRoute,
  ResolvedForm,
  ResolvedListRoute,
  ResolvedSite,
} from "../types.ts";

/** Records a problem of the definition, located at the first place `near` is written in its text. */
type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

/** Checks a definition object; `source` is the file's text, to point at the line of a problem. */
export function resolveSite(definition: unknown, source = ""): ResolvedSite {
  if (!isSiteDefinition(definition)) {
    throw errorFrom(messages.NoSiteDefinition, {}, { location: { file: DEFINITION_FILE } });
  }
  const errors: HeirloomError[] = [];
  const fail: Fail = (entry, args, near) => errors.push(errorFrom(entry, args, { location: locate(source, near) }));
  const markdown = resolveMarkdown(definition.markdown, fail);
  const collections = checkCollections(definition, markdown.html, fail);
  const { routes } = definition;
  checkRoutes(definition, collections, fail);
  const listRoutes = (routes?.lists ?? []).map((list) => {
    const feeds = checkFeeds(list.feed, list.collection, fail);
    return { ...(list as ResolvedListRoute), feeds };
  });
  const { taxonomies, archives } = checkTaxonomies(routes as never, collections, fail);
  const urlFormat = definition.urlFormat ?? "directory";
  if (urlFormat !== "file" && urlFormat !== "directory") fail(messages.BadUrlFormat, { urlFormat }, "urlFormat");
  const forms = checkForms(definition, fail);
  checkUnregistered(definition.unregistered, fail);
  const redirects = checkRedirects(definition, fail);
  const brokenLinks = definition.brokenLinks ?? "error";
  if (brokenLinks !== "error" && brokenLinks !== "warn") fail(messages.BadBrokenLinks, { brokenLinks }, "brokenLinks");
  const allowedHosts = checkAllowedHosts(definition, fail);
  const i18n = checkI18n(definition.i18n, collections, fail);
  const search = definition.search ?? false;
  if (search !== true && search !== false) fail(messages.BadSearch, { search }, "search");
  const headers = checkHeaders(definition.headers, fail);
  const timeout = definition.timeout ?? DEFAULT_TIMEOUT;
  if (!Number.isInteger(timeout) || timeout < 1) fail(messages.BadTimeout, { value: String(timeout) }, "timeout");
  throwIfAny(errors);
  return {
    collections,
    pages: routes?.pages,
    entryRoutes: (routes?.entries ?? []) as ResolvedEntryRoute[],
    listRoutes,
    taxonomies,
    archives,
    forms,
    urlFormat,
    base: definition.base ?? "/",
    siteUrl: definition.siteUrl ?? "",
    unregistered: definition.unregistered ?? [],
    redirects,
    brokenLinks,
    search: search === true,
    headers,
    passthrough: (definition.passthrough ?? []).map((p) => p.replace(/^\.?\/+|\/+$/g, "")),
    markdown,
    allowedHosts,
    ...(i18n ? { i18n } : {}),
    timeout: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT,
    source,
    hash: "",
  };
}

/** Every collection made with defineCollection(), by its name; raw HTML kept or not as `html` when not written. */
function checkCollections(
  definition: SiteDefinition,
  htmlDefault: boolean,
  fail: Fail,
): Map<string, ResolvedCollection> {
  const collections = new Map<string, ResolvedCollection>();
  for (const [name, value] of Object.entries(definition.collections ?? {})) {
    const c = value as CollectionDefinition;
    if (!c || typeof c.schema?.safeParse !== "function") {
      fail(messages.NotACollection, { name }, name);
      continue;
    }
    const { single, source, schema, unique } = c;
    const [body, sort] = [c.body as ResolvedCollection["body"], c.sort as ResolvedCollection["sort"]];
    const [html, dated] = [c.html ?? htmlDefault, c.datedFileNames ?? false];
    if (typeof html !== "boolean") fail(messages.BadCollectionHtml, { name, value: JSON.stringify(html) }, "html");
    if (typeof dated !== "boolean") {
      fail(messages.BadDatedFileNames, { name, value: JSON.stringify(dated) }, "datedFileNames");
    }
    const datedFileNames = dated === true;
    const summary = resolveSummary(c.summary);
    if (!summary) fail(messages.BadSummary, { name, value: JSON.stringify(c.summary) }, "summary");
    const schedule = c.schedule ?? true;
    if (typeof schedule !== "boolean")
      fail(messages.BadSchedule, { name, value: JSON.stringify(schedule) }, "schedule");
    const load = typeof c.load === "function" ? c.load : undefined;
    // Only a folder's files may be data files or not; a single file is data by its extension.
    const data = c.data ?? false;
    if (typeof data !== "boolean" || (data && (single || load))) {
      fail(messages.BadDataOption, { name, value: JSON.stringify(data) }, "data");
    }
    collections.set(name, {
      ...{ name, single, source, schema, body, sort, unique, html: html === true, datedFileNames },
      summary: summary ?? DEFAULT_SUMMARY,
      schedule: schedule !== false,
      ...(load ? { load } : {}),
      ...(data === true ? { data } : {}),
    });
  }
  return collections;
}

/** The pages, entry routes and lists name declared collections; patterns, page sizes and feeds are usable. */
function checkRoutes(definition: SiteDefinition, collections: Map<string, ResolvedCollection>, fail: Fail): void {
  const known = (collection: string, where: string) => {
    if (collections.has(collection)) return true;
    fail(messages.UnknownCollection, { where, collection, known: [...collections.keys()] }, collection);
    return false;
  };
  const { routes } = definition;
  const pages = routes?.pages;
  if (pages !== undefined && known(pages, "routes.pages") && collections.get(pages)!.single) {
    fail(messages.PagesFromOneFile, { pages }, pages);
  }
  for (const route of routes?.entries ?? []) {
    known(route.collection, "An entry route");
    checkEntryRoute(route, fail);
  }
  for (const list of routes?.lists ?? []) {
    const { collection, perPage } = list;
    known(collection, "A list route");
    if (!Number.isInteger(perPage) || perPage < 1) fail(messages.BadPerPage, { collection, perPage }, "perPage");
  }
}

/** A site path as an old URL: slashes, letters, digits and - . _ ~, no "." or ".." segment. */
const SITE_PATH = /^\/(?:[\w\-.~]+\/?)*$/;

/** The site's redirects, each from a site path to a site path or an http(s) URL. */
function checkRedirects(definition: SiteDefinition, fail: Fail): ResolvedSite["redirects"] {
  const given: unknown = definition.redirects ?? {};
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    fail(messages.RedirectsNotAnObject, {}, "redirects");
    return [];
  }
  return Object.entries(given).flatMap(([from, to]) => {
    if (!SITE_PATH.test(from) || /\/\.{1,2}(?:\/|$)/.test(from)) {
      fail(messages.BadRedirectFrom, { from }, `"${from}"`);
      return [];
    }
    // The URL parser drops line breaks and tabs, so "https://a.example/\n/* https://b.example/ 200" parses.
    const character = typeof to === "string" ? unsafeCharacter(to) : undefined;
    if (character) {
      fail(messages.UnsafeRedirectTarget, { from, to: JSON.stringify(to), character }, `"${from}"`);
      return [];
    }
    const url = typeof to === "string" && URL.canParse(to) ? new URL(to) : undefined;
    const site = typeof to === "string" && /^\/(?:[\w\-.~]+\/?)*(?:#[\w\-.~:]*)?$/.test(to);
    if (!site && url?.protocol !== "https:" && url?.protocol !== "http:") {
      fail(messages.BadRedirectTarget, { from, to: JSON.stringify(to) }, `"${from}"`);
      return [];
    }
    if (!site && (url!.username || url!.password)) {
      fail(messages.RedirectTargetCredentials, { from, to: url!.href.replace(/\/\/[^@/]*@/, "//…@") }, `"${from}"`);
      return [];
    }
    // An address is written as the parser reads it: what the host files hold is what a browser would follow.
    return [{ from, to: site ? (to as string) : url!.href }];
  });
}

/** Every form with its defaults: a usable field name, https frame origins. */
function checkForms(definition: SiteDefinition, fail: Fail): ResolvedForm[] {
  return Object.entries(definition.forms ?? {}).map(([name, form]) => {
    if (!/^[\w-]+$/.test(form.field ?? "")) fail(messages.FormWithoutField, { form: name }, name);
    const frameOrigins = (form.frameOrigins ?? []).map((origin) => {
      const url = URL.canParse(origin) ? new URL(origin) : undefined;
      if (url?.protocol !== "https:" || url.origin !== origin.replace(/\/+$/, "")) {
        fail(messages.BadFrameOrigin, { origin, form: name }, origin);
      }
      return url?.origin ?? "";
    });
    const [type, endpoint, localPath] = [form.type ?? "text", (form.endpoint ?? "").trim(), form.localPath];
    return {
      name,
      field: form.field,
      type,
      endpoint,
      env: form.env,
      localPath: localPath ?? `/__heirloom/${name}`,
      frameOrigins,
    };
  });
}

/** server.allowedHosts: true, or host names (".example.test" for it and the names below it). */
function checkAllowedHosts(definition: SiteDefinition, fail: Fail): string[] | true {
  const allowed: unknown = definition.server?.allowedHosts ?? [];
  if (allowed === true) return true;
  const names = Array.isArray(allowed) ? allowed : [allowed];
  for (const name of names) {
    if (typeof name !== "string" || !isHostName(name.replace(/^\./, ""))) {
      const value = typeof name === "string" ? JSON.stringify(name) : String(name);
      fail(messages.BadAllowedHost, { value }, typeof name === "string" ? name : "allowedHosts");
    }
  }
  return names.filter((name): name is string => typeof name === "string").map((name) => name.toLowerCase());
}
