// i18n: a site in English (at the root) and German (content/de/, under /de/), built from tests/fixtures/i18n:
// each locale's files, <html lang>, hreflang alternates in the head and the sitemap, translations for a language
// switcher, each fallback mode, broken links in a locale, locale folders the site does not declare, a bad i18n
// option, an incremental build after a translation is added, and dev showing a new German file.
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { type DevEvent, type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { i18nSite } from "../../helpers/i18n.ts";
import { buildProject, editFile } from "../../helpers/site.ts";

const SITE_URL = "https://hearth.example";

const post = (title: string, date: string, body = "") => `---\ntitle: ${title}\ndate: "${date}"\n---\n${body}\n`;
const read = (root: string, file: string) => readFileSync(path.join(root, "dist", file), "utf8");
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
/** The <head>'s links of one kind, as [hreflang or title, href]. */
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);
const switcher = (html: string) =>
  [
    ...html.matchAll(
      /<a href="([^"]*)" hrefLang="([^"]+)"( aria-current="page")?( data-fallback="true")?>([^<]*)<\/a>/g,
    ),
  ].map((m) => ({ url: m[1], locale: m[2], current: Boolean(m[3]), fallback: Boolean(m[4]), title: m[5] }));
const failures = (root: string, options = {}) =>
  buildProject(root, { siteUrl: SITE_URL, ...options }).then(
    () => [],
    (error: unknown) => errorsOf(error),
  );

