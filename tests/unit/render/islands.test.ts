// Islands: what a build writes for a page that renders one (the island's server render in its host element,
// the loader and preloads in the head, the modules under assets/islands/) and for the pages that do not (no
// script of islands at all); the base path; the errors of islands' files, components, strategies and props;
// which rebuilds an island's change causes, in a build and in dev.
import { existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Island, renderWithIslands } from "../../../packages/heirloom/src/render/island.ts";
import { CLIENT_SOURCES } from "../../../packages/heirloom/src/assets/island-client.ts";
import { RESERVED_ISLAND_NAMES } from "../../../packages/heirloom/src/render/island-files.ts";
import { unserializableProp } from "../../../packages/heirloom/src/render/island-props.ts";
import { type DevEvent, type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, makeFixture, makeIslandFixture } from "../../helpers/site.ts";

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");
const edit = (root: string, file: string, from: string, to: string) => {
  const text = read(root, file);
  expect(text).toContain(from);
  writeFileSync(path.join(root, file), text.replace(from, to));
};
const islandFiles = (outDir: string) => readdirSync(path.join(outDir, "assets", "islands")).sort();
const PAGE = "templates/IslandsPage.tsx";

describe("a page with islands", () => {
  let outDir: string;
  let html: string;
  beforeAll(async () => {
    outDir = (await buildProject(makeIslandFixture())).outDir;
    html = read(outDir, "islands.html");
  });

  it("holds each island's server render in its host element, with its module, strategy and props", () => {
    const [, src] = /<heirloom-island src="(\/assets\/islands\/Counter-\w+\.js)" load="load"/.exec(html) ?? [];
    expect(src).toBeDefined();
    expect(existsSync(path.join(outDir, src))).toBe(true);
    // Rendered for hydration: React's marks between adjacent texts, as hydrateRoot reads them.
    expect(html).toContain(
      'load="load" props="{&quot;start&quot;:3,&quot;label&quot;:&quot;Apples&quot;}">' +
        '<button type="button" class="counter">Apples<!-- -->: <!-- -->3</button></heirloom-island>',
    );
    expect(html).toMatch(/load="idle" props="\{&quot;name&quot;:&quot;idle&quot;\}"><p class="greeting idle">/);
    expect(html).toContain('load="media((max-width: 30em))"');
    expect(html).toContain("Hello, visible (static)");
  });

  it("loads the loader from its head, after preloads of what an island that hydrates at once needs", () => {
    const head = html.slice(0, html.indexOf("</head>"));
    const loader = /<script type="module" src="(\/assets\/islands\/loader-\w+\.js)"><\/script>$/.exec(head)?.[1];
    expect(loader).toBeDefined();
    const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(preloads.some((url) => /\/Counter-\w+\.js$/.test(url))).toBe(true);
    expect(preloads.some((url) => /\/runtime-\w+\.js$/.test(url))).toBe(true);
    // Greeting hydrates later (idle, visible, media): its module is not preloaded.
    expect(preloads.some((url) => url.includes("Greeting"))).toBe(false);
    for (const url of preloads) expect(existsSync(path.join(outDir, url))).toBe(true);
  });

  it("writes one module per island, the loader, the runtime and shared chunks, React in production mode", () => {
    const files = islandFiles(outDir);
    for (const name of ["Counter", "Greeting", "loader", "runtime"]) {
      expect(
        files.filter((f) => new RegExp(`^${name}-\\w+\\.js$`).test(f)),
        name,
      ).toHaveLength(1);
    }
    const runtime = read(path.join(outDir, "assets", "islands"), files.find((f) => f.startsWith("runtime-"))!);
    expect(runtime).toContain("hydrateRoot");
    expect(runtime).not.toContain("process.env.NODE_ENV");
    expect(runtime).not.toMatch(/react-dom[.-]client\.development/);
    // The shared module of a subfolder is no island of its own.
    expect(files.some((f) => f.startsWith("greet-"))).toBe(false);
    const loader = read(path.join(outDir, "assets", "islands"), files.find((f) => f.startsWith("loader-"))!);
    expect(loader).toMatch(/import\("\.\/runtime-\w+\.js"\)/);
    expect(loader.length).toBeLessThan(1200);
  });

  it("writes a runtime that tells a hydration mismatch in the catalogue's words, not React's #418 alone", () => {
    const files = islandFiles(outDir);
    const runtime = read(path.join(outDir, "assets", "islands"), files.find((f) => f.startsWith("runtime-"))!);
    expect(runtime).toContain("onRecoverableError");
    expect(runtime).toContain(
      "error IslandError: The island {island} on {page} rendered differently in the browser than in the HTML",
    );
    expect(runtime).toContain("heirloom:mismatch");
  });

  it("gives pages without an island no script of islands and no host element", () => {
    for (const file of ["index.html", "about/team.html", "notes/first.html", "404.html"]) {
      const page = read(outDir, file);
      expect(page, file).not.toContain("assets/islands");
      expect(page, file).not.toContain("heirloom-island");
    }
  });
});

