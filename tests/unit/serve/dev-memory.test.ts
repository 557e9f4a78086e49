// dev and a site's code that uses up its memory, saved while it runs (an MDX body's expression, then a template): the
// site's code runs on dev's site thread, so the terminal and the page's overlay get OutOfMemoryError at its place,
// the server and its event stream stay up, the other pages answer, the fix is served after its reload, and Ctrl+C
// stops dev. A module that runs out as it loads fails the build, as build fails. Node is given a small heap
// (NODE_OPTIONS, as for build) so that the thread runs out in a second.
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Running, startCli, stopStarted } from "../../helpers/cli-process.ts";
import { copyJournal } from "../../helpers/site.ts";

const MDX_POST = "content/posts/the-right-length.mdx";
const PAGE = "/blog/the-right-length/";
const OTHER = "/blog/difficult-chapters/";
const SMALL_HEAP = { NODE_OPTIONS: "--max-old-space-size=128" };
const GROWS = "(() => { const grow = []; while (true) grow.push(new Array(100_000).fill(grow.length)); })()";
const OUT_OF_MEMORY = /error OutOfMemoryError: The build ran out of memory \(its limit is [\d,]+ MB\) /g;

let root: string;
let dev: Running;
let url: string;
/** The server-sent events of the page open at PAGE, as its dev client reads them. */
const events: Array<{ event: string; data: string }> = [];
let stream: http.ClientRequest;

const fetchPage = async (pathname: string) => {
  const response = await fetch(new URL(pathname, url));
  return { status: response.status, text: await response.text() };
};
const edit = (file: string, change: (text: string) => string) => {
  const full = path.join(root, file);
  writeFileSync(full, change(readFileSync(full, "utf8")));
};
const errorsTold = () => dev.output().match(OUT_OF_MEMORY)?.length ?? 0;

/** The page's event stream, read as the dev client reads it. */
function openStream(page: string): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const request = http.get(new URL(`/__heirloom/events?page=${encodeURIComponent(page)}`, url), (res) => {
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? (JSON.parse(data) as string) : "" });
        }
      });
      resolve(request);
    });
  });
}

/** Saves the change, then asks for the page until it fails (the thread runs out as it renders it, or in the link
 * check after the build, which dev tells just the same); returns the failed answer. */
async function saveAndFail(file: string, change: (text: string) => string) {
  const told = errorsTold();
  const seen = events.length;
  edit(file, change);
  await expect.poll(() => errorsTold(), { timeout: 30_000, interval: 100 }).toBeGreaterThan(told);
  await expect.poll(() => events.slice(seen).some((e) => e.event === "failure"), { timeout: 10_000 }).toBe(true);
  return { page: await fetchPage(PAGE), told: events.slice(seen).find((e) => e.event === "failure")!.data };
}

/** Saves the fix; the page reloads and shows `shown`. */
async function saveFix(file: string, change: (text: string) => string, shown: string) {
  const seen = events.length;
  edit(file, change);
  await expect.poll(() => events.slice(seen).some((e) => e.event === "reload"), { timeout: 30_000 }).toBe(true);
  const page = await fetchPage(PAGE);
  expect(page.status).toBe(200);
  expect(page.text).toContain(shown);
}

beforeAll(async () => {
  root = copyJournal("heirloom-dev-memory-");
  dev = startCli(root, ["dev", "--port", "0"], SMALL_HEAP);
  [, url] = await dev.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
  await dev.waitFor(/Watching site\.config\.ts/, 30_000);
  stream = await openStream(PAGE);
}, 90_000);

afterAll(() => {
  stream?.destroy();
  stopStarted();
});

