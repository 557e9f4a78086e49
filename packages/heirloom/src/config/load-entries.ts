// The entries of collections that a `load` function makes instead of files: each function run once as the
// definition loads (as site code: a call of process.exit is an error at its place; it and the promise it returns
// within the site's `timeout`), what it returned checked
// (a list of { slug, data, body? } of plain data), and hashed into the definition's hash, so that every cache
// keyed by the definition (a kept build too) holds only while the entries are the same.
import { createHash } from "node:crypto";
import { SiteExit, exitError, runSiteCode } from "../compile/site-code.ts";
import { PastBudget, awaitedWithin, withinTime } from "../compile/time-budget.ts";
import { BadLoadedEntry, LoaderFailed, LoaderPastBudget } from "../errors/catalogue.ts";
import { HeirloomError, errorFrom, throwIfAny } from "../errors/errors.ts";
import type { LoadedEntry } from "./define.ts";
import { locateCollection } from "./definition-file.ts";
import { durationText } from "./timeout.ts";
import type { ResolvedSite } from "./types.ts";

/** A slug as a file's path under a folder names it: segments of letters, digits, - _ . ~, no "." or ".." alone. */
const SLUG = /^(?!\.\.?(?:\/|$))[\p{L}\p{N}\-_.~]+(?:\/(?!\.\.?(?:\/|$))[\p{L}\p{N}\-_.~]+)*$/u;

/** Runs the load functions of the site's collections; the site with their entries and its hash over them. */
export async function withLoadedEntries(site: ResolvedSite): Promise<ResolvedSite> {
  const loaders = [...site.collections.values()].filter((c) => c.load);
  if (loaders.length === 0) return site;
  const errors: HeirloomError[] = [];
  const loaded: NonNullable<ResolvedSite["loaded"]> = new Map();
  const hash = createHash("sha256").update(site.hash);
  for (const { name, load } of loaders) {
    const location = locateCollection(site.source, name);
    let returned: unknown;
    try {
      // A promise it made is awaited below, unless the run failed (process.exit called): then it is let go.
      const run = () => {
        const made = load!();
        if (made instanceof Promise) made.catch(() => undefined);
        return made;
      };
      // Its own code, then what it returned, each within the site's time.
      const blame = (waiting: boolean) => (ms: number) =>
        errorFrom(LoaderPastBudget, { name, seconds: durationText(ms), waiting }, { location });
      const timed = () => withinTime(run, site.timeout, blame(false));
      const made = runSiteCode(timed, { file: location.file, line: location.line }).result;
      returned = await awaitedWithin(made, site.timeout, blame(true));
    } catch (error) {
      if (error instanceof HeirloomError) throw error;
      if (error instanceof PastBudget) throw error.blamed;
      if (error instanceof SiteExit) throw exitError(error, location, `while the collection "${name}" loaded`);
      const reason = error instanceof Error ? error.message : String(error);
      errors.push(errorFrom(LoaderFailed, { name, reason }, { location, cause: error }));
      continue;
    }
    const problem = problemOf(returned);
    if (problem) {
      errors.push(errorFrom(BadLoadedEntry, { name, problem }, { location }));
      continue;
    }
    // Each entry hashed once: its hash keys its work (its rendered body) as a file's bytes do, and the definition's.
    const entries = (returned as LoadedEntry[]).map(({ slug, data, body = "" }) => {
      const made = `loaded\0${name}\0${slug}\0${JSON.stringify(data)}\0${body}`;
      return { slug, data, body, hash: createHash("sha256").update(made).digest("hex") };
    });
    loaded.set(name, entries);
    for (const entry of entries) hash.update(entry.hash);
  }
  throwIfAny(errors);
  return { ...site, loaded, hash: hash.digest("hex") };
}

/** What is wrong with what a load function returned, in words that end "returned …"; undefined when nothing. */
function problemOf(returned: unknown): string | undefined {
  if (!Array.isArray(returned)) return `${describe(returned)}, not a list of entries`;
  const slugs = new Set<string>();
  for (const [i, entry] of returned.entries()) {
    const at = `entry ${i + 1}`;
    if (!isPlainObject(entry)) return `${describe(entry)} as its ${at}`;
    const { slug, data, body } = entry;
    if (typeof slug !== "string" || !SLUG.test(slug)) return `the slug ${JSON.stringify(slug) ?? "undefined"} (${at})`;
    if (slugs.has(slug)) return `the slug "${slug}" twice`;
    slugs.add(slug);
    if (!isPlainObject(data)) return `${describe(data)} as the data of "${slug}"`;
    if (body !== undefined && typeof body !== "string") return `${describe(body)} as the body of "${slug}"`;
    try {
      structuredClone(data);
      JSON.stringify(data);
    } catch (error) {
      return `data that is not plain for "${slug}" (${(error as Error).message})`;
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return `an object of the class ${value.constructor?.name ?? "unknown"}`;
  return `the ${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}
