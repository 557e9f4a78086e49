// The security policy check of a build (and of `heirloom check`): every page's uses, as the page writer found
// them, against the Content-Security-Policy the host files give its path. A blocked use is a warning at the
// place that writes it; with `strict` the build fails on them.
import { type HeirloomError, throwIfAny } from "../errors/errors.ts";
import { policyDirectives } from "../output/files/index.ts";
import { blockedUses, readSources, usesOf } from "../output/links/index.ts";
import type { PageRecord } from "../output/write/index.ts";
import type { PreparedSite } from "./prepare.ts";

/** The blocked uses of every page as warnings; thrown instead when `strict`. */
export function checkPagePolicies(site: PreparedSite, records: PageRecord[], strict = false): string[] {
  const { config } = site;
  // Most pages share their policy: one map per path's policy text.
  const policies = new Map<string, Map<string, string[]>>();
  const policyAt = (sitePath: string) => {
    const directives = policyDirectives(config, sitePath);
    const key = JSON.stringify(directives);
    let known = policies.get(key);
    if (!known) policies.set(key, (known = new Map(directives)));
    return known;
  };
  const pages = records.flatMap((record, i) => {
    if (!record.uses) return [];
    const route = site.routes[i];
    return [{ route: route.path, file: route.entry.file, uses: usesOf(record.uses), policy: policyAt(route.path) }];
  });
  if (pages.length === 0) return [];
  let sources: Array<{ file: string; text: string }> | undefined;
  const problems = blockedUses({
    pages,
    self: config.siteUrl ? new URL(config.siteUrl).origin : undefined,
    entries: site.raw.entries,
    templates: () => (sources ??= readSources(config.templatesDir, config.root)),
  });
  if (strict) throwIfAny(problems);
  return problems.map(warningOf);
}

/** A problem told as a warning: its message, what to do, and where it is written. */
function warningOf(problem: HeirloomError): string {
  const { file, line, column } = problem.location ?? {};
  const place = file ? ` (${[file, line, column].filter((part) => part !== undefined).join(":")})` : "";
  return `${problem.message}${place}: ${problem.hint ?? ""}`;
}
