// A collection whose entries a `load` function makes instead of files: its entries are checked by the schema,
// routed and rendered as files' are (markdown bodies, headings, links checked), what it returns is in the build's
// key (a build after it changed is not kept), and a function that throws, exits or returns what is no list of
// entries is an error of the catalogue at the collection's line of site.config.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BuildFailure, HeirloomError } from "../../../packages/heirloom/src/errors/errors.ts";
import { addLoadedCollection, buildProject, editFile, makeFixture } from "../../helpers/site.ts";

let root: string;
const realNow = () => performance.timeOrigin + performance.now();

/** The fixture with a collection "reference" made by `load` (its source text), shown at /reference/:slug. */
const withLoader = (load: string) => addLoadedCollection(root, "reference", load);

const lineOf = (text: string) =>
  readFileSync(path.join(root, "site.config.ts"), "utf8")
    .split("\n")
    .findIndex((l) => l.includes(text)) + 1;

/** The problems a build of the project fails with (one, or several in a BuildFailure). */
async function failure(): Promise<{ errors: HeirloomError[] }> {
  const error = await buildProject(root).catch((e: unknown) => e);
  if (error instanceof BuildFailure) return error;
  expect(error).toBeInstanceOf(HeirloomError);
  return { errors: [error as HeirloomError] };
}

beforeEach(() => {
  root = makeFixture();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a collection made by a load function", () => {
  it("publishes a page per entry, its markdown body rendered with its headings, its links checked", async () => {
    withLoader(`() => ["build", "check"].map((name) => ({
        slug: \`commands/\${name}\`,
        data: { title: \`heirloom \${name}\` },
        body: \`## Usage of \${name}\\n\\nSee [the other](/reference/commands/\${
          name === "build" ? "check" : "build"
        }.html).\`,
      }))`);
    await buildProject(root);
    const page = readFileSync(path.join(root, "dist", "reference", "commands", "build.html"), "utf8");
    expect(page).toContain("<h1>heirloom build</h1>");
    expect(page).toMatch(/<h2 id="usage-of-build"[^>]*>/);
    expect(page).toContain('href="#usage-of-build"');
    expect(page).toContain('<a href="/reference/commands/check.html">the other</a>');
    expect(readFileSync(path.join(root, "dist", "reference", "commands", "check.html"), "utf8")).toContain(
      "<h1>heirloom check</h1>",
    );
  });

  it("checks each entry with the schema, at the collection's line", async () => {
    withLoader('() => [{ slug: "one", data: { title: "" } }]');
    const [error] = (await failure()).errors;
    expect(error.message).toContain("title");
    expect(error.location).toMatchObject({ file: "site.config.ts", line: lineOf("reference: defineCollection") });
  });

  it("fails a build whose links lead to no page of a loaded entry", async () => {
    withLoader('() => [{ slug: "one", data: { title: "One" }, body: "[gone](/reference/two.html)" }]');
    const { errors } = await failure();
    expect(errors.map((e) => [e.code, e.location?.file])).toEqual([["BrokenLinkError", "site.config.ts"]]);
  });

  it("builds again, not kept, when what the function returns changed", async () => {
    withLoader('() => [{ slug: "one", data: { title: process.env.TITLE_OF_ONE ?? "First" } }]');
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(realNow() + 10_000);
    const first = await buildProject(root, { env: {} });
    expect(first.kept).toBeUndefined();
    expect((await buildProject(root, { env: {} })).kept).toBe(true);
    process.env.TITLE_OF_ONE = "Second";
    try {
      const changed = await buildProject(root, { env: {} });
      expect(changed.kept).toBeUndefined();
    } finally {
      delete process.env.TITLE_OF_ONE;
    }
    expect(readFileSync(path.join(root, "dist", "reference", "one.html"), "utf8")).toContain("<h1>Second</h1>");
  });

  it.each([
    ["() => ({ slug: 'x' })", "returned an object of the class Object, not a list of entries"],
    ["() => [{ slug: '../up', data: {} }]", 'returned the slug "../up" (entry 1)'],
    ["() => [{ slug: 'a', data: {} }, { slug: 'a', data: {} }]", 'returned the slug "a" twice'],
    ["() => [{ slug: 'a', data: new Date(0) }]", 'returned an object of the class Date as the data of "a"'],
    ["() => [{ slug: 'a', data: {}, body: 5 }]", 'returned the number 5 as the body of "a"'],
  ])("refuses %s, naming what it returned", async (load, words) => {
    withLoader(load);
    const [error] = (await failure()).errors;
    expect(error.code).toBe("ConfigError");
    expect(error.message).toBe(`The load function of the collection "reference" ${words}.`);
    expect(error.location).toMatchObject({ file: "site.config.ts", line: lineOf("reference: defineCollection") });
    expect(error.hint).toContain("return a list of { slug, data, body? }");
  });

  it("tells what a function threw, and a call of process.exit, at the collection's line", async () => {
    withLoader('() => { throw new Error("the catalogue is missing"); }');
    const [thrown] = (await failure()).errors;
    expect(thrown.message).toBe('The load function of the collection "reference" failed: the catalogue is missing');
    expect(thrown.location?.line).toBe(lineOf("reference: defineCollection"));
    root = makeFixture();
    withLoader("async () => { process.exit(0); }");
    const [exited] = (await failure()).errors;
    expect(exited.code).toBe("ProcessExitError");
    expect(exited.message).toContain('while the collection "reference" loaded');
  });

  it("refuses a collection that names a folder and a load function", async () => {
    withLoader("() => []");
    editFile(root, "site.config.ts", "load: () => [],", 'load: () => [], folder: "ref",');
    const [error] = (await failure()).errors;
    expect(error.message).toBe(
      "A collection names more than one of a folder, a file and a load function, or none of them.",
    );
  });
});
