// A docs set numbered for its order (tests/fixtures/numbered-docs: 01-app/02-guides/03-caching.mdx) published
// without the numbers by stripNumberPrefixes, or at paths a function computes; relative links to the numbered files
// lead to those URLs, the default order reads the numbers by value, and `unregistered` takes prefixes.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { afterAll, describe, expect, it } from "vitest";
import { withoutNumberPrefixes } from "../../../packages/heirloom/src/index.ts";
import { type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, editFile, fixturesDir, makeFixture } from "../../helpers/site.ts";

/** The fixture with the base's templates and its own "doc". */
function docsSite(): string {
  const root = makeFixture("numbered-docs");
  cpSync(path.join(fixturesDir, "base", "templates"), path.join(root, "templates"), { recursive: true, force: false });
  writeFileSync(
    path.join(root, "templates", "index.ts"),
    'export { Document } from "./Document.tsx";\nimport { Home, NotFound, Note, Prose } from "./Pages.tsx";\n' +
      'import { Doc } from "./Doc.tsx";\n' +
      'export const templates = { home: Home, prose: Prose, note: Note, "not-found": NotFound, doc: Doc };\n',
  );
  return root;
}

const ENTRIES = '{ collection: "docs", path: "/docs/:slug/", template: "doc", stripNumberPrefixes: true }';
const withDocsRoute = (root: string, route: string) => editFile(root, "site.config.ts", ENTRIES, route);
const html = (root: string, file: string) => parse(readFileSync(path.join(root, "dist", file), "utf8"));
const hrefs = (root: string, file: string) =>
  html(root, file)
    .querySelectorAll("article p a")
    .map((a) => a.getAttribute("href"));

describe("withoutNumberPrefixes", () => {
  it("drops the ordering numbers Docusaurus drops, and a last index; dates and versions stay", () => {
    expect(withoutNumberPrefixes("01-app/02-guides/03-caching")).toBe("app/guides/caching");
    expect(withoutNumberPrefixes("1.intro/001_setup/10--next")).toBe("intro/setup/next");
    expect(withoutNumberPrefixes("01-app/index")).toBe("app");
    expect(withoutNumberPrefixes("index")).toBe("");
    expect(withoutNumberPrefixes("2024-01-15-launch/7.0-notes/v2-api/2fa")).toBe(
      "2024-01-15-launch/7.0-notes/v2-api/2fa",
    );
  });
});

describe("an entry route with stripNumberPrefixes", () => {
  it("publishes numbered files without their numbers, and the folders' index files at the folders", async () => {
    const root = docsSite();
    const built = await buildProject(root);
    const docs = built.routes.map((r) => r.route).filter((r) => r.startsWith("/docs"));
    expect(docs.sort()).toEqual([
      "/docs",
      "/docs/app",
      "/docs/app/2024-01-15-release",
      "/docs/app/guides/caching",
      "/docs/app/guides/deploying",
      "/docs/app/guides/testing",
    ]);
    expect(html(root, "docs/app/guides/caching.html").querySelector("h1")?.text).toBe("Caching");
    expect(html(root, "docs.html").querySelector("h1")?.text).toBe("Docs");
  });

  it("leads relative links to the numbered files, in MDX and markdown, to the pages' URLs", async () => {
    const root = docsSite();
    await buildProject(root);
    expect(hrefs(root, "docs/app/guides/caching.html")).toEqual([
      "/docs/app/guides/deploying",
      "/docs/app/guides/testing",
      "/docs/app",
    ]);
    expect(hrefs(root, "docs.html")).toEqual(["/docs/app", "/docs/app/guides/caching#revalidating"]);
    expect(hrefs(root, "docs/app/guides/deploying.html")).toEqual(["/docs/app/guides/caching#revalidating"]);
  });

  it("lists the docs by their numbers' values: 9-deploying before 10-testing", async () => {
    const root = docsSite();
    await buildProject(root);
    const order = html(root, "docs.html")
      .querySelectorAll("#order a")
      .map((a) => a.text);
    expect(order).toEqual(["Caching", "Deploying", "Testing", "Release", "App Router", "Docs"]);
  });

  it("refuses two files at one path, naming both", async () => {
    const root = docsSite();
    const twin = "content/docs/01-app/02-guides/04-caching.md";
    writeFileSync(path.join(root, twin), "---\ntitle: Caching again\n---\nText.\n");
    const [error] = await failures(root);
    expect(error.code).toBe("RouteCollisionError");
    expect(error.message).toContain(twin);
    expect(error.message).toContain("content/docs/01-app/02-guides/03-caching.mdx");
    expect(error.message).toContain("/docs/app/guides/caching");
  });

  it("that is not true or false is refused at its line", async () => {
    const root = docsSite();
    withDocsRoute(root, ENTRIES.replace("stripNumberPrefixes: true", 'stripNumberPrefixes: "yes"'));
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: 'The entry route "/docs/:slug/" has stripNumberPrefixes: "yes", which is not true or false.',
        location: { file: "site.config.ts", line: 37, column: 68 },
        hint: 'write stripNumberPrefixes: true beside a pattern such as "/docs/:slug/".',
      },
    ]);
  });
});