describe("islands in the build's report", () => {
  it("counts the JavaScript a page with islands loads: the loader, the runtime, the modules it imports", async () => {
    const result = await buildProject(makeIslandFixture());
    const js = (route: string) => result.routes.find((r) => r.route === route)!.jsBytes;
    // Every page loads the fixture's client script; the page of islands loads React besides.
    expect(js("/islands") - js("/")).toBeGreaterThan(40_000);
    expect(js("/about/team")).toBe(js("/"));
  });
});

describe("islands under a base path", () => {
  it("name their modules and loader with it; the loader finds the runtime beside itself", async () => {
    const { outDir } = await buildProject(makeIslandFixture(), { base: "/sub/" });
    const html = read(outDir, "islands.html");
    expect(html).toMatch(/<heirloom-island src="\/sub\/assets\/islands\/Counter-\w+\.js"/);
    expect(html).toMatch(/<script type="module" src="\/sub\/assets\/islands\/loader-\w+\.js"><\/script>/);
    expect([...html.matchAll(/modulepreload" href="([^"]+)"/g)].every((m) => m[1].startsWith("/sub/"))).toBe(true);
  });
});

describe("the props of an island", () => {
  it.each([
    ["a function", "{ start: 3, label: 'A', onClick: () => 1 }", "props.onClick", "a function (onClick)", /inside/],
    ["a Date", "{ start: 3, label: 'A', when: new Date(0) }", "props.when", "a Date", /toISOString/],
    ["a Map", "{ start: 3, label: 'A', seen: new Map() }", "props.seen", "an instance of Map", /JSON holds/],
    ["a BigInt", "{ start: 3, label: 'A', big: 10n }", "props.big", "a BigInt", /JSON holds/],
    ["undefined in a list", "{ start: 3, label: 'A', list: [1, undefined] }", "props.list[1]", "undefined", /JSON/],
    ["NaN", "{ start: Number.NaN, label: 'A' }", "props.start", "the number NaN", /finite numbers/],
    ["a React element", "{ start: 3, label: <b>A</b> }", "props.label", "a React element", /not React elements/],
    [
      "a value 100,000 objects deep",
      "(() => { let deep: unknown = 1; for (let i = 0; i < 100_000; i++) deep = { deep }; " +
        "return { start: 3, deep }; })()",
      "props.deep",
      "a value nested more than 1,000 lists and objects deep",
      /^pass a flatter value/,
    ],
    [
      "a getter that throws",
      "{ start: 3, label: 'A', get broken(): number { throw new Error('no value yet'); } }",
      "props.broken",
      'a field whose getter threw "no value yet"',
      /getters, a Proxy's traps/,
    ],
    [
      "a Proxy whose ownKeys throws",
      "{ start: 3, label: 'A', data: new Proxy({}, { ownKeys() { throw new Error('keys refused'); } }) }",
      "props.data",
      'an object that threw "keys refused" as its fields were listed',
      /getters, a Proxy's traps/,
    ],
  ])(
    "refuses %s, naming the template, the page and the prop, at the template's line",
    async (_what, props, prop, what, hint) => {
      const root = makeIslandFixture();
      edit(root, PAGE, 'props={{ start: 3, label: "Apples" }}', `props={${props} as never}`);
      expectErrors(await failures(root), [
        {
          code: "IslandError",
          message:
            `The "islands" template passes ${prop} to the island Counter on /islands (content/pages/islands.md): ` +
            `${what} cannot be sent to the browser, where the island gets its props as JSON.`,
          location: { file: PAGE, line: 11, column: 7 },
          hint,
        },
      ]);
    },
  );

  it.each([
    ["a text", '"Apples"', 'the text "Apples"'],
    ["a list", "[3, 'Apples']", "a list"],
    ["a number", "3", "a number"],
  ])("refuses %s as the props, at the template's line", async (_what, props, what) => {
    const root = makeIslandFixture();
    edit(root, PAGE, 'props={{ start: 3, label: "Apples" }}', `props={${props} as never}`);
    expectErrors(await failures(root), [
      {
        code: "IslandError",
        message:
          `The "islands" template passes ${what} as the props of the island Counter on /islands ` +
          "(content/pages/islands.md): an island's props must be an object, its fields the component's props.",
        location: { file: PAGE, line: 11, column: 7 },
        hint: /^pass an object of named values, such as props=\{\{ items: list \}\}/,
      },
    ]);
  });

  it("finds the first prop that cannot be sent anywhere in the tree, and a loop back to an ancestor", () => {
    const loop: Record<string, unknown> = { name: "a" };
    loop.self = loop;
    const shared = { x: 1 };
    expect(unserializableProp({ items: [{ ok: true }, { when: [1, { at: Symbol("s") }] }] })).toEqual({
      prop: "props.items[1].when[1].at",
      what: "a Symbol",
      kind: "other",
    });
    expect(unserializableProp({ deep: { loop } })).toMatchObject({ prop: "props.deep.loop.self", kind: "cycle" });
    expect(unserializableProp({ "a key": [shared, shared], gone: undefined, n: null })).toBeUndefined();
    const sparse: unknown[] = [];
    sparse[1] = 1;
    expect(unserializableProp({ "a key": sparse })).toMatchObject({ prop: 'props["a key"][0]' });
  });
});

describe("island mistakes", () => {
  it("refuses a component that is not an island, and a strategy that is not one", async () => {
    const root = makeIslandFixture();
    writeFileSync(path.join(root, "templates", "Plain.tsx"), "export const Plain = () => <p>plain</p>;\n");
    edit(root, PAGE, 'import Counter from "./interactive/Counter.tsx";', 'import { Plain } from "./Plain.tsx";');
    edit(root, PAGE, 'component={Counter} props={{ start: 3, label: "Apples" }}', "component={Plain}");
    edit(root, PAGE, 'load="idle"', 'load={"soon" as "idle"}');
    const [first] = await failures(root);
    expect(first.message).toBe(
      'The "islands" template renders <Island component={Plain}> on /islands (content/pages/islands.md), ' +
        "but Plain is not an island: no file of templates/interactive/ has it as its default export.",
    );
    expect(first.location).toEqual({ file: PAGE, line: 11, column: 7 });
    edit(root, PAGE, "component={Plain}", "component={Greeting} props={{ name: 'x' }}");
    expectErrors(await failures(root), [
      {
        code: "IslandError",
        message:
          'The "islands" template renders the island Greeting on /islands (content/pages/islands.md) ' +
          'with load="soon", which is not a strategy.',
        location: { file: PAGE, line: 12, column: 7 },
        hint: /"visible"/,
      },
    ]);
  });

  it("refuses files of templates/interactive/ that cannot be islands, each at its file", async () => {
    const root = makeIslandFixture();
    const folder = path.join(root, "templates", "interactive");
    writeFileSync(path.join(folder, "2fast.tsx"), "export default () => null;\n");
    writeFileSync(path.join(folder, "Counter.jsx"), "export default () => null;\n");
    writeFileSync(path.join(folder, "Helper.ts"), "export const help = 1;\n");
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.location?.file])).toEqual([
      ["IslandError", "templates/interactive/2fast.tsx"],
      ["IslandError", "templates/interactive/Counter.tsx"],
    ]);
    expect(errors[1].message).toBe(
      'templates/interactive/Counter.tsx and templates/interactive/Counter.jsx would both be the island "Counter".',
    );
  });

  it("refuses an island named after a module of the engine's islands' bundle, naming the reserved names", async () => {
    expect(RESERVED_ISLAND_NAMES).toEqual(Object.keys(CLIENT_SOURCES));
    const root = makeIslandFixture();
    for (const name of RESERVED_ISLAND_NAMES) {
      writeFileSync(path.join(root, "templates", "interactive", `${name}.tsx`), "export default () => null;\n");
    }
    expectErrors(await failures(root), [
      {
        code: "IslandError",
        message:
          'templates/interactive/loader.tsx would be the island "loader", a name the engine\'s own modules of the ' +
          "islands' bundle take (loader, runtime).",
        location: { file: "templates/interactive/loader.tsx" },
        hint: /^rename the file, such as LoaderIsland\.tsx/,
      },
      {
        code: "IslandError",
        message:
          'templates/interactive/runtime.tsx would be the island "runtime", a name the engine\'s own modules of the ' +
          "islands' bundle take (loader, runtime).",
        location: { file: "templates/interactive/runtime.tsx" },
        hint: /RuntimeIsland\.tsx/,
      },
    ]);
  });

  it("names the island whose module throws as the templates are loaded, at the line it threw", async () => {
    const root = makeIslandFixture();
    edit(
      root,
      "templates/interactive/Counter.tsx",
      'import { useState } from "react";',
      'import { useState } from "react";\n\nconst width = window.innerWidth;',
    );
    expectErrors(await failures(root), [
      {
        code: "IslandError",
        message:
          "The island Counter (templates/interactive/Counter.tsx) threw while the templates were loaded, before " +
          "any page was rendered: window is not defined",
        location: { file: "templates/interactive/Counter.tsx", line: 4, column: 15 },
        hint: /no window or document; use what only the browser has inside an effect/,
      },
    ]);
  });

  it("refuses a file of templates/interactive/ whose default export is no component", async () => {
    const root = makeIslandFixture();
    writeFileSync(path.join(root, "templates", "interactive", "Helper.ts"), "export const help = 1;\n");
    expectErrors(await failures(root), [
      {
        code: "IslandError",
        message:
          "templates/interactive/Helper.ts is an island (every script in templates/interactive/ is one), but it " +
          "has nothing as its default export, not a React component.",
        location: { file: "templates/interactive/Helper.ts" },
        hint: /subfolder/,
      },
    ]);
  });

  it('refuses an island that imports the engine, at the line of its import of "heirloom"', async () => {
    const root = makeIslandFixture();
    edit(
      root,
      "templates/interactive/Counter.tsx",
      'import { useState } from "react";',
      'import { useState } from "react";\nimport { z } from "heirloom";\nz;',
    );
    const [error] = await failures(root);
    expect(error.code).toBe("TemplateCompileError");
    expect(error.message).toMatch(/^Could not compile the islands: An island cannot import "heirloom"/);
    expect(error.location).toMatchObject({ file: "templates/interactive/Counter.tsx", line: 3 });
  });

  it("counts the islands of a render made within a page's render for the page", () => {
    const Counter = () => createElement("b", null, "1");
    const registry = new Map<unknown, string>([[Counter, "Counter"]]);
    const site = { registry, modules: { Counter: "/c.js" }, ownRenders: new WeakMap() };
    const page = { template: "t", path: "/p", file: "p.md" };
    const Inner = () => {
      const { html } = renderWithIslands(site, page, () =>
        renderToStaticMarkup(createElement(Island, { component: Counter })),
      );
      return createElement("div", { dangerouslySetInnerHTML: { __html: html } });
    };
    const { html, islands } = renderWithIslands(site, page, () => renderToStaticMarkup(createElement(Inner)));
    expect(html).toBe('<div><heirloom-island src="/c.js" load="load"><b>1</b></heirloom-island></div>');
    expect(islands).toEqual([{ name: "Counter", load: "load" }]);
  });

  it("renders an island once for the same props, however many pages show it", () => {
    let renders = 0;
    const Count = ({ n }: { n: number }) => {
      renders++;
      return createElement("b", null, n);
    };
    // The renders a build keeps, by component and props: one for all the pages.
    const site = {
      registry: new Map<unknown, string>([[Count, "Count"]]),
      modules: { Count: "/c.js" },
      ownRenders: new WeakMap(),
    };
    const page = (n: number) =>
      renderWithIslands(site, { template: "t", path: `/${n}`, file: "p.md" }, () =>
        renderToStaticMarkup(createElement(Island<{ n: number }>, { component: Count, props: { n } })),
      ).html;
    expect([page(1), page(1), page(2), page(1)].map((html) => /<b>(\d)<\/b>/.exec(html)?.[1])).toEqual([
      "1",
      "1",
      "2",
      "1",
    ]);
    expect(renders).toBe(2);
  });

  it("refuses an island rendered outside a page the engine renders", () => {
    const Counter = () => null;
    expect(() => renderToStaticMarkup(createElement(Island, { component: Counter }))).toThrow(
      "<Island component={Counter}> was rendered outside a page the engine renders",
    );
  });
});

