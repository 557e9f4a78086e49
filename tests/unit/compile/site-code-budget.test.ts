// The site's own code runs within its time budget (`timeout` in site.config.ts): a template, a load function (and
// the promise it returns), a schema's refinement and a markdown plugin that never end fail the build at their
// template and page, collection or file, well before a CI job's limit; dev answers such a page with the error,
// serves the others meanwhile, and serves the fix once it is saved.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveSite } from "../../../packages/heirloom/src/config/checks/check-definition.ts";
import { defineSite } from "../../../packages/heirloom/src/config/define.ts";
import { heirloomRun, startCli, stopStarted } from "../../helpers/cli-process.ts";
import { addLoadedCollection, copyJournal, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";

afterEach(() => stopStarted());

const POST = "the-right-length";

/** The journal with `timeout` ms for its code, its post template looping on one post until `spin` is edited. */
function spinningJournal(timeout: number): string {
  const root = copyJournal("heirloom-budget-");
  editFile(root, "site.config.ts", "defineSite({", `defineSite({\n  timeout: ${timeout},`);
  editFile(
    root,
    "templates/pages.tsx",
    "export function Post({ page, assets }: Props<PostEntry>) {",
    `export function Post({ page, assets }: Props<PostEntry>) {\n  const spin = page.slug === "${POST}";\n` +
      "  while (spin) {}",
  );
  return root;
}

/** The 1-based line of `root`'s site.config.ts that is `text`. */
const lineOf = (root: string, text: string) =>
  readFileSync(path.join(root, "site.config.ts"), "utf8").split("\n").indexOf(text) + 1;

/** The fixture site with `timeout` ms for its code, and its templates (the CLI builds it). */
function fixtureWithin(timeout: number): string {
  const root = makeFixture();
  ownTemplates(root);
  editFile(root, "site.config.ts", "defineSite({", `defineSite({\n  timeout: ${timeout},`);
  return root;
}

describe("a build whose site code does not end", () => {
  it("fails at the template and the page that loop, with exit 1, in seconds", () => {
    const root = spinningJournal(2000);
    const started = performance.now();
    const { code, stderr } = heirloomRun(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(
      `error TemplateRenderError: The "post" template was still rendering /blog/${POST}/ ` +
        `(content/posts/${POST}.mdx) after 2 s, so it was stopped.\n  at content/posts/${POST}.mdx\n`,
    );
    expect(stderr).toContain('hint: look in the "post" template, and the layout and components it renders,');
    expect(stderr).toContain("1 problem; nothing was written.");
    expect(performance.now() - started).toBeLessThan(40_000);
  });

  it("fails at the collection whose load function loops", () => {
    const root = fixtureWithin(1000);
    addLoadedCollection(root, "reference", "() => { for (;;) {} }");
    const { code, stderr } = heirloomRun(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(
      'error ConfigError: The load function of the collection "reference" was still running after 1 s, so it ' +
        `was stopped.\n  at site.config.ts:${lineOf(root, "    reference: defineCollection({")}:5\n` +
        "  hint: look for a loop whose condition stays true; if it only needs longer, timeout in site.config.ts",
    );
  });

  it("fails at the collection whose load function returns a promise that never settles", () => {
    const root = fixtureWithin(1000);
    addLoadedCollection(root, "reference", "async () => { await new Promise(() => {}); return []; }");
    const { code, stderr } = heirloomRun(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(
      'error ConfigError: The load function of the collection "reference" was still waiting after 1 s (the ' +
        "promise it returned had not settled), so it was stopped.\n" +
        `  at site.config.ts:${lineOf(root, "    reference: defineCollection({")}:5\n` +
        "  hint: look for a promise that never settles ",
    );
  });

  it("fails at the entry whose schema's refinement loops", () => {
    const root = fixtureWithin(1000);
    editFile(
      root,
      "site.config.ts",
      "        title: text,\n        price",
      '        title: text.refine((title) => { while (title === "Second") {} return true; }),\n        price',
    );
    const { code, stderr } = heirloomRun(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(
      'error ContentSchemaError: The schema of the collection "notes" was still checking content/notes/second.md ' +
        "after 1 s, so it was stopped.\n  at content/notes/second.md\n  hint: look in the schema's refinements",
    );
    expect(stderr).toContain("1 problem; nothing was written.");
  });

  it("fails at the file whose markdown a plugin never ends on", () => {
    const root = fixtureWithin(1000);
    const plugin = '(md) => md.core.ruler.push("spin", (state) => { while (state.src.includes("spin here")) {} })';
    editFile(root, "site.config.ts", "defineSite({", `defineSite({\n  markdown: { plugins: [${plugin}] },`);
    editFile(root, "content/notes/second.md", "The second note.", "The second note: spin here.");
    const { code, stderr } = heirloomRun(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(
      "error MarkdownRenderError: The markdown of content/notes/second.md was still being rendered after 1 s, " +
        "so it was stopped.\n  at content/notes/second.md\n  hint: a markdown plugin of site.config.ts",
    );
    expect(stderr).toContain("1 problem; nothing was written.");
  });
});

describe("timeout", () => {
  const site = (timeout: unknown) =>
    defineSite({ collections: {}, routes: {}, timeout } as unknown as Parameters<typeof defineSite>[0]);

  it("is 10 s unless set, and a whole number of milliseconds above 0", () => {
    expect(resolveSite(site(undefined)).timeout).toBe(10_000);
    expect(resolveSite(site(250)).timeout).toBe(250);
    expect(() => resolveSite(site(1.5), "timeout: 1.5")).toThrow(
      "timeout in site.config.ts is 1.5; it must be a whole number of milliseconds above 0.",
    );
  });
});

describe("dev with a template that does not end", () => {
  it("answers its page with the error, serves the others, and serves the fix once it is saved", async () => {
    const root = spinningJournal(2000);
    const server = startCli(root, ["dev", "--port", "0"]);
    const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
    const failed = await fetch(new URL(`blog/${POST}/`, url));
    expect(failed.status).toBe(500);
    await server.waitFor(/The "post" template was still rendering \/blog\/the-right-length\/ .* after 2 s/, 30_000);
    expect((await fetch(url)).status).toBe(200);
    const other = await fetch(new URL("blog/a-book-on-the-shelf/", url));
    expect(other.status).toBe(200);
    expect(await other.text()).toContain("<h1>A book on the shelf</h1>");
    editFile(root, "templates/pages.tsx", "  while (spin) {}", '  if (spin) page.title = "Fixed";');
    await expect
      .poll(async () => (await fetch(new URL(`blog/${POST}/`, url))).status, { timeout: 30_000, interval: 200 })
      .toBe(200);
    expect(await (await fetch(new URL(`blog/${POST}/`, url))).text()).toContain("<h1>Fixed</h1>");
  });
});
