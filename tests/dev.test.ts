// `heirloom dev`: edits are served after a reload event; a broken file is reported while the server stays
// up with the last good pages; fixing it recovers without a restart; only the affected step is redone.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevEvent, type DevServer, startDev } from "../src/serve/dev.ts";
import { makeProject, templatesDir } from "./helpers/site.ts";

let root: string;
let templates: string;
let dev: DevServer;
const events: DevEvent[] = [];
const sse: Array<{ event: string; data: string }> = [];
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
/** Waits for the next build event after `count` events, and for its server-sent event. */
async function nextBuild(count: number): Promise<DevEvent> {
  await expect.poll(() => events.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(count);
  const event = events[count];
  await expect.poll(() => sse.some((e) => e.event === (event.type === "built" ? "reload" : "failure")), { timeout: 5000 }).toBe(true);
  return event;
}

beforeAll(async () => {
  root = makeProject();
  templates = path.join(root, "templates");
  cpSync(templatesDir, templates, { recursive: true });
  dev = await startDev({ root, templatesDir: templates, env: {}, port: 0, onEvent: (e) => events.push(e) });
  await new Promise<void>((resolve) => {
    stream = http.get(new URL("/__heirloom/events", dev.url), (res) => {
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) sse.push({ event, data: data ? (JSON.parse(data) as string) : "" });
        }
      });
      resolve();
    });
  });
});

afterAll(async () => {
  stream?.destroy();
  await dev?.close();
});

describe("heirloom dev", () => {
  it("serves the site from memory, with the reload script, and 404.html for unknown paths", async () => {
    expect(events[0]).toMatchObject({ type: "built" });
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.text).toContain("Your life stories, preserved forever");
    expect(home.text).toContain('<script src="/__heirloom/dev-client.js"></script></body>');
    const missing = await get("/nowhere");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Page Not Found");
  });

  it("serves an edited content file after a reload event, redoing neither templates nor assets", async () => {
    const count = events.length;
    sse.length = 0;
    edit("content/pages/waitlist.md", "headline: Your life stories, preserved forever", "headline: Your life stories, kept for good");
    const event = await nextBuild(count);
    expect(event).toMatchObject({ type: "built", redone: [] });
    expect(event.changed).toEqual([path.join(root, "content/pages/waitlist.md")]);
    expect((await get("/")).text).toContain("Your life stories, kept for good");
  });

  it("reports a broken file in the event stream and keeps serving the last good pages; a fix recovers", async () => {
    let count = events.length;
    sse.length = 0;
    edit("content/plans/legacy-collection.md", "price: 49", 'price: "forty-nine"');
    const failed = await nextBuild(count);
    expect(failed.type).toBe("failed");
    expect(failed.message).toContain('The field "price" in content/plans/legacy-collection.md must be a number');
    expect(failed.message).toContain("at content/plans/legacy-collection.md:4:1");
    expect(sse.find((e) => e.event === "failure")?.data).toBe(failed.message);
    const stillUp = await get("/pricing");
    expect(stillUp.status).toBe(200);
    expect(stillUp.text).toContain("$49");

    count = events.length;
    sse.length = 0;
    edit("content/plans/legacy-collection.md", 'price: "forty-nine"', "price: 59");
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
    expect((await get("/pricing")).text).toContain("$59");
  });

  it("recompiles only the templates for a component change, and only the assets for a stylesheet change", async () => {
    let count = events.length;
    edit("templates/components/Footer.tsx", "<p>{footer.legal}</p>", "<p>{footer.legal} Made with care.</p>");
    expect(await nextBuild(count)).toMatchObject({ type: "built", redone: ["templates"] });
    expect((await get("/home")).text).toContain("Made with care.");

    count = events.length;
    const cssBefore = /href="(\/assets\/site-[^"]+\.css)"/.exec((await get("/")).text)![1];
    writeFileSync(path.join(templates, "styles/site.css"), `${readFileSync(path.join(templates, "styles/site.css"), "utf8")}\n.dev-probe { color: #123456; }\n`);
    expect(await nextBuild(count)).toMatchObject({ type: "built", redone: ["assets"] });
    const cssAfter = /href="(\/assets\/site-[^"]+\.css)"/.exec((await get("/")).text)![1];
    expect(cssAfter).not.toBe(cssBefore);
    expect((await get(cssAfter)).text).toContain("#123456");
  });

  it("survives a template that does not compile and recovers when it is fixed", async () => {
    let count = events.length;
    const file = "templates/pages/NotFoundPage.tsx";
    const good = readFileSync(path.join(root, file), "utf8");
    writeFileSync(path.join(root, file), `${good}\nexport const broken: number = ;\n`);
    const failed = await nextBuild(count);
    expect(failed.type).toBe("failed");
    expect(failed.message).toContain("TemplateCompileError");
    expect(failed.message).toContain("templates/pages/NotFoundPage.tsx");
    expect((await get("/")).status).toBe(200);

    count = events.length;
    writeFileSync(path.join(root, file), good);
    expect(await nextBuild(count)).toMatchObject({ type: "built" });
  });
});