describe("a site in two locales, untranslated pages falling back to the default locale", () => {
  let root: string;
  beforeAll(async () => {
    root = i18nSite();
    await buildProject(root, { siteUrl: SITE_URL });
  });

  it("writes the default locale at the root and German under /de/, pages, posts, lists, feeds and 404 pages", () => {
    expect(filesOf(path.join(root, "dist")).filter((f) => f.endsWith(".html") || f.endsWith(".xml"))).toEqual([
      "404.html",
      "blog/feed.xml",
      "blog/hello/index.html",
      "blog/index.html",
      "blog/page/2/index.html",
      "blog/second/index.html",
      "blog/third/index.html",
      "de/404.html",
      "de/blog/feed.xml",
      "de/blog/hello/index.html",
      "de/blog/index.html",
      "de/blog/page/2/index.html",
      "de/blog/second/index.html",
      "de/blog/third/index.html",
      "de/index.html",
      "index.html",
      "sitemap.xml",
    ]);
  });

  it("gives each page <html lang> of its text, its locale's words, and its translations' alternates", () => {
    const home = read(root, "de/index.html");
    expect(home).toContain('<html lang="de">');
    expect(home).toContain("<title>Startseite – Herd</title>");
    expect(home).toContain('<nav aria-label="Sprachen">');
    expect(alternates(home)).toEqual([
      ["en", `${SITE_URL}/`],
      ["de", `${SITE_URL}/de/`],
      ["x-default", `${SITE_URL}/`],
    ]);
    expect(home).toContain(`<link rel="canonical" href="${SITE_URL}/de/"/>`);
    const hello = read(root, "blog/hello/index.html");
    expect(hello).toContain('<html lang="en">');
    expect(alternates(hello)).toEqual([
      ["en", `${SITE_URL}/blog/hello/`],
      ["de", `${SITE_URL}/de/blog/hello/`],
      ["x-default", `${SITE_URL}/blog/hello/`],
    ]);
    // A page no other locale has says nothing of alternates.
    expect(alternates(read(root, "blog/third/index.html"))).toEqual([]);
    // Each list page has its counterpart: page 2 is page 2's.
    expect(alternates(read(root, "de/blog/page/2/index.html"))[0]).toEqual(["en", `${SITE_URL}/blog/page/2/`]);
  });

  it("lists an entry's translations for a switcher, in the order of locales, its own marked current", () => {
    expect(switcher(read(root, "de/blog/hello/index.html"))).toEqual([
      { url: "/blog/hello/", locale: "en", current: false, fallback: false, title: "Hello" },
      { url: "/de/blog/hello/", locale: "de", current: true, fallback: false, title: "Hallo" },
    ]);
    expect(switcher(read(root, "blog/second/index.html"))).toEqual([
      { url: "/blog/second/", locale: "en", current: true, fallback: false, title: "Second" },
      { url: "/de/blog/second/", locale: "de", current: false, fallback: true, title: "Second" },
    ]);
  });

  it("publishes an untranslated post at the locale's URL, marked, in its language, canonical to the original", () => {
    const second = read(root, "de/blog/second/index.html");
    expect(second).toContain('<html lang="en">');
    expect(second).toContain('<p class="untranslated">Diese Seite ist noch nicht übersetzt.</p>');
    expect(second).toContain(`<link rel="canonical" href="${SITE_URL}/blog/second/"/>`);
    expect(alternates(second)).toEqual([]);
    // Its body's link to a translated post leads to the translation; the German body's to it, to the fallback.
    expect(second).toContain('back to <a href="/de/blog/hello/">the first</a>');
    expect(read(root, "de/blog/hello/index.html")).toContain('Lies <a href="/de/blog/second/">den zweiten Beitrag</a>');
    expect(read(root, "blog/second/index.html")).not.toContain("untranslated");
  });

  it("publishes a translation's picture its locale's folder lacks from the default locale's, once", () => {
    const img = (file: string) => /<img src="([^"]+)" width="8" height="8"[^>]* alt="([^"]+)">/.exec(read(root, file));
    const [english, german] = [img("blog/hello/index.html"), img("de/blog/hello/index.html")];
    expect(english?.[1]).toMatch(/^\/assets\/images\/dot-[0-9a-f]+\.svg$/);
    expect([german?.[1], german?.[2]]).toEqual([english?.[1], "Ein Punkt"]);
    expect(filesOf(path.join(root, "dist")).filter((f) => f.endsWith(".svg"))).toEqual([english?.[1].slice(1)]);
  });

  it("shows the locale's collections: its own entries and the fallbacks, in the collection's order", () => {
    const home = read(root, "de/index.html");
    expect(
      [...home.matchAll(/data-post="(\w+)" data-locale="(\w+)"><a href="([^"]+)">([^<]+)</g)].map((m) => m.slice(1)),
    ).toEqual([
      ["hello", "de", "/de/blog/hello/", "Hallo"],
      ["second", "en", "/de/blog/second/", "Second"],
      ["third", "en", "/de/blog/third/", "Third"],
    ]);
    expect(read(root, "de/blog/index.html")).toContain('<a rel="next" href="/de/blog/page/2/">');
  });

  it("writes a feed per locale, of its own entries, linked from that locale's pages only", () => {
    const feed = read(root, "de/blog/feed.xml");
    expect([...feed.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual(["Blog auf Deutsch", "Hallo"]);
    expect(feed).toContain(`<link rel="alternate" type="text/html" href="${SITE_URL}/de/blog/hello/"/>`);
    // Its entries' links as on their pages: to the German post's fallback.
    expect(feed).toContain(`Lies &lt;a href=&quot;${SITE_URL}/de/blog/second/&quot;&gt;den zweiten Beitrag`);
    expect(read(root, "blog/feed.xml").match(/<entry>/g)).toHaveLength(3);
    expect(read(root, "de/index.html")).toContain('title="Blog auf Deutsch" href="/de/blog/feed.xml"');
    expect(read(root, "index.html")).toContain('title="Blog" href="/blog/feed.xml"');
    expect(read(root, "index.html")).not.toContain("/de/blog/feed.xml");
  });

  it("gives the sitemap each translated page's alternates and leaves fallbacks out", () => {
    const sitemap = read(root, "sitemap.xml");
    expect(sitemap).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(sitemap).toContain(
      `<url><loc>${SITE_URL}/de/blog/hello/</loc>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${SITE_URL}/blog/hello/"/>` +
        `<xhtml:link rel="alternate" hreflang="de" href="${SITE_URL}/de/blog/hello/"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE_URL}/blog/hello/"/></url>`,
    );
    expect(sitemap).toContain(`<url><loc>${SITE_URL}/blog/second/</loc></url>`);
    expect(sitemap).not.toContain("/de/blog/second/");
    expect(sitemap).not.toContain("/de/blog/third/");
  });
});

describe("a site in two locales without a site URL", () => {
  it("gives no hreflang alternates (search engines read only absolute ones), and says so", async () => {
    const root = i18nSite();
    const result = await buildProject(root);
    expect(alternates(read(root, "de/index.html"))).toEqual([]);
    expect(alternates(read(root, "blog/hello/index.html"))).toEqual([]);
    // The language switch is the translations', with the base path, as before.
    expect(switcher(read(root, "de/blog/hello/index.html"))[0]).toMatchObject({ url: "/blog/hello/", locale: "en" });
    expect(result.warnings).toContainEqual(
      expect.stringContaining("No site URL is set, so canonical links, hreflang alternates, sitemap.xml, the feeds"),
    );
  });
});

describe("an entry only a locale has", () => {
  it("is published in that locale alone, with itself as its only translation and no alternates", async () => {
    const root = i18nSite({ "content/de/posts/nur-hier.md": post("Nur hier", "2026-01-04", "Nur auf Deutsch.") });
    await buildProject(root, { siteUrl: SITE_URL });
    const files = filesOf(path.join(root, "dist"));
    expect(files).toContain("de/blog/nur-hier/index.html");
    expect(files.filter((f) => f.includes("nur-hier"))).toEqual(["de/blog/nur-hier/index.html"]);
    const page = read(root, "de/blog/nur-hier/index.html");
    expect(page).toContain('<html lang="de">');
    expect(alternates(page)).toEqual([]);
    expect(switcher(page)).toEqual([
      { url: "/de/blog/nur-hier/", locale: "de", current: true, fallback: false, title: "Nur hier" },
    ]);
    expect(read(root, "sitemap.xml")).toContain(`<url><loc>${SITE_URL}/de/blog/nur-hier/</loc></url>`);
    expect(read(root, "index.html")).not.toContain("nur-hier");
  });
});

describe("fallback omit", () => {
  const omit = (root: string) => editFile(root, "site.config.ts", 'fallback: "default"', 'fallback: "omit"');

  it("publishes only what a locale has, and a link to what it lacks is a broken link at its place", async () => {
    const root = i18nSite();
    omit(root);
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.message, e.location])).toEqual([
      [
        "BrokenLinkError",
        "The link /de/blog/hello/second.md on /de/blog/hello/ leads to no page or file of the site.",
        { file: "content/de/posts/hello.md", line: 5, column: 35 },
      ],
    ]);
    editFile(root, "content/de/posts/hello.md", "Lies [den zweiten Beitrag](./second.md).", "Lies mehr.");
    rmSync(path.join(root, "content/de/site.md"));
    await buildProject(root, { siteUrl: SITE_URL });
    const html = filesOf(path.join(root, "dist")).filter((f) => f.startsWith("de/"));
    expect(html).toEqual(["de/blog/feed.xml", "de/blog/hello/index.html", "de/blog/index.html", "de/index.html"]);
    expect([...read(root, "de/index.html").matchAll(/data-post="(\w+)"/g)].map((m) => m[1])).toEqual(["hello"]);
    // A single file (the site's words) is never left out: without a German one, the English one.
    expect(read(root, "de/blog/hello/index.html")).toContain("<title>Hallo – Hearth</title>");
    // The English post lists only itself.
    expect(switcher(read(root, "blog/second/index.html"))).toEqual([
      { url: "/blog/second/", locale: "en", current: true, fallback: false, title: "Second" },
    ]);
  });
});

