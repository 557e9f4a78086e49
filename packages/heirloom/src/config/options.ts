// Config stage: merges CLI flags over the environment over site.config.ts into one SiteConfig.
import path from "node:path";
import { cacheDirFor } from "../compile/cache.ts";
import {
  BadBasePath,
  BadFormEndpoint,
  BadSiteUrl,
  BadSourceDate,
  SiteUrlControlCharacter,
  SiteUrlPathNotBase,
} from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";
import type { ResolvedHeaders } from "./headers-options.ts";
import type { ResolvedForm, ResolvedSite } from "./types.ts";

/** What a caller of build() may set; everything is optional. */
export interface BuildOptions {
  /** Project root holding site.config.ts, content/ and templates/ (default: the current directory). */
  root?: string;
  /** Output folder, relative to root (default: dist). */
  outDir?: string;
  /** Templates folder (default: templates/ of the project root). */
  templatesDir?: string;
  /** Base path for sub-path hosting, such as /heirloom/. */
  base?: string;
  /** Absolute URL of the published site, such as https://heirloom.example; its path is the base path if none is set. */
  siteUrl?: string;
  /** Include entries and pages marked `draft: true` (dev always does). */
  drafts?: boolean;
  /** Include entries scheduled later than the build's clock, marked `scheduled: true` (dev always does). */
  future?: boolean;
  /**
   * The build's clock, which decides which entries are due and which have expired (default: SOURCE_DATE_EPOCH when
   * it is set, so a reproducible build decides the same way; else the time the build starts).
   */
  now?: Date | number;
  /** Empty a non-empty --out folder that does not look like an earlier build. */
  force?: boolean;
  /** Reuse the previous build's unchanged work (default true); false builds from scratch. */
  cache?: boolean;
  /** Told how far a long step has come ("Rendering pages", 120, 10000). */
  onProgress?: (what: string, done: number, total: number) => void;
  /** Told what the person building should know at once: it waits for another build, or took over its lock. */
  onNotice?: (message: string) => void;
  /** Told each warning found as pages render (a code block written plain past its time): dev prints it at once. */
  onWarning?: (message: string) => void;
  /** How long to wait for another build of the same output folder, in ms (default 10 minutes). */
  lockWaitMs?: number;
  /** Environment to read overrides from (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Fail on a use of a page its security policy blocks, instead of warning (--strict). */
  strict?: boolean;
  /** Also write every published file with its size and SHA-256 to this file (relative to root, outside outDir). */
  manifest?: string;
}

/** Absolute folders of a build; they depend on the options only, never on content. */
export interface SitePaths {
  root: string;
  contentDir: string;
  templatesDir: string;
  outDir: string;
  /** Where the site's cached work is kept (see cacheDirFor). */
  cacheDir: string;
}

/** A declared form with its effective endpoint and the URL the page posts to. */
export interface FormConfig extends ResolvedForm {
  /** The production endpoint after the environment override; empty for the local receiver. */
  endpoint: string;
  /** Where the form posts: the endpoint, or the local receiver's path under the base path. */
  action: string;
  /** The endpoint's origin for the Content-Security-Policy (empty for the local receiver). */
  origin: string;
}

export interface SiteConfig extends SitePaths {
  /** Always starts and ends with "/". */
  base: string;
  /** Origin plus optional path, without a trailing slash; empty when unknown. */
  siteUrl: string;
  forms: FormConfig[];
  drafts: boolean;
  /** Scheduled entries shown (--future). */
  future: boolean;
  /** The build's clock in ms since 1970: the `now` option, SOURCE_DATE_EPOCH, or when the build started. */
  now: number;
  force: boolean;
  /** SOURCE_DATE_EPOCH as an ISO date-time ("" when unset): the date of output that no content dates. */
  sourceDate: string;
  /** The pages indexed with Pagefind (`search: true` in site.config.ts). */
  search: boolean;
  /** The site's own headers and its policy's sources (`headers` in site.config.ts); none when absent. */
  headers?: ResolvedHeaders;
}

/** A setting by precedence (its flag, its environment variable, its field of site.config.ts) and where it is set. */
function setting<T extends string | undefined>(
  [flag, flagValue]: [string, string | undefined],
  [variable, env]: [string, NodeJS.ProcessEnv],
  [field, fieldValue]: [string, T],
): { value: string | T; from: string } {
  if (flagValue !== undefined) return { value: flagValue, from: flag };
  const fromEnv = env[variable];
  if (fromEnv !== undefined) return { value: fromEnv, from: `the ${variable} environment variable` };
  return { value: fieldValue, from: `${field} in site.config.ts` };
}

