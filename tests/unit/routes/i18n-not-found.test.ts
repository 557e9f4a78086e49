// A 404 page per locale: a locale's own (content/de/pages/404.md) is written to de/404.html, or the default
// locale's as its fallback (in the locale's words, marked), revalidated by _headers and never named in _redirects,
// and preview and dev answer what is missing under /de/ with it. The site's 404.html answers the rest.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { type PreviewServer, startPreview } from "../../../packages/heirloom/src/serve/preview/preview.ts";
import { i18nSite } from "../../helpers/i18n.ts";
import { buildProject, editFile } from "../../helpers/site.ts";

const SITE_URL = "https://hearth.example";
const GERMAN_404 = '---\npath: "404"\ntemplate: not-found\ntitle: Nicht gefunden\n---\nDiese Seite gibt es nicht.\n';
const read = (root: string, file: string) => readFileSync(path.join(root, "dist", file), "utf8");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("a locale's own 404 page", () => {
  let root: string;
  beforeAll(async () => {
    root = i18nSite({ "content/de/pages/404.md": GERMAN_404 });
    await buildProject(root, { siteUrl: SITE_URL, base: "/docs/" });
  });

  it("is written to de/404.html in German, with no canonical address, and left out of the sitemap", () => {
    const page = read(root, "de/404.html");
    expect(page).toContain('<html lang="de">');
    expect(title(page)).toBe("Nicht gefunden – Herd");
    expect(page).not.toContain("untranslated");
    expect(page).not.toContain('rel="canonical"');
    expect(title(read(root, "404.html"))).toBe("Not found – Hearth");
    expect(read(root, "sitemap.xml")).not.toContain("404");
  });

  it("is revalidated like every page, and never in _redirects with a 404 status, which Cloudflare refuses", () => {
    // No old URL to send on: no _redirects at all (Cloudflare Pages serves the nearest 404.html by itself).
    expect(existsSync(path.join(root, "dist", "_redirects"))).toBe(false);
    const headers = read(root, "_headers");
    expect(headers).toContain("/docs/404.html\n  Cache-Control: public, max-age=0, must-revalidate\n");
    expect(headers).toContain("/docs/de/404.html\n  Cache-Control: public, max-age=0, must-revalidate\n");
  });

  describe("in preview", () => {
    let preview: PreviewServer;
    beforeAll(async () => {
      preview = await startPreview({ outDir: path.join(root, "dist"), root, forms: [], port: 0 });
    });
    afterAll(() => preview?.close());
    const get = async (pathname: string) => {
      const response = await fetch(new URL(pathname, preview.url));
      return [response.status, title(await response.text())];
    };

    it("answers what is missing under /de/, at any depth, with it, and the rest with the site's", async () => {
      expect(await get("/docs/de/nothing")).toEqual([404, "Nicht gefunden – Herd"]);
      expect(await get("/docs/de/blog/nothing/here")).toEqual([404, "Nicht gefunden – Herd"]);
      expect(await get("/docs/nothing")).toEqual([404, "Not found – Hearth"]);
      expect(await get("/docs/deutsch/nothing")).toEqual([404, "Not found – Hearth"]);
      expect(await get("/docs/de/")).toEqual([200, "Startseite – Herd"]);
    });
  });
});

describe("a locale without its own 404 page", () => {
  it("gets the default locale's, in the locale's words and marked, when untranslated pages fall back", async () => {
    const root = i18nSite();
    await buildProject(root, { siteUrl: SITE_URL });
    const page = read(root, "de/404.html");
    expect(title(page)).toBe("Not found – Herd");
    expect(page).toContain('<p class="untranslated">Diese Seite ist noch nicht übersetzt.</p>');
    expect(page).not.toContain('rel="canonical"');
  });

  it("gets none when untranslated pages are left out: the site's 404.html answers", async () => {
    const root = i18nSite();
    editFile(root, "site.config.ts", 'fallback: "default"', 'fallback: "omit"');
    editFile(root, "content/de/posts/hello.md", "Lies [den zweiten Beitrag](./second.md).", "Lies mehr.");
    await buildProject(root, { siteUrl: SITE_URL });
    expect(existsSync(path.join(root, "dist", "de", "404.html"))).toBe(false);
  });
});

describe("dev with a locale's own 404 page", () => {
  let dev: DevServer;
  beforeAll(async () => {
    const root = i18nSite({ "content/de/pages/404.md": GERMAN_404 });
    dev = await startDev({ root, env: {}, port: 0 });
  });
  afterAll(() => dev?.close());

  it("answers what is missing under /de/ with it, and the rest with the site's", async () => {
    const get = async (pathname: string) => {
      const response = await fetch(new URL(pathname, dev.url));
      return [response.status, title(await response.text())];
    };
    expect(await get("/de/nothing/here")).toEqual([404, "Nicht gefunden – Herd"]);
    expect(await get("/nothing")).toEqual([404, "Not found – Hearth"]);
  });
});
