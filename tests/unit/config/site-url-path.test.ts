// A site URL with a path (a GitHub Pages project site, https://you.github.io/repo): the path is the base path when
// none is set, so every absolute URL the build makes holds it (canonical links, hreflang alternates, the sitemap,
// the feeds, what templates make absolute), and a base path that says otherwise is refused.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveSite } from "../../../packages/heirloom/src/config/checks/check-definition.ts";
import { defineSite } from "../../../packages/heirloom/src/config/define.ts";
import { resolveConfig } from "../../../packages/heirloom/src/config/options.ts";
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { templateAssets } from "../../../packages/heirloom/src/render/render.ts";
import { i18nSite } from "../../helpers/i18n.ts";
import { buildProject } from "../../helpers/site.ts";

const PAGES = "https://you.github.io/repo";
const site = (base?: string, siteUrl?: string) =>
  resolveSite(defineSite({ collections: {}, routes: {}, base, siteUrl }));

describe("the site URL's path", () => {
  it("is the base path when none is set, from the flag, the environment or site.config.ts", () => {
    expect(resolveConfig(site(), { env: {}, siteUrl: `${PAGES}/` })).toMatchObject({ base: "/repo/", siteUrl: PAGES });
    expect(resolveConfig(site(), { env: { HEIRLOOM_SITE_URL: PAGES, HEIRLOOM_BASE: "" } }).base).toBe("/repo/");
    expect(resolveConfig(site(undefined, PAGES), { env: {} }).base).toBe("/repo/");
    // The same path written twice, or the origin with the base path (the starters' workflow): one site.
    expect(resolveConfig(site("repo"), { env: {}, siteUrl: PAGES }).base).toBe("/repo/");
    expect(resolveConfig(site("/repo/"), { env: {}, siteUrl: "https://you.github.io" }).base).toBe("/repo/");
  });

  it("that differs from the base path is refused, naming where each was set", () => {
    const thrown = (() => {
      try {
        resolveConfig(site("/docs/"), { env: {}, siteUrl: PAGES });
      } catch (error) {
        return errorsOf(error)[0];
      }
    })();
    expect([thrown?.code, thrown?.message, thrown?.hint]).toEqual([
      "ConfigError",
      `The site URL ${PAGES} (from --site-url) is served under /repo/, but the base path is /docs/ (from base in ` +
        "site.config.ts): the pages would link under one, and their canonical URLs, the sitemap and the feeds name " +
        "the other.",
      "say where the site is once: the site URL with its path and no base path, or the site URL " +
        "https://you.github.io with the base path /docs/.",
    ]);
  });

  it("is kept in what templates make absolute (Open Graph, JSON-LD)", () => {
    const config = resolveConfig(site(), { env: {}, siteUrl: PAGES });
    const assets = templateAssets(config, {});
    expect(assets.absolute(assets.href("/blog/"))).toBe(`${PAGES}/blog/`);
  });
});

describe("a site built with a site URL that has a path", () => {
  let root: string;
  const read = (file: string) => readFileSync(path.join(root, "dist", file), "utf8");
  beforeAll(async () => {
    root = i18nSite();
    await buildProject(root, { siteUrl: PAGES });
  });

  it("links its pages under the path, and names them so in canonical links and hreflang alternates", () => {
    const page = read("de/blog/hello/index.html");
    expect(page).toContain(`<link rel="canonical" href="${PAGES}/de/blog/hello/"/>`);
    expect(page).toContain(`<link rel="alternate" hrefLang="en" href="${PAGES}/blog/hello/"/>`);
    expect(page).toContain('href="/repo/de/blog/feed.xml"');
    expect(page).not.toMatch(/https:\/\/you\.github\.io\/(?!repo\/)/);
  });

  it("lists them so in the sitemap and the feeds, and writes no robots.txt below the host's root", () => {
    const sitemap = read("sitemap.xml");
    const locs = [...sitemap.matchAll(/(?:<loc>|href=")([^<"]+)/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(5);
    expect(locs.filter((url) => !url.startsWith(`${PAGES}/`))).toEqual([]);
    expect(sitemap).toContain(`<url><loc>${PAGES}/de/blog/hello/</loc>`);
    const feed = read("de/blog/feed.xml");
    expect(feed).toContain(`<link rel="alternate" type="text/html" href="${PAGES}/de/blog/hello/"/>`);
    expect([...feed.matchAll(/href="(https:[^"]+)"/g)].filter((m) => !m[1].startsWith(`${PAGES}/`))).toEqual([]);
    expect(existsSync(path.join(root, "dist", "robots.txt"))).toBe(false);
  });
});