/** Resolves the effective configuration: flags > environment > site.config.ts. */
export function resolveConfig(site: ResolvedSite, options: BuildOptions = {}): SiteConfig {
  const env = options.env ?? process.env;
  const url = setting(["--site-url", options.siteUrl], ["HEIRLOOM_SITE_URL", env], ["siteUrl", site.siteUrl]);
  const siteUrl = normalizeSiteUrl(url.value, url.from);
  const given = setting(["--base", options.base], ["HEIRLOOM_BASE", env], ["base", site.base]);
  const base = baseOf(normalizeBase(given.value), { siteUrl, siteUrlFrom: url.from, baseFrom: given.from });
  const forms = site.forms.map((form) => {
    const fromEnv = form.env ? env[form.env] : undefined;
    const endpoint = (fromEnv ?? form.endpoint).trim();
    const where =
      fromEnv !== undefined ? `the ${form.env} environment variable` : `forms.${form.name}.endpoint in site.config.ts`;
    const origin = endpoint ? endpointOrigin(endpoint, where) : "";
    return { ...form, endpoint, origin, action: endpoint || base + form.localPath.replace(/^\/+/, "") };
  });
  const sourceDate = sourceDateOf(env.SOURCE_DATE_EPOCH);
  return {
    ...resolvePaths(options),
    base,
    siteUrl,
    forms,
    drafts: options.drafts ?? false,
    future: options.future ?? false,
    now: options.now === undefined ? (sourceDate ? Date.parse(sourceDate) : Date.now()) : Number(options.now),
    force: options.force ?? false,
    sourceDate,
    search: site.search,
    ...(site.headers ? { headers: site.headers } : {}),
  };
}

/** SOURCE_DATE_EPOCH (whole seconds since 1970, as reproducible builds define it) as "2026-11-23T09:30:00Z". */
function sourceDateOf(value: string | undefined): string {
  const text = value?.trim() ?? "";
  if (!text) return "";
  const ms = Number(text) * 1000;
  // 8.64e15 ms is the latest time a Date holds.
  if (!/^\d+$/.test(text) || ms > 8.64e15) {
    throw errorFrom(BadSourceDate, { value });
  }
  return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
}

/** content/, templates/ and the output folder, resolved against the project root. */
export function resolvePaths(options: BuildOptions = {}): SitePaths {
  const root = path.resolve(options.root ?? ".");
  return {
    root,
    contentDir: path.join(root, "content"),
    templatesDir: path.resolve(root, options.templatesDir ?? "templates"),
    outDir: path.resolve(root, options.outDir ?? "dist"),
    cacheDir: cacheDirFor(root),
  };
}

/** "heirloom" -> "/heirloom/", "" -> "/". */
export function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(/^\/+|\/+$/g, "");
  if (/[^\w\-./~]/.test(trimmed) || trimmed.split("/").includes("..")) {
    throw errorFrom(BadBasePath, { base });
  }
  return trimmed ? `/${trimmed}/` : "/";
}

/**
 * The base path with the site URL's path: a URL such as https://you.github.io/repo is served under /repo/, so that
 * is the base when none is set; a base path that says otherwise is refused, as pages would link to one and their
 * canonical URLs, the sitemap and the feeds name the other.
 */
function baseOf(base: string, of: { siteUrl: string; siteUrlFrom: string; baseFrom: string }): string {
  const url = of.siteUrl ? new URL(of.siteUrl) : undefined;
  const path = url ? normalizeBase(url.pathname) : "/";
  if (path === "/" || path === base) return base;
  if (base === "/") return path;
  throw errorFrom(SiteUrlPathNotBase, { ...of, path, base, origin: url!.origin });
}

function normalizeSiteUrl(value: string, from: string): string {
  // The URL parser drops tabs and line breaks where they stand ("https://a.example\nhttps://b" is a.examplehttps).
  const control = CONTROL.exec(value)?.[0];
  if (control) throw errorFrom(SiteUrlControlCharacter, { value: JSON.stringify(value), from, control });
  const trimmed = value.trim().replace(/\/+$/, "");
  if (!trimmed) return "";
  const url = parseUrl(trimmed);
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw errorFrom(BadSiteUrl, { value, from });
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A form endpoint must be a plain https URL (http only on this machine); its origin, taken from the parsed
 * URL, is what the Content-Security-Policy allows, so nothing in the value can widen the policy.
 */
function endpointOrigin(endpoint: string, where: string): string {
  const url = parseUrl(endpoint);
  const local = url && (url.hostname === "127.0.0.1" || url.hostname === "localhost");
  if (
    !url ||
    !(url.protocol === "https:" || (url.protocol === "http:" && local)) ||
    url.username ||
    url.password ||
    !/^[a-z0-9.-]+$/i.test(url.hostname)
  ) {
    throw errorFrom(BadFormEndpoint, { endpoint, where });
  }
  return url.origin;
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