describe("mistakes of a site in two locales", () => {
  it("a German page's link to a German page that does not exist, at its file and line", async () => {
    const root = i18nSite();
    editFile(root, "content/de/pages/index.md", "Lies [das Blog](/de/blog/).", "Lies [das Blog](/de/blogg/).");
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.message, e.location])).toEqual([
      [
        "BrokenLinkError",
        "The link /de/blogg/ on /de/ leads to no page or file of the site.",
        { file: "content/de/pages/index.md", line: 6, column: 17 },
      ],
    ]);
  });

  it("a German body's link to a fallback's #fragment that names nothing, at its file and line", async () => {
    const root = i18nSite();
    editFile(root, "content/de/posts/hello.md", "(./second.md)", "(./second.md#ende)");
    const errors = await failures(root);
    expect(errors.map((e) => [e.message, e.location])).toEqual([
      [
        'The link /de/blog/second/#ende on /de/blog/hello/ names the id "ende", ' +
          "which no element of /de/blog/second/ has.",
        { file: "content/de/posts/hello.md", line: 5, column: 35 },
      ],
    ]);
  });

  it("a folder of a locale the site does not declare, and one of the default locale, each named once", async () => {
    const root = i18nSite({
      "content/fr/posts/bonjour.md": post("Bonjour", "2026-01-05"),
      "content/fr/site.md": "---\nname: Foyer\nuntranslated: Pas encore traduit.\nlanguages: Langues\n---\n",
      "content/en/posts/hello.md": post("Hello again", "2026-01-06"),
      // A folder that makes no entries is none of a locale's: an image is an image.
      "content/img/dot.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    });
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.message, e.location?.file])).toEqual([
      [
        "UnexpectedFileError",
        "content/en/ is a folder of the default locale, whose entries are directly under content/.",
        "content/en/",
      ],
      [
        "UnexpectedFileError",
        "content/fr/ holds entries as a locale's folder does, but its name is not one of i18n.locales.",
        "content/fr/",
      ],
    ]);
    expect(errors[1].hint).toContain("add its name to i18n.locales in site.config.ts, or rename it to one of en, de");
  });

  it("a bad i18n option, each problem at its line of site.config.ts", async () => {
    const root = i18nSite();
    editFile(
      root,
      "site.config.ts",
      /i18n: \{.*\}/,
      'i18n: {\n    locales: ["en", "de"],\n    defaultLocale: "fr",\n    fallback: "english",\n  }',
    );
    expect((await failures(root)).map((e) => [e.message, e.location])).toEqual([
      [
        'i18n.defaultLocale is "fr", which is not one of i18n.locales (en, de).',
        { file: "site.config.ts", line: 33, column: 5 },
      ],
      ['i18n.fallback is "english".', { file: "site.config.ts", line: 34, column: 5 }],
    ]);
    editFile(root, "site.config.ts", 'locales: ["en", "de"]', 'locales: ["en", "de", "de", "english language"]');
    expect((await failures(root)).map((e) => e.message)).toEqual([
      'i18n.locales is ["en","de","de","english language"].',
    ]);
    editFile(root, "site.config.ts", 'folder: "posts"', 'folder: "de"');
    editFile(
      root,
      "site.config.ts",
      /locales: \[.*\],\n.*\n.*\n/,
      'locales: ["en", "de"],\n    defaultLocale: "en",\n',
    );
    expect((await failures(root)).map((e) => e.message)).toEqual([
      'The locale "de" has the name of the folder of the collection "posts".',
    ]);
  });
});

