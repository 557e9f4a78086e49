// The sitemap of a large site: above 45,000 URLs, sitemap-1.xml … of at most 45,000 each and sitemap-index.xml,
// robots.txt naming the index; below, one sitemap.xml as before. The numbered names are the build's own. End to
// end too: a site of 100,000 pages (a collection made by a load function, so no files are written for it) built.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SiteConfig } from "../../../packages/heirloom/src/config/options.ts";
import { stateFiles } from "../../../packages/heirloom/src/incremental/build-state.ts";
import { hostingFiles } from "../../../packages/heirloom/src/output/files/hosting.ts";
import { warningsFor } from "../../../packages/heirloom/src/output/summary.ts";
import { outputClashes } from "../../../packages/heirloom/src/routes/clashes.ts";
import type { FeedSpec, Route } from "../../../packages/heirloom/src/routes/types.ts";
import { addLoadedCollection, buildProject, editFile, makeFixture } from "../../helpers/site.ts";

const config = { siteUrl: "https://big.example", base: "/", forms: [] } as unknown as SiteConfig;
const source = { file: "content/notes/x.md" };
const routes = (count: number): Route[] =>
  [
    ...Array.from({ length: count }, (_, i) => ({ path: `/notes/${i}/`, outFile: `notes/${i}/index.html`, source })),
    { path: "404", outFile: "404.html", source },
  ] as unknown as Route[];
const feed = { path: "/notes/feed.xml" } as FeedSpec;

const text = (files: ReturnType<typeof hostingFiles>, name: string) =>
  files.find((f) => f.path === name)?.contents.toString();
const locs = (xml: string | undefined) => [...(xml ?? "").matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);

describe("the sitemap", () => {
  it("splits 100,000 pages and a feed into three files of at most 45,000 URLs, with an index robots.txt names", () => {
    const files = hostingFiles(config, routes(100_000), [feed]);
    const names = files.map((f) => f.path).filter((p) => p.startsWith("sitemap"));
    expect(names.sort()).toEqual(["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap-index.xml"]);
    expect(locs(text(files, "sitemap-index.xml"))).toEqual([
      "https://big.example/sitemap-1.xml",
      "https://big.example/sitemap-2.xml",
      "https://big.example/sitemap-3.xml",
    ]);
    expect(text(files, "sitemap-index.xml")).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const parts = [1, 2, 3].map((n) => locs(text(files, `sitemap-${n}.xml`)));
    expect(parts.map((p) => p.length)).toEqual([45_000, 45_000, 10_001]);
    const all = parts.flat();
    expect(all[0]).toBe("https://big.example/notes/0/");
    expect(all[45_000]).toBe("https://big.example/notes/45000/");
    expect(all.at(-2)).toBe("https://big.example/notes/99999/");
    expect(all.at(-1)).toBe("https://big.example/notes/feed.xml");
    expect(new Set(all).size).toBe(100_001);
    expect(text(files, "robots.txt")).toBe("User-agent: *\nAllow: /\nSitemap: https://big.example/sitemap-index.xml\n");
  });

  it("stays one sitemap.xml at 45,000 URLs, robots.txt naming it", () => {
    const files = hostingFiles(config, routes(44_999), [feed]);
    expect(files.map((f) => f.path).filter((p) => p.startsWith("sitemap"))).toEqual(["sitemap.xml"]);
    expect(locs(text(files, "sitemap.xml"))).toHaveLength(45_000);
    expect(text(files, "robots.txt")).toContain("Sitemap: https://big.example/sitemap.xml\n");
  });

  it("names the index with the base path under a sub-path (where no robots.txt is written)", () => {
    const files = hostingFiles({ ...config, base: "/docs/" }, routes(50_000), []);
    expect(locs(text(files, "sitemap-index.xml"))).toEqual([
      "https://big.example/docs/sitemap-1.xml",
      "https://big.example/docs/sitemap-2.xml",
    ]);
    expect(text(files, "robots.txt")).toBeUndefined();
  });

  it("has the base path's warning name the index as the Sitemap: line to publish at the host's root", () => {
    const docs = { ...config, base: "/docs/" };
    const line = (count: number) => warningsFor(docs, [feed], routes(count)).find((w) => w.includes("robots.txt"));
    expect(line(50_000)).toContain('with the line "Sitemap: https://big.example/docs/sitemap-index.xml"');
    expect(line(10)).toContain('with the line "Sitemap: https://big.example/docs/sitemap.xml"');
  });

  it("reserves the numbered files and the index for a site that has them", () => {
    const taking = (file: string) => ({ path: `/${file}`, outFile: file, source: { file: "content/pages/x.md" } });
    const big = [...routes(50_000), taking("sitemap-2.xml")] as unknown as Route[];
    expect(outputClashes(big, [], []).map((e) => e.message)).toEqual([expect.stringContaining("sitemap-2.xml")]);
    const small = [...routes(10), taking("sitemap-2.xml")] as unknown as Route[];
    expect(outputClashes(small, [], [])).toEqual([]);
    const index = [...routes(10), taking("sitemap-index.xml")] as unknown as Route[];
    expect(outputClashes(index, [], []).map((e) => e.message)).toEqual([expect.stringContaining("sitemap-index.xml")]);
  });

  it("keeps each translated page's hreflang alternates in every split file, in the xhtml namespace", () => {
    const english = routes(25_000).filter((r) => r.path !== "404");
    const german = english.map((r) => ({ ...r, path: `/de${r.path}`, outFile: `de/${r.outFile}` }));
    const alternatesOf = (i: number) => [
      { hreflang: "en", path: `/notes/${i}/` },
      { hreflang: "de", path: `/de/notes/${i}/` },
      { hreflang: "x-default", path: `/notes/${i}/` },
    ];
    const paired = [...english, ...german].map((r) => ({
      ...r,
      alternates: alternatesOf(Number(r.path.split("/").at(-2))),
    }));
    const files = hostingFiles(config, paired as Route[], []);
    for (const name of ["sitemap-1.xml", "sitemap-2.xml"]) {
      const xml = text(files, name)!;
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      expect(xml.match(/<url>/g)?.length).toBe(name === "sitemap-1.xml" ? 45_000 : 5_000);
      expect(xml.match(/<xhtml:link /g)?.length).toBe((name === "sitemap-1.xml" ? 45_000 : 5_000) * 3);
    }
    expect(text(files, "sitemap-2.xml")).toContain(
      '<url><loc>https://big.example/de/notes/24999/</loc><xhtml:link rel="alternate" hreflang="en" ' +
        'href="https://big.example/notes/24999/"/>',
    );
  });
});

