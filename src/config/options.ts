// Config stage: merges CLI flags over environment over content/site.md into one SiteConfig.
import path from "node:path";
import { HeirloomError } from "../errors.ts";
import type { Site } from "../content/schema.ts";

/** Where `heirloom preview` receives waitlist posts when no production endpoint is set. */
export const LOCAL_WAITLIST_PATH = "__heirloom/waitlist";

/** What a caller of build() may set; everything is optional. */
export interface BuildOptions {
  /** Project root holding content/ (default: the current directory). */
  root?: string;
  /** Output folder, relative to root (default: dist). */
  outDir?: string;
  /** Templates folder (default: templates/ of the project root). */
  templatesDir?: string;
  /** Base path for sub-path hosting, such as /heirloom/. */
  base?: string;
  /** Absolute URL of the published site, such as https://heirloom.example. */
  siteUrl?: string;
  /** Waitlist endpoint; overrides HEIRLOOM_WAITLIST_ENDPOINT and the site setting. */
  endpoint?: string;
  /** Empty a non-empty --out folder that does not look like an earlier build. */
  force?: boolean;
  /** Environment to read overrides from (default: process.env). */
  env?: Record<string, string | undefined>;
}

/** Absolute folders of a build; they depend on the options only, never on content. */
export interface SitePaths {
  root: string;
  contentDir: string;
  templatesDir: string;
  outDir: string;
}

export interface SiteConfig extends SitePaths {
  /** Always starts and ends with "/". */
  base: string;
  /** Without a trailing slash; empty when unknown. */
  siteUrl: string;
  /** Empty when the local receiver is used. */
  endpoint: string;
  waitlistAction: string;
  force: boolean;
}

/** Resolves the effective configuration: flags > environment > content/site.md. */
export function resolveConfig(site: Site, options: BuildOptions = {}): SiteConfig {
  const env = options.env ?? process.env;
  const base = normalizeBase(options.base ?? env.HEIRLOOM_BASE ?? site.base);
  const siteUrl = normalizeSiteUrl(options.siteUrl ?? env.HEIRLOOM_SITE_URL ?? site.siteUrl);
  const endpoint = (options.endpoint ?? env.HEIRLOOM_WAITLIST_ENDPOINT ?? site.waitlist.endpoint).trim();
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    throw new HeirloomError("ConfigError", `The waitlist endpoint "${endpoint}" is not an http(s) URL.`, {
      location: { file: "content/site.md" },
      hint: "set waitlist.endpoint (or HEIRLOOM_WAITLIST_ENDPOINT) to the full https:// URL of the web endpoint, or leave it empty for the local receiver.",
    });
  }
  return {
    ...resolvePaths(options),
    base,
    siteUrl,
    endpoint,
    waitlistAction: endpoint || `${base}${LOCAL_WAITLIST_PATH}`,
    force: options.force ?? false,
  };
}

/** content/, templates/ and the output folder, resolved against the project root. */
export function resolvePaths(options: BuildOptions = {}): SitePaths {
  const root = path.resolve(options.root ?? ".");
  return {
    root,
    contentDir: path.join(root, "content"),
    templatesDir: path.resolve(root, options.templatesDir ?? "templates"),
    outDir: path.resolve(root, options.outDir ?? "dist"),
  };
}

/** "heirloom" -> "/heirloom/", "" -> "/". */
export function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(/^\/+|\/+$/g, "");
  if (/[^\w\-./~]/.test(trimmed) || trimmed.split("/").includes("..")) {
    throw new HeirloomError("ConfigError", `The base path "${base}" is not a plain URL path.`, {
      hint: "use letters, digits, - and / only, such as /heirloom/.",
    });
  }
  return trimmed ? `/${trimmed}/` : "/";
}

function normalizeSiteUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, "");
  if (trimmed && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(trimmed)) {
    throw new HeirloomError("ConfigError", `The site URL "${url}" is not an absolute http(s) URL.`, {
      hint: "use the published address, such as https://heirloom.example.",
    });
  }
  return trimmed;
}