describe("locales that differ only in case", () => {
  it.each([
    ['["en", "de", "EN"]', "en", "EN", 33],
    ['["en", "de", "DE"]', "de", "DE", 33],
  ])("%s: refused at the i18n option of site.config.ts, naming both spellings", async (locales, first, second, at) => {
    const root = i18nSite();
    editFile(root, "site.config.ts", 'locales: ["en", "de"]', `locales: ${locales}`);
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.message, e.location, e.hint])).toEqual([
      [
        "ConfigError",
        `i18n.locales holds "${first}" and "${second}", which differ only in case.`,
        { file: "site.config.ts", line: 31, column: at },
        "each locale is a folder under content/ and the start of its URLs, which some file systems and hosts do " +
          `not tell apart by case: list each language once, in one spelling (such as "${first}").`,
      ],
    ]);
  });
});

describe("an incremental build after a translation is added", () => {
  it("renders again the pages showing it or its translations, keeps the rest, as a clean build writes", async () => {
    const root = i18nSite();
    await buildProject(root, { siteUrl: SITE_URL });
    writeFileSync(path.join(root, "content/de/posts/second.md"), post("Zweiter", "2026-01-02", "Der zweite Beitrag."));
    const result = await buildProject(root, { siteUrl: SITE_URL });
    const second = read(root, "de/blog/second/index.html");
    expect(second).toContain('<html lang="de">');
    expect(second).not.toContain("untranslated");
    expect(switcher(read(root, "blog/second/index.html"))[1]).toEqual({
      url: "/de/blog/second/",
      locale: "de",
      current: false,
      fallback: false,
      title: "Zweiter",
    });
    expect(alternates(read(root, "blog/second/index.html"))[1]).toEqual(["de", `${SITE_URL}/de/blog/second/`]);
    expect(read(root, "sitemap.xml")).toContain(`<url><loc>${SITE_URL}/de/blog/second/</loc><xhtml:link`);
    expect(read(root, "de/blog/feed.xml")).toContain("<title>Zweiter</title>");
    // The second posts, and the pages that list them or link to them (hello's bodies do): their entries changed.
    // The third posts and the German list's page 2 (the third post alone) read nothing that changed.
    expect(result.rendered).toEqual([
      "/",
      "/blog/",
      "/blog/hello/",
      "/blog/second/",
      "/de/",
      "/de/blog/",
      "/de/blog/hello/",
      "/de/blog/second/",
    ]);
    const clean = await buildProject(root, { siteUrl: SITE_URL, cache: false, outDir: path.join(root, "clean") });
    expect(clean.rendered.length).toBeGreaterThan(result.rendered.length);
    for (const file of filesOf(path.join(root, "clean"))) {
      expect(read(root, file), file).toBe(readFileSync(path.join(root, "clean", file), "utf8"));
    }
  });
});