describe("a site of 100,000 pages, built", () => {
  const root = makeFixture();
  // Its 100,000 pages and about 100 MB of build state in the shared cache, removed at once rather than left to the
  // run's end (which removes its folder without yielding) and to the cache's pruning two weeks later.
  afterAll(async () => {
    const state = stateFiles(root, path.join(root, "dist"));
    const files = [state.state, state.stamp, state.markdown.base, state.markdown.added, root];
    await Promise.all(files.map((file) => rm(file, { recursive: true, force: true })));
  });

  it("writes sitemap-1.xml to sitemap-3.xml listing every page once, and the index robots.txt names", async () => {
    const load = "() => Array.from({ length: 100_000 }, (_, i) => ({ slug: `p${i}`, data: { title: `Page ${i}` } }))";
    addLoadedCollection(root, "many", load);
    editFile(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  siteUrl: "https://big.example",');
    const dist = (await buildProject(root)).outDir;
    const read = (name: string) => readFileSync(path.join(dist, name), "utf8");

    expect(readdirSync(dist).filter((n) => n.startsWith("sitemap"))).toEqual([
      "sitemap-1.xml",
      "sitemap-2.xml",
      "sitemap-3.xml",
      "sitemap-index.xml",
    ]);
    expect(locs(read("sitemap-index.xml"))).toEqual([1, 2, 3].map((n) => `https://big.example/sitemap-${n}.xml`));
    expect(read("robots.txt")).toBe("User-agent: *\nAllow: /\nSitemap: https://big.example/sitemap-index.xml\n");
    const parts = [1, 2, 3].map((n) => locs(read(`sitemap-${n}.xml`)));
    const listed = parts.flat();
    // The generated pages and the fixture's own four (its front page, a page and two notes; never the 404 page).
    expect(parts.map((p) => p.length)).toEqual([45_000, 45_000, 10_004]);
    expect(new Set(listed).size).toBe(100_004);
    const many = listed.filter((url) => url.startsWith("https://big.example/many/"));
    expect(many).toHaveLength(100_000);
    expect(new Set(many)).toEqual(new Set(Array.from({ length: 100_000 }, (_, i) => `https://big.example/many/p${i}`)));
    for (const i of [0, 99_999]) expect(existsSync(path.join(dist, "many", `p${i}.html`))).toBe(true);
  }, 300_000);
});
