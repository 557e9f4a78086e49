// An entry route's path as site.config.ts declares it (a pattern with a parameter, or a function of the entry) and
// its options; and the `unregistered` paths (whole site paths, or prefixes "/blog/*"). Each problem at its line.
import * as messages from "../../errors/catalogue.ts";
import type { ErrorEntry } from "../../errors/errors.ts";
import type { EntryRoute } from "../define.ts";

/** Records a problem of the definition, located at the first place `near` is written in its text. */
type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

/** A site path, or a prefix: the path of a folder ending in "/*". */
const UNREGISTERED = /^\/[\w\-./~]*$|^\/(?:[\w\-.~]+\/)+\*$/;

/** The entry route's path, aliases, pathField and stripNumberPrefixes are usable. */
export function checkEntryRoute(route: EntryRoute<string>, fail: Fail): void {
  const { path } = route;
  const computes = typeof path === "function";
  // Messages name a route by its pattern, or a computing one by its collection.
  const named = typeof path === "string" ? path : `path function of ${route.collection}`;
  if (typeof path !== "string" && !computes) {
    fail(messages.BadEntryRoutePath, { collection: route.collection, value: JSON.stringify(path) ?? "" }, "path");
  } else if (typeof path === "string" && !/^\/.*:\w+/.test(path)) {
    fail(messages.EntryRouteWithoutParameter, { path }, path);
  }
  if (route.aliases !== undefined && typeof route.aliases !== "function") {
    fail(messages.AliasesNotAFunction, { path: named }, "aliases");
  }
  const field: unknown = route.pathField;
  if (field !== undefined && (typeof field !== "string" || !/^[\w-]+$/.test(field))) {
    fail(messages.BadPathFieldOption, { path: named, value: JSON.stringify(field) ?? String(field) }, "pathField");
  }
  const strip: unknown = route.stripNumberPrefixes;
  if (strip !== undefined && (typeof strip !== "boolean" || (strip && computes))) {
    const value = JSON.stringify(strip) ?? String(strip);
    fail(messages.BadStripNumberPrefixes, { path: named, value, computes }, "stripNumberPrefixes");
  }
}

/** Each unregistered path is a site path ("/about") or the prefix of a part of the site ("/blog/*"). */
export function checkUnregistered(paths: unknown, fail: Fail): void {
  if (paths === undefined) return;
  if (!Array.isArray(paths)) {
    fail(messages.BadUnregisteredPath, { path: JSON.stringify(paths) ?? String(paths) }, "unregistered");
    return;
  }
  for (const path of paths as unknown[]) {
    if (typeof path !== "string" || !UNREGISTERED.test(path) || /(?:^|\/)\.{1,2}(?:\/|$)/.test(path)) {
      const shown = typeof path === "string" ? path : (JSON.stringify(path) ?? String(path));
      fail(messages.BadUnregisteredPath, { path: shown }, typeof path === "string" ? path : "unregistered");
    }
  }
}
