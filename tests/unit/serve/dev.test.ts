// `heirloom dev`: edits are served after a reload event; a broken file is reported while the server stays
// up with the last good pages; fixing it recovers without a restart; only the affected step is redone.
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevEvent, type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { buildProject, makeFixture, ownTemplates } from "../../helpers/site.ts";

let root: string;
let templates: string;
let dev: DevServer;
const events: DevEvent[] = [];
const sse: Array<{ id?: string; event: string; data: string }> = [];
let stream: http.ClientRequest;

const get = async (pathname: string) => {
  const response = await fetch(new URL(pathname, dev.url));
  return { status: response.status, text: await response.text() };
};
const edit = (file: string, from: string, to: string) => {
  const full = path.join(root, file);
  const text = readFileSync(full, "utf8");
  expect(text).toContain(from);
  writeFileSync(full, text.replace(from, to));
};
/**
 * Waits for the build event after the first `count` events, and for the server-sent event of that very
 * build (by its id): an event left over from an earlier step can never satisfy the wait.
 */
async function nextBuild(count: number): Promise<DevEvent> {
  await expect.poll(() => events.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(count);
  const event = events[count];
  const expected = event.type === "built" ? "reload" : "failure";
  await expect.poll(() => sse.find((e) => e.id === String(event.build))?.event, { timeout: 5000 }).toBe(expected);
  return event;
}

/** Reads the server-sent events of the page open at `page` into `into`, as the dev client does. */
function openStream(into: typeof sse, page = ""): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const request = http.get(new URL(`/__heirloom/events?page=${encodeURIComponent(page)}`, dev.url), (res) => {
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (.+)$/m.exec(block)?.[1];
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) into.push({ id, event, data: data ? (JSON.parse(data) as string) : "" });
        }
      });
      resolve(request);
    });
  });
}

beforeAll(async () => {
  root = makeFixture("drafts");
  templates = ownTemplates(root);
  dev = await startDev({ root, env: {}, port: 0, onEvent: (e) => events.push(e) });
  stream = await openStream(sse);
});

afterAll(async () => {
  stream?.destroy();
  await dev?.close();
});