describe("dev with two locales", () => {
  let root: string;
  let dev: DevServer;
  const events: DevEvent[] = [];
  const get = async (pathname: string) => (await fetch(new URL(pathname, dev.url))).text();
  beforeAll(async () => {
    root = i18nSite();
    dev = await startDev({ root, env: {}, port: 0, siteUrl: SITE_URL, onEvent: (e) => events.push(e) });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it("serves a German file saved while it runs, and the pages that list it", async () => {
    expect(await get("/de/blog/second/")).toContain('<p class="untranslated">');
    writeFileSync(path.join(root, "content/de/posts/second.md"), post("Zweiter", "2026-01-02", "Der zweite Beitrag."));
    await expect.poll(() => get("/de/blog/second/"), { timeout: 10_000, interval: 50 }).toContain("<h1>Zweiter</h1>");
    const page = await get("/de/blog/second/");
    expect(page).toContain('<html lang="de">');
    expect(page).not.toContain("untranslated");
    expect(await get("/de/")).toContain('<a href="/de/blog/second/">Zweiter</a>');
    expect(switcher(await get("/blog/second/"))[1]).toMatchObject({ locale: "de", title: "Zweiter", fallback: false });
    expect(alternates(await get("/blog/second/"))[1]).toEqual(["de", `${SITE_URL}/de/blog/second/`]);
    // Removed again, the English page (whose route dev keeps) says nothing of German any more.
    rmSync(path.join(root, "content/de/posts/second.md"));
    await expect.poll(() => get("/de/blog/second/"), { timeout: 10_000, interval: 50 }).toContain("untranslated");
    expect(alternates(await get("/blog/second/"))).toEqual([]);
    expect(events.every((e) => e.type === "built")).toBe(true);
  });
});