describe("an entry route whose path is a function", () => {
  const computed = (body: string) => `{ collection: "docs", template: "doc", path: (doc) => ${body} }`;

  it("publishes each entry at the path it returns, in the site's form, with links to it", async () => {
    const root = docsSite();
    withDocsRoute(root, computed("`/handbook/${withoutNumberPrefixes(doc.slug)}`"));
    editFile(root, "site.config.ts", "defineSite, image, z", "defineSite, image, withoutNumberPrefixes, z");
    const built = await buildProject(root);
    const routes = built.routes.map((r) => r.route);
    expect(routes).toEqual(expect.arrayContaining(["/handbook", "/handbook/app/guides/caching"]));
    expect(routes.some((r) => r.startsWith("/docs"))).toBe(false);
    expect(hrefs(root, "handbook/app/guides/caching.html")[2]).toBe("/handbook/app");
  });

  it("that returns what is not a site path is an error at the entry, naming the function", async () => {
    const root = docsSite();
    withDocsRoute(root, computed('doc.title === "Release" ? "/docs/a b/" : `/docs/${doc.slug}/`'));
    expectErrors(await failures(root), [
      {
        code: "PagePathError",
        message:
          'The path function of the entry route of "docs" returns "/docs/a b/" for ' +
          "content/docs/01-app/2024-01-15-release.md, which is not a site path.",
        location: { file: "content/docs/01-app/2024-01-15-release.md" },
        hint: /^return a path from the site's root/,
      },
    ]);
  });

  it("that throws is an error at the entry, with the reason", async () => {
    const root = docsSite();
    withDocsRoute(root, computed('doc.title.startsWith("R") ? doc.missing.path : `/docs/${doc.slug}/`'));
    const [error] = await failures(root);
    expect(error.code).toBe("PagePathError");
    expect(error.message).toMatch(
      /^The path function of the entry route of "docs" threw for content\/docs\/01-app\/2024-01-15-release\.md: /,
    );
    expect(error.location).toEqual({ file: "content/docs/01-app/2024-01-15-release.md" });
  });

  it("that is neither a pattern nor a function is refused", async () => {
    const root = docsSite();
    withDocsRoute(root, '{ collection: "docs", template: "doc", path: 42 as never }');
    const [error] = await failures(root);
    expect(error.message).toBe('The entry route of "docs" has path: 42, which is neither a pattern nor a function.');
  });
});

describe("unregistered prefixes", () => {
  it("let links under the prefix lead nowhere, and not elsewhere", async () => {
    const built = docsSite();
    await buildProject(built);
    expect(hrefs(built, "docs/app.html")).toContain("/docs/pages/data-fetching");
    const root = docsSite();
    editFile(root, "content/docs/01-app/index.mdx", "/docs/pages/data-fetching", "/docs/pagesx/data-fetching");
    const [error] = await failures(root);
    expect(error.message).toBe(
      "The link /docs/pagesx/data-fetching on /docs/app leads to no page or file of the site.",
    );
  });

  it("still check a page published under the prefix, its fragments too", async () => {
    const root = docsSite();
    editFile(root, "site.config.ts", '"/docs/pages/*"', '"/docs/pages/*", "/docs/app/*"');
    editFile(root, "content/docs/index.mdx", "#revalidating", "#nowhere");
    const [error] = await failures(root);
    expect(error.code).toBe("BrokenLinkError");
    expect(error.message).toContain("#nowhere");
  });

  it("that are not a folder's path and /* are refused", async () => {
    const root = docsSite();
    editFile(root, "site.config.ts", '"/docs/pages/*"', '"/docs/pages*"');
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: 'The unregistered path "/docs/pages*" is not a site path.',
        location: { file: "site.config.ts", line: 42, column: 28 },
        hint: "write site paths such as /about, or a prefix such as /blog/* for /blog/ and every path under it.",
      },
    ]);
  });
});

describe("heirloom dev with numbered files", () => {
  let dev: DevServer | undefined;
  afterAll(() => dev?.close());

  it("serves an edited numbered file at its page without the numbers", async () => {
    const root = docsSite();
    dev = await startDev({ root, env: {}, port: 0 });
    const page = async () => (await fetch(new URL("/docs/app/guides/caching", dev!.url))).text();
    expect(await page()).toContain("Pages are made again.");
    editFile(root, "content/docs/01-app/02-guides/03-caching.mdx", "Pages are made again.", "Pages are remade.");
    await expect.poll(page, { timeout: 15_000, interval: 25 }).toContain("Pages are remade.");
  });
});