describe("dev and site code that uses up its memory", () => {
  it("tells an MDX expression that allocates without end at its line, serves the others, takes the fix", async () => {
    expect((await fetchPage(PAGE)).status).toBe(200);
    const text = readFileSync(path.join(root, MDX_POST), "utf8");
    const line = text.split("\n").length + 1;
    const at = `at ${MDX_POST}:${line}:${"The end: {".length + 1}`;
    const { page, told } = await saveAndFail(MDX_POST, (body) => `${body}\nThe end: {${GROWS}}\n`);
    expect(page.status).toBe(500);
    expect(page.text).toContain("<title>Build failed</title>");
    // The overlay of the page open there, and the terminal, in the words build uses.
    expect(told).toMatch(OUT_OF_MEMORY);
    expect(told).toContain(`while it ran ${MDX_POST}, rendering ${PAGE}.\n  ${at}\n`);
    expect(dev.output()).toContain(`while it ran ${MDX_POST}, rendering ${PAGE}.\n  ${at}\n`);
    expect(dev.output()).not.toContain("FATAL ERROR");
    // The server and the other pages go on; the page is answered with its error until a file changes.
    for (const other of ["/", "/blog/", OTHER]) expect((await fetchPage(other)).status, other).toBe(200);
    expect((await fetchPage(PAGE)).status).toBe(500);
    await saveFix(MDX_POST, (body) => body.replace(`{${GROWS}}`, "{1 + 1}"), "The end: 2");
  }, 90_000);

  it("tells a template that allocates without end on one page, and takes the fix", async () => {
    const start = "export function Post({ page, assets }: Props<PostEntry>) {\n";
    const grows = `  if (page.slug === "the-right-length") ${GROWS};\n`;
    const template = "templates/pages.tsx";
    expect(readFileSync(path.join(root, template), "utf8")).toContain(start);
    const { page, told } = await saveAndFail(template, (text) => text.replace(start, `${start}${grows}`));
    expect(page.status).toBe(500);
    const where = `while the "post" template rendered ${PAGE} (${MDX_POST}).\n  at ${MDX_POST}\n`;
    expect(told).toContain(where);
    expect(told).toContain('hint: look in the "post" template for a loop');
    expect(dev.output()).toContain(where);
    expect((await fetchPage(OTHER)).status).toBe(200);
    await saveFix(template, (text) => text.replace(grows, ""), "The end: 2");
  }, 90_000);

  it("answers the request whose page ran out as it rendered with the error, and the requests after it", async () => {
    // The template allocates only once a file outside the watched folders exists: after the background link check
    // rendered every page, so that it is the request that runs out.
    const start = "export function Post({ page, assets }: Props<PostEntry>) {\n";
    const marker = path.join(root, "grow-now");
    const when = `page.slug === "the-right-length" && require("node:fs").existsSync(${JSON.stringify(marker)})`;
    const grows = `  if (${when}) ${GROWS};\n`;
    const seen = events.length;
    edit("templates/pages.tsx", (text) => text.replace(start, `${start}${grows}`));
    await expect.poll(() => events.slice(seen).some((e) => e.event === "reload"), { timeout: 30_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    writeFileSync(marker, "");
    const told = errorsTold();
    const [page, other] = await Promise.all([fetchPage(PAGE), fetchPage(OTHER)]);
    expect(page.status).toBe(500);
    expect(other.status).toBe(200);
    expect(errorsTold()).toBe(told + 1);
    const failure = events.slice(seen).find((e) => e.event === "failure")?.data;
    expect(failure).toContain(`while the "post" template rendered ${PAGE} (${MDX_POST}).`);
    expect((await fetchPage(OTHER)).status).toBe(200);
    await saveFix("templates/pages.tsx", (text) => text.replace(grows, ""), "The end: 2");
  }, 90_000);

  it("shows a page served before the thread ran out as it last rendered when it then fails, with why", async () => {
    // The fresh thread never rendered this page (no link check runs while a page is refused): what it shows is the
    // render dev's main thread was answered before.
    const before = await fetchPage(OTHER);
    expect(before.status).toBe(200);
    const start = "export function Post({ page, assets }: Props<PostEntry>) {\n";
    const breaks =
      `  if (page.slug === "the-right-length") ${GROWS};\n` +
      '  if (page.slug === "difficult-chapters") throw new Error("broken on purpose");\n';
    const template = "templates/pages.tsx";
    const { page } = await saveAndFail(template, (text) => text.replace(start, `${start}${breaks}`));
    expect(page.status).toBe(500);
    const other = await fetchPage(OTHER);
    expect(other.status).toBe(200);
    expect(other.text.replace(/<script[^>]*><\/script>/g, "")).toBe(
      before.text.replace(/<script[^>]*><\/script>/g, ""),
    );
    await expect.poll(() => dev.output().includes("broken on purpose"), { timeout: 10_000 }).toBe(true);
    await saveFix(template, (text) => text.replace(breaks, ""), "The end: 2");
  }, 90_000);

  it("fails the build when a module uses it up as it loads, and builds again once it is fixed", async () => {
    const template = "templates/pages.tsx";
    const grows = "\nconst grown: number[][] = [];\nwhile (grown.length >= 0) grown.push(new Array(1e5).fill(1));\n";
    const seen = events.length;
    const told = errorsTold();
    edit(template, (text) => `${text}${grows}`);
    await expect
      .poll(() => events.slice(seen).find((e) => e.event === "failure")?.data, { timeout: 30_000 })
      .toMatch(
        /OutOfMemoryError: The build ran out of memory \(its limit is [\d,]+ MB\) while it ran templates\/index\.ts\./,
      );
    expect(errorsTold()).toBe(told + 1);
    // Nothing of the site is served until the fix: every page is the failed page the overlay shows the error over.
    const page = await fetchPage(OTHER);
    expect(page.text).toContain("<title>Build failed</title>");
    await saveFix(template, (text) => text.replace(grows, ""), "The end: 2");
    expect((await fetchPage(OTHER)).status).toBe(200);
  }, 90_000);

  it("stops at Ctrl+C as it always did", async () => {
    expect((await fetchPage(OTHER)).status).toBe(200);
    dev.child.kill("SIGINT");
    const code = await dev.exited(15_000);
    expect([0, 130]).toContain(code);
    expect(dev.output()).not.toContain("FATAL ERROR");
  }, 30_000);
});
