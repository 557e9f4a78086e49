// Production output: a sub-path build served under its prefix, absolute URLs, structured data, header files.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type HTMLElement, parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { type PreviewServer, startPreview } from "../../packages/heirloom/src/serve/preview/preview.ts";
import { loadDefinition } from "../../packages/heirloom/src/pipeline/compile-parts.ts";
import { serializeJsonLd } from "../../packages/heirloom/src/render/json-ld.ts";
import { buildProject, makeProject } from "../helpers/site.ts";
import { UNREGISTERED } from "../helpers/spec.ts";

const BASE = "/heirloom/";
const SITE_URL = "https://heirloom.example";
const ENDPOINT = "https://script.example.com/macros/s/abc/exec";
const ROUTES = ["", "home", "how-it-works", "pricing"];

let result: BuildResult;
let server: PreviewServer;
let origin: string;

const get = (pathname: string) => fetch(origin + pathname);
const html = async (pathname: string) => parse(await (await get(pathname)).text());
const jsonLd = (doc: HTMLElement) =>
  doc
    .querySelectorAll('script[type="application/ld+json"]')
    .map((s) => JSON.parse(s.textContent) as Record<string, any>);

beforeAll(async () => {
  const root = makeProject();
  result = await buildProject(root, { base: BASE, siteUrl: SITE_URL, env: { HEIRLOOM_WAITLIST_ENDPOINT: ENDPOINT } });
  server = await startPreview({
    outDir: result.outDir,
    root,
    forms: (await loadDefinition(root)).forms,
    base: BASE,
    port: 0,
  });
  origin = new URL(server.url).origin;
});

afterAll(() => server?.close());

describe("a build under /heirloom/ served under that prefix", () => {
  it("serves every route with 200 and no warning about the site URL or endpoint", async () => {
    for (const route of ROUTES) expect((await get(BASE + route)).status, route).toBe(200);
    expect(result.warnings.filter((w) => !w.startsWith("robots.txt was not written"))).toEqual([]);
  });

  it(
    "resolves every internal link, asset, image and srcset entry of every page; " +
      "unregistered paths give the 404 page",
    async () => {
      const checked = new Map<string, number>();
      for (const route of [...ROUTES, "no/such/page"]) {
        const doc = await html(BASE + route);
        const urls = [
          ...doc.querySelectorAll("[href], [src]").map((el) => el.getAttribute("href") ?? el.getAttribute("src")!),
          ...doc.querySelectorAll("[srcset]").flatMap((el) =>
            el
              .getAttribute("srcset")!
              .split(",")
              .map((c) => c.trim().split(/\s+/)[0]),
          ),
        ].filter((u) => u.startsWith("/"));
        expect(urls.length).toBeGreaterThan(10);
        for (const url of urls) {
          expect(url, `${url} on /${route}`).toMatch(/^\/heirloom\//);
          const pathname = url.split("#")[0];
          if (!checked.has(pathname)) checked.set(pathname, (await get(pathname)).status);
          const unregistered = UNREGISTERED.includes(pathname.slice(BASE.length - 1));
          expect(checked.get(pathname), url).toBe(unregistered ? 404 : 200);
        }
      }
      expect(checked.size).toBeGreaterThan(20);
    },
  );

  it("shows a styled 404 page with working links at a deep path", async () => {
    const response = await get("/heirloom/a/b/c");
    expect(response.status).toBe(404);
    const doc = parse(await response.text());
    expect(doc.querySelector("h1")?.textContent).toBe("Page Not Found");
    const css = doc.querySelector('link[rel="stylesheet"]')!.getAttribute("href")!;
    expect(css).toMatch(/^\/heirloom\/assets\/site-[A-Z0-9]+\.css$/);
    const stylesheet = await get(css);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get("content-type")).toMatch(/text\/css/);
    const home = doc
      .querySelector("main")!
      .querySelectorAll("a")
      .find((a) => a.textContent.trim() === "Return to Home");
    expect(home?.getAttribute("href")).toBe("/heirloom/");
    expect((await get("/elsewhere")).status).toBe(404);
  });

  it("posts the waitlist form to the configured endpoint", async () => {
    const form = (await html(BASE)).querySelector("form[data-waitlist]")!;
    expect(form.getAttribute("action")).toBe(ENDPOINT);
  });
});

