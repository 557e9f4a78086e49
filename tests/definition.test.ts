// site.config.ts itself: a missing or malformed definition is reported at its line, with what to write.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectErrors, failures } from "./helpers/errors.ts";
import { makeFixture } from "./helpers/site.ts";

const edit = (root: string, from: string, to: string) => {
  const file = path.join(root, "site.config.ts");
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  return root;
};
const lineOf = (root: string, needle: string) =>
  readFileSync(path.join(root, "site.config.ts"), "utf8")
    .split("\n")
    .findIndex((l) => l.includes(needle)) + 1;

describe("the site definition", () => {
  it("must exist", async () => {
    const root = makeFixture();
    rmSync(path.join(root, "site.config.ts"));
    const [error] = await failures(root);
    expect(error.code).toBe("ConfigError");
    expect(error.message).toBe(`There is no site.config.ts in ${root}.`);
    expect(error.hint).toMatch(/or pass --root/);
  });

  it("must compile: a syntax error is located like a template's", async () => {
    const root = edit(makeFixture(), 'urlFormat: "file",', 'urlFormat: "file",,');
    const [error] = await failures(root);
    expect(error.code).toBe("TemplateCompileError");
    expect(error.message).toMatch(/^Could not compile the site definition: /);
    expect(error.location).toMatchObject({ file: "site.config.ts", line: lineOf(root, 'urlFormat: "file",,') });
  });

  it("must export a definition made with defineSite", async () => {
    const root = edit(makeFixture(), "export default definition;", "export default {};");
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: "site.config.ts does not export a site definition.",
        location: { file: "site.config.ts" },
        hint: 'end it with `export default defineSite({ collections, routes })`, importing defineSite from "heirloom".',
      },
    ]);
  });

  it("names the line of a route that names an unknown collection", async () => {
    const root = edit(
      makeFixture(),
      '{ collection: "notes", path: "/notes/:slug"',
      '{ collection: "notez", path: "/notes/:slug"',
    );
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: 'An entry route names the collection "notez", which is not declared.',
        location: {
          file: "site.config.ts",
          line: lineOf(root, '"notez"'),
          column: expect.any(Number) as unknown as number,
        },
        hint: "use one of: settings, pages, notes.",
      },
    ]);
  });

  it("reports an error thrown while it loads, such as a collection with both a folder and a file", async () => {
    const root = edit(makeFixture(), 'folder: "notes",', 'folder: "notes",\n      file: "notes.md",');
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: "A collection names both a folder and a file, or neither.",
        location: { file: "site.config.ts" },
        hint:
          'give each collection either `folder: "posts"` (one entry per file) ' +
          'or `file: "site.md"` (a single entry).',
      },
    ]);
  });

  it("refuses an endpoint that is not a plain https address, naming where it came from", async () => {
    const root = edit(
      makeFixture(),
      'env: "FIXTURE_SIGNUP_ENDPOINT"',
      'env: "FIXTURE_SIGNUP_ENDPOINT", endpoint: "https://*"',
    );
    const [error] = await failures(root);
    expect(error.message).toBe(
      'The form endpoint "https://*" (from forms.signup.endpoint in site.config.ts) is not an https:// address.',
    );
  });
});