describe("an island's change", () => {
  it("renders every page again and replaces its module; a change to a module it imports does too", async () => {
    const root = makeIslandFixture();
    const first = await buildProject(root);
    const before = islandFiles(first.outDir);
    expect((await buildProject(root)).rendered).toEqual([]);
    edit(root, "templates/interactive/Counter.tsx", "{label}: {count}", "{label} = {count}");
    const second = await buildProject(root);
    expect(second.rendered.length).toBe(first.rendered.length);
    const after = islandFiles(second.outDir);
    expect(after.find((f) => f.startsWith("Counter-"))).not.toBe(before.find((f) => f.startsWith("Counter-")));
    expect(after.find((f) => f.startsWith("Greeting-"))).toBe(before.find((f) => f.startsWith("Greeting-")));
    expect(read(second.outDir, "islands.html")).toContain("Apples<!-- --> = <!-- -->3");
    edit(root, "templates/interactive/shared/greet.ts", "Hello, ", "Hi, ");
    const third = await buildProject(root);
    expect(islandFiles(third.outDir).find((f) => f.startsWith("Greeting-"))).not.toBe(
      after.find((f) => f.startsWith("Greeting-")),
    );
    expect(read(third.outDir, "islands.html")).toContain("Hi, visible (static)");
  });

  it("gives a site without templates/interactive/ no islands' files", async () => {
    const { outDir } = await buildProject(makeFixture());
    expect(existsSync(path.join(outDir, "assets", "islands"))).toBe(false);
  });
});