describe("heirloom dev", () => {
  it("numbers its builds, and each event in the stream carries its build's number", async () => {
    expect(events.map((e) => e.build)).toEqual(events.map((_, i) => i + 1));
    const count = events.length;
    edit("content/pages/index.md", "title: Home", "title: Home again");
    const event = await nextBuild(count);
    expect(sse.filter((e) => e.id === String(event.build))).toEqual([
      { id: String(event.build), event: "reload", data: "" },
    ]);
    edit("content/pages/index.md", "title: Home again", "title: Home");
    await nextBuild(count + 1);
    // A save may come as more than one event burst (a busy machine pauses the writer): wait for its page.
    await expect.poll(async () => (await get("/")).text, { timeout: 10_000, interval: 25 }).toContain("<h1>Home</h1>");
  });

  it(
    "serves the site from memory, drafts included, with the reload script, " + "and 404.html for unknown paths",
    async () => {
      expect(events[0]).toMatchObject({ type: "built" });
      const home = await get("/");
      expect(home.status).toBe(200);
      expect(home.text).toContain("<h1>Home</h1>");
      expect(home.text).toContain('<script src="/__heirloom/dev-client.js"></script></body>');
      expect((await get("/notes/third")).text).toContain("<h1>Third</h1>");
      const missing = await get("/nowhere");
      expect(missing.status).toBe(404);
      expect(missing.text).toContain("<h1>Not found</h1>");
    },
  );

  it("answers with the security headers the build writes for hosts, Content-Security-Policy included", async () => {
    const built = await buildProject(makeFixture("drafts"), { drafts: true });
    const hostRules = JSON.parse(readFileSync(path.join(built.outDir, "serve.json"), "utf8")) as {
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
    };
    const expected = hostRules.headers.find((r) => r.source === "**")!.headers.filter((h) => h.key !== "Cache-Control");
    expect(expected.map((h) => h.key)).toContain("Content-Security-Policy");
    for (const pathname of ["/", "/notes/third", "/nowhere"]) {
      const response = await fetch(new URL(pathname, dev.url));
      for (const { key, value } of expected) expect(response.headers.get(key), `${pathname} ${key}`).toBe(value);
    }
  });

  it("receives the site's forms at their local paths, into the project's .heirloom folder", async () => {
    const response = await fetch(new URL("/__heirloom/signup", dev.url), {
      method: "POST",
      body: "email=ann%40example.com",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(readFileSync(path.join(root, ".heirloom", "signup.jsonl"), "utf8"))).toMatchObject({
      email: "ann@example.com",
    });
  });

  it("serves an edited content file after a reload event, redoing neither templates nor assets", async () => {
    const count = events.length;
    edit("content/pages/index.md", "title: Home", "title: Welcome home");
    const event = await nextBuild(count);
    expect(event).toMatchObject({ type: "built", redone: [] });
    expect(event.changed).toEqual([path.join(root, "content/pages/index.md")]);
    expect((await get("/")).text).toContain("<h1>Welcome home</h1>");
  });

  it("reports a broken file in the event stream and keeps serving the last good pages; a fix recovers", async () => {
    let count = events.length;
    edit("content/notes/second.md", "price: 7", 'price: "seven"');
    const failed = await nextBuild(count);
    expect(failed.type).toBe("failed");
    expect(failed.message).toContain('The field "price" in content/notes/second.md must be a number');
    expect(failed.message).toContain("at content/notes/second.md:4:1");
    expect(sse.find((e) => e.id === String(failed.build))?.data).toBe(failed.message);
    const stillUp = await get("/notes/second");
    expect(stillUp.status).toBe(200);
    expect(stillUp.text).toContain('<p data-price="true">7</p>');

    count = events.length;
    edit("content/notes/second.md", 'price: "seven"', "price: 8");
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
    expect((await get("/notes/second")).text).toContain('<p data-price="true">8</p>');
  });

  it("reports only the file's own problem, not the images of pages kept from the last build as broken", async () => {
    let count = events.length;
    edit("content/notes/first.md", "featured: true", "featured: true\npicture: images/logo.svg");
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
    const logo = /src="(\/assets\/images\/logo-[0-9a-f]+\.svg)"/.exec((await get("/notes/first")).text)![1];
    expect((await get(logo)).status).toBe(200);

    count = events.length;
    edit("content/notes/second.md", "price: 8", 'price: "eight"');
    const failed = await nextBuild(count);
    expect(failed.type).toBe("failed");
    expect(failed.message).toContain('The field "price" in content/notes/second.md must be a number');
    expect(failed.message).not.toContain("BrokenLinkError");
    expect(failed.message!.match(/^error /gm)).toHaveLength(1);

    count = events.length;
    edit("content/notes/second.md", 'price: "eight"', "price: 8");
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
  });

  it(
    "renders markdown when its page is requested: " + "a link that is not allowed is reported then, at its line",
    async () => {
      let count = events.length;
      sse.length = 0;
      edit(
        "content/pages/about/team.md",
        "We are a **small** team.",
        "We are a **small** team.\n\n[Say hi](javascript:alert(1))",
      );
      expect(await nextBuild(count)).toMatchObject({ type: "built" });
      count = events.length;
      const page = await get("/about/team");
      expect(page.status).toBe(500);
      expect(page.text).not.toContain("javascript:");
      expect(events[count]).toMatchObject({ type: "failed" });
      expect(events[count].message).toContain(
        'The link "javascript:alert(1)" in content/pages/about/team.md uses a scheme that is not allowed.',
      );
      expect(events[count].message).toContain("at content/pages/about/team.md:8");
      // The page's own failure is told to the page open at its path when it connects, and to no other.
      const [onPage, elsewhere]: Array<typeof sse> = [[], []];
      const streams = [await openStream(onPage, "/about/team"), await openStream(elsewhere, "/")];
      await expect.poll(() => onPage.find((e) => e.event === "failure")?.data).toBe(events[count].message);
      expect(elsewhere.some((e) => e.event === "failure")).toBe(false);
      streams.forEach((s) => s.destroy());
      expect(sse.some((e) => e.event === "failure")).toBe(false);

      count = events.length;
      edit("content/pages/about/team.md", "\n\n[Say hi](javascript:alert(1))", "");
      expect(await nextBuild(count)).toMatchObject({ type: "built" });
      expect((await get("/about/team")).text).toContain("<strong>small</strong>");
    },
  );

  it("recompiles only the templates for a component change, and only the assets for a stylesheet change", async () => {
    let count = events.length;
    edit("templates/Pages.tsx", "<p data-price>{page.price}</p>", "<p data-price>{page.price} a month</p>");
    expect(await nextBuild(count)).toMatchObject({ type: "built", redone: ["templates"] });
    expect((await get("/notes/second")).text).toContain('<p data-price="true">8 a month</p>');

    count = events.length;
    const cssBefore = /href="(\/assets\/site-[^"]+\.css)"/.exec((await get("/")).text)![1];
    writeFileSync(
      path.join(templates, "styles/site.css"),
      `${readFileSync(path.join(templates, "styles/site.css"), "utf8")}\n.dev-probe { color: #123456; }\n`,
    );
    expect(await nextBuild(count)).toMatchObject({ type: "built", redone: ["assets"] });
    const cssAfter = /href="(\/assets\/site-[^"]+\.css)"/.exec((await get("/")).text)![1];
    expect(cssAfter).not.toBe(cssBefore);
    expect((await get(cssAfter)).text).toContain("#123456");
  });

  it("serves a page whose template throws as it last rendered, at the template's line; a save recovers", async () => {
    const file = path.join(root, "templates/Pages.tsx");
    const good = readFileSync(file, "utf8");
    expect((await get("/notes/second")).text).toContain('<p data-price="true">8 a month</p>');
    let count = events.length;
    const note = "---\norder: 9\ntitle: Fourth\nprice: 4\ntags: [four]\nfeatured: false\n---\nNever asked for.\n";
    writeFileSync(path.join(root, "content/notes/fourth.md"), note);
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
    count = events.length;
    const throwing = good.replace(
      "<h1>{page.title}</h1>\n      <p data-price>",
      "<h1>{page.title}</h1>\n      {failFor(page.slug)}\n      <p data-price>",
    );
    const thrower =
      'function failFor(slug: string) {\n  if (slug !== "first") throw new Error(`no price for ${slug}`);\n';
    const failing = `${throwing}\n${thrower}  return null;\n}\n`;
    writeFileSync(file, failing);
    expect(await nextBuild(count)).toMatchObject({ type: "built", redone: ["templates"] });
    const line = failing.split("\n").findIndex((l) => l.includes("throw new Error")) + 1;

    count = events.length;
    const second = await get("/notes/second");
    expect(second.status).toBe(200);
    expect(second.text).toContain('<p data-price="true">8 a month</p>');
    expect(events.slice(count)).toHaveLength(1);
    expect(events[count]).toMatchObject({ type: "failed" });
    expect(events[count].message).toContain('The "note" template failed while rendering /notes/second');
    expect(events[count].message).toContain("no price for second");
    expect(events[count].message).toContain(`at templates/Pages.tsx:${line}:`);
    const told: typeof sse = [];
    const page = await openStream(told, "/notes/second");
    await expect.poll(() => told.find((e) => e.event === "failure")?.data).toBe(events[count].message);
    page.destroy();
    // Asked again, it is not told again; a page that never rendered has no last good version to show.
    expect((await get("/notes/second")).status).toBe(200);
    expect(events.slice(count)).toHaveLength(1);
    expect((await get("/notes/fourth")).status).toBe(500);
    expect((await get("/notes/first")).text).toContain('<p data-price="true">5 a month</p>');

    count = events.length;
    writeFileSync(file, good);
    expect(await nextBuild(count)).toMatchObject({ type: "built", redone: ["templates"] });
    count = events.length;
    expect((await get("/notes/second")).status).toBe(200);
    expect((await get("/notes/fourth")).status).toBe(200);
    expect(events.slice(count)).toEqual([]);
  });

  it("tells a template that calls process.exit as it renders a page at its line, and keeps serving", async () => {
    const file = path.join(root, "templates/Pages.tsx");
    const good = readFileSync(file, "utf8");
    // Rendered once before: served as it last rendered while its template fails.
    expect((await get("/notes/second")).status).toBe(200);
    let count = events.length;
    const exiting = good.replace(
      "<h1>{page.title}</h1>\n      <p data-price>",
      '<h1>{page.title}</h1>\n      {page.slug === "second" && process.exit(0)}\n      <p data-price>',
    );
    writeFileSync(file, exiting);
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
    const line = exiting.split("\n").findIndex((l) => l.includes("process.exit(0)")) + 1;
    count = events.length;
    expect((await get("/notes/second")).status).toBe(200);
    expect(events[count]).toMatchObject({ type: "failed" });
    expect(events[count].message).toContain(
      "ProcessExitError: templates/Pages.tsx called process.exit(0) while rendering /notes/second",
    );
    expect(events[count].message).toContain(`at templates/Pages.tsx:${line}:`);
    const first = await get("/notes/first");
    expect([first.status, first.text.includes("<h1>First</h1>")]).toEqual([200, true]);

    count = events.length;
    writeFileSync(file, good);
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
  });

  it("reloads the site definition when site.config.ts changes", async () => {
    const count = events.length;
    expect((await get("/notes/first")).text).toContain("data-price");
    edit("site.config.ts", 'path: "/notes/:slug", template: "note"', 'path: "/notes/:slug", template: "prose"');
    expect(await nextBuild(count)).toMatchObject({ type: "built", redone: ["definition"] });
    const note = await get("/notes/first");
    expect(note.text).toContain("<article><h1>First</h1>");
    expect(note.text).not.toContain("data-price");
  });

  it("survives a template that does not compile and recovers when it is fixed", async () => {
    let count = events.length;
    const file = "templates/Pages.tsx";
    const good = readFileSync(path.join(root, file), "utf8");
    writeFileSync(path.join(root, file), `${good}\nexport const broken: number = ;\n`);
    const failed = await nextBuild(count);
    expect(failed.type).toBe("failed");
    expect(failed.message).toContain("TemplateCompileError");
    expect(failed.message).toContain("templates/Pages.tsx");
    expect((await get("/")).status).toBe(200);

    count = events.length;
    writeFileSync(path.join(root, file), good);
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
  });

  it("tells a template that throws as it loads at its own line, not the compiled file's; a fix recovers", async () => {
    let count = events.length;
    const file = "templates/Pages.tsx";
    const good = readFileSync(path.join(root, file), "utf8");
    const throwing = good.replace("\nexport function", '\nconst rates = JSON.parse("{");\nexport function');
    writeFileSync(path.join(root, file), throwing);
    const failed = await nextBuild(count);
    const line = throwing.split("\n").findIndex((l) => l.includes("JSON.parse")) + 1;
    expect(failed.type).toBe("failed");
    expect(failed.message).toContain("templates/Pages.tsx threw while the templates were loaded");
    expect(failed.message).toContain(`at templates/Pages.tsx:${line}:20`);
    expect(failed.message).not.toContain(".cache");
    expect((await get("/")).status).toBe(200);

    count = events.length;
    writeFileSync(path.join(root, file), good);
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
  });

  it("lists the broken links of pages nobody asked for after each save, in the terminal and the overlay", async () => {
    const count = events.length;
    const lonely = path.join(root, "content", "pages", "lonely.md");
    writeFileSync(lonely, "---\npath: /lonely\ntemplate: prose\ntitle: Lonely\n---\nSee [it](/no-such-page).\n");
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
    const told = () => events.slice(count).find((e) => e.type === "links")?.message;
    await expect.poll(told, { timeout: 10_000 }).toContain("/no-such-page");
    expect(told()).toContain("content/pages/lonely.md:6");
    const shown = () => sse.filter((e) => e.event === "links").at(-1)?.data;
    await expect.poll(shown, { timeout: 10_000 }).toContain("/no-such-page");
    // Fixed: the overlay's part is emptied by the next check.
    const fixedAt = events.length;
    writeFileSync(lonely, "---\npath: /lonely\ntemplate: prose\ntitle: Lonely\n---\nSee [home](/).\n");
    expect(await nextBuild(fixedAt)).toMatchObject({ type: "built" });
    await expect.poll(shown, { timeout: 10_000 }).toBe("");
    expect(events.slice(fixedAt).filter((e) => e.type === "links")).toEqual([]);
  });

  it("renders a page's code block highlighted when it is asked for, and tells a broken #fragment once", async () => {
    const count = events.length;
    writeFileSync(
      path.join(root, "content", "pages", "code.md"),
      "---\npath: /code\ntemplate: prose\ntitle: Code\n---\nSee [the example](#exampel).\n\n## Example\n\n" +
        "```python\nprint('hi')\n```\n",
    );
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
    const page = await get("/code");
    expect(page.text).toContain('<pre class="shiki" data-language="python" tabindex="0">');
    const stylesheet = /href="(\/assets\/code-[0-9A-F]{8}\.css)"/.exec(page.text)?.[1];
    expect((await get(stylesheet!)).text).toContain(".shiki{--shiki-light:");
    await expect
      .poll(() => events.slice(count).find((e) => e.type === "links")?.message)
      .toContain('The link #exampel on /code names the id "exampel", which no element of the same page has.');
  });
});
