// Old URLs kept (tests/fixtures/ported-blog): the aliases of an entry route (Jekyll's redirect_from) and the
// site's redirects, each a redirect page at the file a host serves for it, a line of _redirects and a rule of
// serve.json; links to them are not broken; the mistakes each is refused for, at their lines.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadDefinition } from "../../../packages/heirloom/src/pipeline/compile-parts.ts";
import { prepareSite } from "../../../packages/heirloom/src/pipeline/prepare.ts";
import { createDevSite } from "../../../packages/heirloom/src/serve/dev/site-thread/dev-site.ts";
import { LastGoodPages } from "../../../packages/heirloom/src/serve/dev/site-thread/last-good.ts";
import { type PreviewServer, startPreview } from "../../../packages/heirloom/src/serve/preview/preview.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, makeFixture, templatesFor } from "../../helpers/site.ts";

const SITE_URL = "https://ported.example";
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");
const edit = (root: string, file: string, from: string, to: string) => {
  const full = path.join(root, file);
  const text = readFileSync(full, "utf8");
  expect(text).toContain(from);
  writeFileSync(full, text.replace(from, to));
  return root;
};
const servers: PreviewServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

describe("old URLs", () => {
  it("each get a redirect page at the file a static host serves for it", async () => {
    const { outDir } = await buildProject(makeFixture("ported-blog"), { siteUrl: SITE_URL });
    // "/x/" is x/index.html, "/x.html" itself, "/x" the file form's x.html.
    for (const file of [
      "blog/hello/index.html",
      "hello.html",
      "2024/03/10/late-night.html",
      "about-us.html",
      "elsewhere/index.html",
    ])
      expect(existsSync(path.join(outDir, file)), file).toBe(true);
    const page = read(outDir, "blog/hello/index.html");
    for (const part of [
      '<html lang="en">',
      '<meta name="robots" content="noindex">',
      '<link rel="canonical" href="https://ported.example/2024/01/15/hello.html">',
      '<meta http-equiv="refresh" content="0; url=/2024/01/15/hello.html">',
      '<a href="/2024/01/15/hello.html">https://ported.example/2024/01/15/hello.html</a>',
    ])
      expect(page).toContain(part);
    expect(page).not.toMatch(/<script|<style|style=/);
    // An address elsewhere is its own canonical, escaped in the attributes.
    expect(read(outDir, "elsewhere/index.html")).toContain(
      '<meta http-equiv="refresh" content="0; url=https://example.org/away?from=fixture&amp;to=there">',
    );
  });

  it("are listed in _redirects and serve.json with a 301, and left out of the sitemap", async () => {
    const { outDir } = await buildProject(makeFixture("ported-blog"), { siteUrl: SITE_URL });
    expect(read(outDir, "_redirects").split("\n")).toEqual([
      "/2024/03/10/late-night.html /2024/03/09/late-night.html 301",
      "/blog/hello/ /2024/01/15/hello.html 301",
      "/hello.html /2024/01/15/hello.html 301",
      "/about-us /about/team 301",
      "/elsewhere/ https://example.org/away?from=fixture&to=there 301",
      "",
    ]);
    // The site has pages at .html addresses: serve cleans every URL but those (it would send /x.html on to /x),
    // so an old .html URL is a rule's source as it is; its targets are patterns, escaped.
    const serve = JSON.parse(read(outDir, "serve.json"));
    expect(serve.cleanUrls).toEqual(["/", "/**/!(*.html)"]);
    expect(serve.redirects).toEqual([
      { source: "/2024/03/10/late-night.html", destination: "/2024/03/09/late-night.html", type: 301 },
      { source: "/blog/hello", destination: "/2024/01/15/hello.html", type: 301 },
      { source: "/hello.html", destination: "/2024/01/15/hello.html", type: 301 },
      { source: "/about-us", destination: "/about/team", type: 301 },
      { source: "/elsewhere", destination: "https://example.org/away\\?from=fixture&to=there", type: 301 },
    ]);
    const pages = [...read(outDir, "sitemap.xml").matchAll(/<loc>https:\/\/ported\.example(.*?)<\/loc>/g)].map(
      (m) => m[1],
    );
    expect(pages).toContain("/2024/01/15/hello.html");
    const old = ["/blog/hello/", "/hello.html", "/2024/03/10/late-night.html", "/about-us", "/elsewhere/"];
    expect(pages.filter((page) => old.includes(page))).toEqual([]);
  });

  it("under a base path: the files where they were, every URL with the base, and preview answers 301", async () => {
    const root = makeFixture("ported-blog");
    const { outDir } = await buildProject(root, { base: "/old-site/", siteUrl: SITE_URL });
    expect(read(outDir, "_redirects")).toContain("/old-site/blog/hello/ /old-site/2024/01/15/hello.html 301\n");
    expect(read(outDir, "blog/hello/index.html")).toContain('content="0; url=/old-site/2024/01/15/hello.html"');
    const server = await startPreview({ outDir, root, forms: (await loadDefinition(root)).forms, port: 0 });
    servers.push(server);
    const origin = new URL(server.url).origin;
    const moved = await fetch(`${origin}/old-site/blog/hello/`, { redirect: "manual" });
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/old-site/2024/01/15/hello.html"]);
    const page = await fetch(`${origin}/old-site/about-us`, { redirect: "manual" });
    expect([page.status, page.headers.get("location")]).toEqual([301, "/old-site/about/team"]);
    // A page at a .html address is answered as it is, not sent on to the address without .html.
    const post = await fetch(`${origin}/old-site/2024/01/15/hello.html`, { redirect: "manual" });
    expect(post.status).toBe(200);
  });

  it("beside a page at /x.html, an old /x/ (as Zola wrote it) leads to the page, not round in a loop", async () => {
    const root = edit(
      makeFixture("ported-blog"),
      "content/posts/2024-01-15-hello.md",
      "  - /hello.html",
      "  - /hello.html\n  - /2024/01/15/hello/",
    );
    const { outDir } = await buildProject(root);
    const server = await startPreview({ outDir, root, forms: [], port: 0 });
    servers.push(server);
    const origin = new URL(server.url).origin;
    const answers = await Promise.all(
      ["/2024/01/15/hello/", "/2024/01/15/hello", "/2024/01/15/hello.html"].map(async (p) => {
        const answer = await fetch(`${origin}${p}`, { redirect: "manual" });
        return [p, answer.status, answer.headers.get("location")];
      }),
    );
    expect(answers).toEqual([
      ["/2024/01/15/hello/", 301, "/2024/01/15/hello.html"],
      ["/2024/01/15/hello", 301, "/2024/01/15/hello.html"],
      ["/2024/01/15/hello.html", 200, null],
    ]);
  });

  it("are no broken links: a page may link to an old URL", async () => {
    const root = edit(
      makeFixture("ported-blog"),
      "content/pages/about/team.md",
      "We are a **small** team.",
      "We are a **small** team. Our [first post](/blog/hello/), [again](/blog/hello) and [the old page](/about-us).",
    );
    await buildProject(root);
    // Written as where each leads now, in its own form: no redirect on the way.
    const team = read(path.join(root, "dist"), "about/team.html");
    expect(team).toContain('Our <a href="/2024/01/15/hello.html">first post</a>, <a href="/2024/01/15/hello.html">');
    expect(team).toContain('<a href="/about/team">the old page</a>');
  });

  it("follow each change on a rebuild: an alias, a post's date, the redirects; a kept build keeps them", async () => {
    const root = makeFixture("ported-blog");
    const build = () => buildProject(root, { siteUrl: SITE_URL });
    const { outDir } = await build();
    edit(root, "content/posts/2024-01-15-hello.md", "/blog/hello/", "/blog/hi/");
    await build();
    expect([existsSync(path.join(outDir, "blog/hello/index.html")), read(outDir, "blog/hi/index.html")]).toEqual([
      false,
      expect.stringContaining('content="0; url=/2024/01/15/hello.html"'),
    ]);
    expect(read(outDir, "_redirects")).toContain("/blog/hi/ /2024/01/15/hello.html 301\n");
    // The same bytes under another day's name: the page moves, and its old URLs lead there.
    renameSync(
      path.join(root, "content/posts/2024-01-15-hello.md"),
      path.join(root, "content/posts/2024-01-16-hello.md"),
    );
    await build();
    expect(read(outDir, "hello.html")).toContain('content="0; url=/2024/01/16/hello.html"');
    expect(JSON.parse(read(outDir, "serve.json")).redirects).toContainEqual({
      source: "/blog/hi",
      destination: "/2024/01/16/hello.html",
      type: 301,
    });
    edit(root, "site.config.ts", '"/about-us": "/about/team"', '"/about-us": "/notes"');
    // As if the files had been saved a while before (see the kept build's stamp): the next build keeps all.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(performance.timeOrigin + performance.now() + 10_000);
      await build();
      expect(read(outDir, "about-us.html")).toContain('<link rel="canonical" href="https://ported.example/notes">');
      vi.setSystemTime(performance.timeOrigin + performance.now() + 20_000);
      const kept = await build();
      expect([kept.kept, read(outDir, "_redirects")]).toEqual([
        true,
        expect.stringContaining("/about-us /notes 301\n"),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("are served by dev as the host serves them", async () => {
    const root = makeFixture("ported-blog");
    const site = await prepareSite({ root, templatesDir: templatesFor(root), env: {} });
    const dev = createDevSite(site, { lastGood: new LastGoodPages() }, () => {});
    const served = dev.get("/blog/hello/");
    expect([served?.status, served?.file]).toEqual([200, "blog/hello/index.html"]);
    expect(String(served?.body)).toContain('content="0; url=/2024/01/15/hello.html"');
    expect(String(dev.get("/_redirects")?.body)).toContain("/hello.html /2024/01/15/hello.html 301");
  });
});

describe("an old URL is refused", () => {
  it("where another page is, or at its URL with a trailing slash, at the line of the alias", async () => {
    const root = edit(makeFixture("ported-blog"), "content/posts/2024-01-15-hello.md", "/hello.html", "/about/team");
    edit(root, "content/posts/2024-01-15-hello.md", "/blog/hello/", "/notes/first/");
    const hint =
      "remove it from its aliases: an old URL leads to one place, and a page or file already there answers it.";
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message:
          'The alias "/notes/first/" of content/posts/2024-01-15-hello.md would be written to ' +
          "notes/first/index.html, which clashes with the page /notes/first of content/notes/first.md " +
          "(notes/first.html).",
        location: { file: "content/posts/2024-01-15-hello.md", line: 4, column: 5 },
        hint,
      },
      {
        code: "RouteCollisionError",
        message:
          'The alias "/about/team" of content/posts/2024-01-15-hello.md would be written to about/team.html, which ' +
          "clashes with the page /about/team of content/pages/about/team.md (about/team.html).",
        location: { file: "content/posts/2024-01-15-hello.md", line: 5, column: 5 },
        hint,
      },
    ]);
  });

  it("when two entries claim it, or it differs from another's by a trailing slash, at the second", async () => {
    const root = edit(
      makeFixture("ported-blog"),
      "content/posts/2020-02-02-moved.md",
      "date: 2020-02-03\n",
      "date: 2020-02-03\nredirect_from:\n  - /hello.html\n  - /blog/hello\n",
    );
    const hint =
      "remove it from its aliases: an old URL leads to one place, and a page or file already there answers it.";
    // /blog/hello is another file than /blog/hello/, but hosts that read redirect rules take them as one URL.
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message:
          'The alias "/hello.html" of content/posts/2020-02-02-moved.md would be written to hello.html, which ' +
          'clashes with the alias "/hello.html" of content/posts/2024-01-15-hello.md.',
        location: { file: "content/posts/2020-02-02-moved.md", line: 5, column: 5 },
        hint,
      },
      {
        code: "RouteCollisionError",
        message:
          'The alias "/blog/hello" of content/posts/2020-02-02-moved.md would be written to blog/hello.html, which ' +
          'clashes with the alias "/blog/hello/" of content/posts/2024-01-15-hello.md.',
        location: { file: "content/posts/2020-02-02-moved.md", line: 6, column: 5 },
        hint,
      },
    ]);
  });

  it("at the address of a file the build writes itself (the stylesheet's hashed name), at its line", async () => {
    const root = makeFixture("ported-blog");
    const { outDir } = await buildProject(root);
    const stylesheet = readdirSync(path.join(outDir, "assets")).find((file) => file.endsWith(".css"))!;
    rmSync(outDir, { recursive: true });
    edit(root, "content/posts/2024-01-15-hello.md", "/hello.html", `/assets/${stylesheet}/`);
    // Before, the redirect page's folder was written over the stylesheet's file, and the write failed (ENOTDIR).
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message:
          `The alias "/assets/${stylesheet}/" of content/posts/2024-01-15-hello.md would be written to ` +
          `assets/${stylesheet}/index.html, which clashes with the build's own files in assets/ (script, ` +
          "stylesheets, images).",
        location: { file: "content/posts/2024-01-15-hello.md", line: 5, column: 5 },
        hint: "remove it from its aliases: an old URL leads to one place, and a page or file already there answers it.",
      },
    ]);
  });

  it("when it is not a site path, at its line", async () => {
    const root = edit(makeFixture("ported-blog"), "content/posts/2024-01-15-hello.md", "/hello.html", "hello.html");
    expectErrors(await failures(root), [
      {
        code: "PagePathError",
        message: 'The alias "hello.html" of content/posts/2024-01-15-hello.md is not a site path.',
        location: { file: "content/posts/2024-01-15-hello.md", line: 5, column: 5 },
        hint:
          "an alias is an old URL from the site's root, such as /2019/old-title/ or /old-title.html (letters, " +
          "digits, - . _ ~ and /); one relative to a section (Hugo's) can be made whole in the route's aliases " +
          "function.",
      },
    ]);
  });

  it("when redirects lead round in a loop, at the line of the first, naming the chain", async () => {
    const root = edit(
      makeFixture("ported-blog"),
      "site.config.ts",
      '"/about-us": "/about/team"',
      '"/a/": "/a/#top", "/b/": "/c", "/c": "/b/", "/into": "/c"',
    );
    const config = read(root, "site.config.ts").split("\n");
    const at = (key: string) => {
      const line = config.findIndex((l) => l.includes(`"${key}"`));
      return { file: "site.config.ts", line: line + 1, column: config[line].indexOf(`"${key}"`) + 1 };
    };
    const hint = "make one of them lead to a page, in `redirects` in site.config.ts.";
    const never = ": a browser would be sent on without end and never reach a page.";
    // /into leads into the loop of /b/ and /c without being part of it: the loop is told once, at its first.
    expectErrors(await failures(root), [
      {
        code: "BrokenLinkError",
        message: `The redirect from "/a/" leads round in a loop, /a/ → /a/${never}`,
        location: at("/a/"),
        hint,
      },
      {
        code: "BrokenLinkError",
        message: `The redirect from "/b/" leads round in a loop, /b/ → /c → /b/${never}`,
        location: at("/b/"),
        hint,
      },
    ]);
  });

  it("in site.config.ts: from a page's path, or to no page, at the line of the redirect", async () => {
    const root = edit(
      makeFixture("ported-blog"),
      "site.config.ts",
      '"/about-us": "/about/team"',
      '"/notes/first": "/about/teem"',
    );
    const line =
      read(root, "site.config.ts")
        .split("\n")
        .findIndex((l) => l.includes('"/notes/first"')) + 1;
    const column = read(root, "site.config.ts").split("\n")[line - 1].indexOf('"/notes/first"') + 1;
    expectErrors(await failures(root), [
      {
        code: "RouteCollisionError",
        message:
          'The redirect "/notes/first" of site.config.ts would be written to notes/first.html, which clashes with ' +
          "the page /notes/first of content/notes/first.md (notes/first.html).",
        location: { file: "site.config.ts", line, column },
        hint:
          "remove it from `redirects` in site.config.ts: an old URL leads to one place, and a page or file already " +
          "there answers it.",
      },
    ]);
    edit(root, "site.config.ts", '"/notes/first": "/about/teem"', '"/about-us": "/about/team/"');
    expectErrors(await failures(root), [
      {
        code: "BrokenLinkError",
        message:
          'The redirect from "/about-us" leads to /about/team/, which is not the address of the page there, ' +
          "/about/team.",
        location: { file: "site.config.ts", line, column },
        hint: "write /about/team, the address that page is served at, in `redirects` in site.config.ts.",
      },
    ]);
    edit(root, "site.config.ts", '"/about-us": "/about/team/"', '"/about-us": "/about/teem"');
    expectErrors(await failures(root), [
      {
        code: "BrokenLinkError",
        message: 'The redirect from "/about-us" leads to /about/teem, which no page or file of the site is at.',
        location: { file: "site.config.ts", line, column },
        hint: "correct the target in `redirects` in site.config.ts, or publish a page there.",
      },
    ]);
  });
});