describe("islands in dev", () => {
  let root: string;
  let dev: DevServer;
  const events: DevEvent[] = [];
  beforeAll(async () => {
    root = makeIslandFixture();
    // Files saved just before dev starts count as changed once it watches: these were made a minute ago.
    const past = new Date(Date.now() - 60_000);
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) utimesSync(path.join(entry.parentPath, entry.name), past, past);
    }
    dev = await startDev({ root, env: {}, port: 0, onEvent: (e) => events.push(e) });
  });
  afterAll(() => dev?.close());
  const page = () => fetch(new URL("/islands", dev.url)).then((r) => r.text());

  it("serves the loader and modules, and bundles them again when an island or what it imports changes", async () => {
    const html = await page();
    const counter = /src="(\/assets\/islands\/Counter-\w+\.js)"/.exec(html)![1];
    const loader = /<script type="module" src="([^"]+)">/.exec(html)![1];
    for (const url of [counter, loader]) {
      const response = await fetch(new URL(url, dev.url));
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/javascript/);
    }
    const count = events.length;
    edit(root, "templates/interactive/Counter.tsx", "{label}: {count}", "{label} = {count}");
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(count);
    expect(events[count]).toMatchObject({ type: "built", redone: ["templates", "islands"] });
    const changed = await page();
    expect(changed).toContain("Apples<!-- --> = <!-- -->3");
    expect(/src="(\/assets\/islands\/Counter-\w+\.js)"/.exec(changed)![1]).not.toBe(counter);
    const next = events.length;
    edit(root, "templates/interactive/shared/greet.ts", "Hello, ", "Hi, ");
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(next);
    expect(events[next]).toMatchObject({ type: "built", redone: ["templates", "islands"] });
    const count2 = events.length;
    edit(root, "templates/Pages.tsx", "<h1>{page.title}</h1>", '<h1 className="t">{page.title}</h1>');
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(count2);
    expect(events[count2]).toMatchObject({ type: "built", redone: ["templates"] });
  });
});