describe("absolute URLs", () => {
  it(
    "writes a sitemap of the registered routes only; " + "under a base path no robots.txt, and a warning that says why",
    async () => {
      const sitemap = await (await get("/heirloom/sitemap.xml")).text();
      const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual(ROUTES.map((r) => `${SITE_URL}${BASE}${r}`));
      expect(sitemap).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      // Before: /heirloom/robots.txt was written, where crawlers never look.
      expect((await get("/heirloom/robots.txt")).status).toBe(404);
      expect(result.warnings).toContainEqual(
        "robots.txt was not written: crawlers read it only at the root of a host, " +
          "never under the base path /heirloom/. " +
          "To have one, publish a robots.txt at the root of the host " +
          `with the line "Sitemap: ${SITE_URL}${BASE}sitemap.xml" ` +
          "(on GitHub Pages, from the user or organization site).",
      );
    },
  );

  it("writes robots.txt pointing to the sitemap for a site at the root of its host", async () => {
    const built = await buildProject(makeProject(), { siteUrl: SITE_URL });
    expect(readFileSync(path.join(built.outDir, "robots.txt"), "utf8")).toBe(
      `User-agent: *\nAllow: /\nSitemap: ${SITE_URL}/sitemap.xml\n`,
    );
    expect(built.warnings.join("\n")).not.toContain("robots.txt");
  });

  it.each(ROUTES)(
    "/%s has a canonical link, Open Graph and Twitter tags with an absolute image that resolves",
    async (route) => {
      const doc = await html(BASE + route);
      const meta = (key: string) =>
        doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
      const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href");
      expect(canonical).toBe(`${SITE_URL}${BASE}${route}`);
      expect(meta("og:url")).toBe(canonical);
      expect(meta("og:title")).toBe(doc.querySelector("title")?.textContent);
      expect(meta("og:description")).toBe(meta("description"));
      expect(meta("twitter:card")).toBe("summary_large_image");
      const image = meta("og:image")!;
      expect(image).toMatch(
        /^https:\/\/heirloom\.example\/heirloom\/assets\/images\/social-card-[0-9a-f]+-1200x630\.png$/,
      );
      expect(meta("twitter:image")).toBe(image);
      expect(meta("og:image:alt")!.length).toBeGreaterThan(10);
      const png = Buffer.from(await (await get(new URL(image).pathname)).arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    },
  );

  it("gives the 404 page no canonical address, and every page an SVG favicon and a 180 px PNG touch icon", async () => {
    const notFound = await html("/heirloom/missing");
    expect(notFound.querySelector('link[rel="canonical"]')).toBeNull();
    for (const doc of [notFound, await html(BASE)]) {
      const icon = doc.querySelector('link[rel="icon"]')!;
      expect(icon.getAttribute("type")).toBe("image/svg+xml");
      expect((await get(icon.getAttribute("href")!)).headers.get("content-type")).toMatch(/image\/svg\+xml/);
      const touch = Buffer.from(
        await (await get(doc.querySelector('link[rel="apple-touch-icon"]')!.getAttribute("href")!)).arrayBuffer(),
      );
      expect([touch.readUInt32BE(16), touch.readUInt32BE(20)]).toEqual([180, 180]);
      expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute("content")).toBe("#7a3e1d");
    }
  });
});

describe("structured data", () => {
  it(
    "describes the organization on every page, " + "the three plans as offers on /pricing and the FAQs as FAQPage",
    async () => {
      const pricing = jsonLd(await html("/heirloom/pricing"));
      expect(pricing.map((d) => d["@type"])).toEqual(["Organization", "Product", "FAQPage"]);
      expect(pricing[0]).toMatchObject({
        "@context": "https://schema.org",
        name: "Heirloom",
        url: `${SITE_URL}${BASE}`,
      });
      expect(pricing[1].offers.map((o: any) => [o.name, o.price, o.priceCurrency])).toEqual([
        ["Essential Memories", "29.00", "USD"],
        ["Legacy Collection", "49.00", "USD"],
        ["Family Archive", "89.00", "USD"],
      ]);
      expect(pricing[2].mainEntity).toHaveLength(4);
      expect(pricing[2].mainEntity[0]).toMatchObject({ "@type": "Question", name: "Can I change my plan later?" });
      expect(pricing[2].mainEntity[0].acceptedAnswer.text).toMatch(/next billing cycle/);
      const howItWorks = jsonLd(await html("/heirloom/how-it-works"));
      expect(howItWorks.map((d) => d["@type"])).toEqual(["Organization", "FAQPage"]);
      expect(howItWorks[1].mainEntity).toHaveLength(5);
      expect(jsonLd(await html("/heirloom/missing"))).toEqual([]);
    },
  );

  it("keeps content that tries to close the script element inside it", async () => {
    const hostile = "</script><script>alert(1)</script><!-- & \u2028";
    expect(serializeJsonLd({ q: hostile })).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(serializeJsonLd({ q: hostile }))).toEqual({ q: hostile });

    const root = makeProject();
    const faq = path.join(root, "content/faqs/pricing-1-change.md");
    writeFileSync(
      faq,
      readFileSync(faq, "utf8").replace(
        "question: Can I change my plan later?",
        `question: "Can I change my plan later? ${hostile.replace(/\u2028/, "")}"`,
      ),
    );
    const built = await buildProject(root, { siteUrl: SITE_URL });
    const doc = parse(readFileSync(path.join(built.outDir, "pricing.html"), "utf8"));
    expect(doc.querySelectorAll("script").map((s) => s.getAttribute("type"))).toEqual([
      "module",
      "application/ld+json",
      "application/ld+json",
      "application/ld+json",
    ]);
    expect(jsonLd(doc)[2].mainEntity[0].name).toBe(
      `Can I change my plan later? ${hostile.replace(/\u2028/, "")}`.trim(),
    );
  });
});

describe("header files", () => {
  it("serves the security headers and cache rules of serve.json", async () => {
    const page = await get(BASE);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    // The endpoint's origin, and the origin its answer may redirect the hidden frame to (site.config.ts).
    expect(csp).toContain("form-action 'self' https://script.example.com https://script.googleusercontent.com;");
    expect(csp).toContain("frame-src 'self' https://script.example.com https://script.googleusercontent.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const css = (await html(BASE)).querySelector('link[rel="stylesheet"]')!.getAttribute("href")!;
    expect((await get(css)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("writes a _headers file whose rules parse and carry the base path and the endpoint", () => {
    const text = readFileSync(path.join(result.outDir, "_headers"), "utf8");
    const rules = new Map<string, Record<string, string>>();
    let current: Record<string, string> | undefined;
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      if (!line.startsWith(" ")) rules.set(line, (current = {}));
      else {
        const match = /^ {2}([\w-]+): (.+)$/.exec(line);
        expect(match, `header line "${line}"`).not.toBeNull();
        current![match![1]] = match![2];
      }
    }
    expect(rules.get("/heirloom/*")?.["Content-Security-Policy"]).toContain(
      "form-action 'self' https://script.example.com",
    );
    expect(rules.get("/heirloom/assets/*")).toEqual({ "Cache-Control": "public, max-age=31536000, immutable" });
    for (const p of [
      "/heirloom/",
      "/heirloom/index.html",
      "/heirloom/pricing",
      "/heirloom/pricing.html",
      "/heirloom/404.html",
    ]) {
      expect(rules.get(p), p).toEqual({ "Cache-Control": "public, max-age=0, must-revalidate" });
    }
    expect(JSON.parse(readFileSync(path.join(result.outDir, "serve.json"), "utf8")).headers).toHaveLength(2);
  });
});

describe("without a site URL", () => {
  it("warns and leaves out canonical links, social images and the sitemap instead of writing wrong URLs", async () => {
    const built = await buildProject(makeProject());
    expect(built.warnings.join("\n")).toMatch(
      /No site URL is set, so canonical links, sitemap.xml and absolute URLs for shared links were left out/,
    );
    const doc = parse(readFileSync(path.join(built.outDir, "pricing.html"), "utf8"));
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('meta[property="og:image"]')).toBeNull();
    expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute("content")).toBe("summary");
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute("content")).toBe("Pricing — Heirloom plans");
    expect(readFileSync(path.join(built.outDir, "robots.txt"), "utf8")).toBe("User-agent: *\nAllow: /\n");
    expect(() => readFileSync(path.join(built.outDir, "sitemap.xml"))).toThrow(/ENOENT/);
  });
});
