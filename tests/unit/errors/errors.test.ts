import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import * as exported from "../../../packages/heirloom/src/errors/catalogue.ts";
import { BadBasePath, MissingFrontMatter, catalogue } from "../../../packages/heirloom/src/errors/catalogue.ts";
import { errorDocsUrl, errorSlug } from "../../../packages/heirloom/src/errors/error-docs.ts";
import {
  BuildFailure,
  type ErrorEntry,
  HeirloomError,
  errorFrom,
  errorsOf,
  formatError,
} from "../../../packages/heirloom/src/errors/errors.ts";
import { engineRoot, repoRoot } from "../../helpers/site.ts";

describe("formatError", () => {
  const error = new HeirloomError(
    "ContentSchemaError",
    'The field "price" in content/plans/legacy.md must be a number; found the text "forty".',
    {
      location: { file: "content/plans/legacy.md", line: 4, column: 8 },
      hint: "write the number without quotes, currency signs or words, such as 49.",
    },
  );

  it("prints what, where and what to do, without a stack trace", () => {
    expect(formatError(error)).toMatchInlineSnapshot(`
      "error ContentSchemaError: The field "price" in content/plans/legacy.md must be a number; found the text "forty".
        at content/plans/legacy.md:4:8
        hint: write the number without quotes, currency signs or words, such as 49."
    `);
  });

  it("adds the stack trace only in debug mode, and colour only when asked", () => {
    // A stack frame, indented under the error: "      at fn (file:line:column)". The location line
    // ("  at content/plans/legacy.md:4:8") is printed always and is not one.
    const frame = /^ {4,}at (?:.+ \()?[^\s()]+:\d+:\d+\)?$/m;
    expect(formatError(error, { debug: true })).toMatch(frame);
    expect(formatError(error, { debug: true })).toContain("errors.test.ts:");
    expect(formatError(error)).not.toMatch(frame);
    const caused = new HeirloomError("ConfigError", "x", { cause: new Error("the cause") });
    expect(formatError(caused, { debug: true })).toMatch(/caused by:\n\s+Error: the cause\n\s+at /);
    expect(formatError(caused)).not.toContain("the cause");
    expect(formatError(error)).not.toContain("\x1b[");
    expect(formatError(error, { color: true })).toContain("\x1b[31;1merror");
  });
});

describe("errorsOf", () => {
  it("unpacks a BuildFailure, wraps a single error and ignores other throwables", () => {
    const a = new HeirloomError("ConfigError", "a");
    const b = new HeirloomError("ConfigError", "b");
    expect(errorsOf(new BuildFailure([a, b]))).toEqual([a, b]);
    expect(errorsOf(a)).toEqual([a]);
    expect(errorsOf(new Error("x"))).toEqual([]);
  });
});

describe("a hint of several lines", () => {
  it("prints the block it shows indented under the hint's first line", () => {
    const args = { file: "content/posts/x.md", collection: "posts", fields: ["title", "date"] };
    const error = errorFrom(MissingFrontMatter, args, { location: { file: "content/posts/x.md", line: 1, column: 1 } });
    expect(formatError(error)).toBe(
      [
        'error MissingFrontMatterError: content/posts/x.md has no front matter; entries of "posts" need the fields ' +
          "title, date.",
        "  at content/posts/x.md:1:1",
        "  hint: add it at the top of the file, a value after each name:",
        "    ---",
        "    title: ...",
        "    date: ...",
        "    ---",
        "  see MissingFrontMatter: https://heirloom.github.io/heirloom/docs/reference/errors/missing-front-matter/",
      ].join("\n"),
    );
  });
});

describe("the catalogue of errors", () => {
  it("is the README's table of errors, entry by entry in its order", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("| code | id | what happened |")).split("\n\n")[0].split("\n").slice(2);
    const row = (e: ErrorEntry) => `| \`${e.code}\` | [\`${e.id}\`](${errorDocsUrl(e.id)}) | ${e.title} |`;
    expect(table).toEqual(Object.values(catalogue).map(row));
  });

  it("gives every entry a unique id, the name it is exported under", () => {
    for (const [name, value] of Object.entries(exported)) {
      if (typeof (value as ErrorEntry).message === "function") {
        expect((value as ErrorEntry).id).toBe(name);
      }
    }
    // Two entries of one id would be one in the catalogue: count them where they are declared.
    const folder = path.join(engineRoot, "src", "errors", "messages");
    const declared = readdirSync(folder)
      .filter((file) => file.endsWith(".ts") && file !== "index.ts")
      .flatMap((file) => [...readFileSync(path.join(folder, file), "utf8").matchAll(/= entry\("(\w+)"/g)]);
    expect(declared.length).toBe(Object.keys(catalogue).length);
    expect(declared.length).toBeGreaterThan(150);
  });

  it("gives every entry a title, a message and a hint that read as sentences, and one title each", () => {
    const titles = new Set<string>();
    for (const [name, entry] of Object.entries(catalogue)) {
      expect(entry.title, name).toMatch(/^[A-Za-z\w].*[^.]$/);
      expect(titles.has(entry.title), `${name}: ${entry.title}`).toBe(false);
      titles.add(entry.title);
      expect(typeof entry.hint, name).toBe("function");
    }
  });

  it("fills an entry in: the code, the message and hint made from what the throw site knows, and the place", () => {
    const error = errorFrom(BadBasePath, { base: "a b" }, { location: { file: "site.config.ts", line: 3 } });
    expect(error).toBeInstanceOf(HeirloomError);
    expect([error.code, error.message, error.hint, error.location]).toEqual([
      "ConfigError",
      'The base path "a b" is not a plain URL path.',
      "use letters, digits, - and / only, such as /heirloom/.",
      { file: "site.config.ts", line: 3 },
    ]);
  });

  it("names the entry an error was made from and its documentation's page; its name stays its code", () => {
    const error = errorFrom(BadBasePath, { base: "a b" });
    expect([error.name, error.id, error.docsUrl]).toEqual([
      "ConfigError",
      "BadBasePath",
      "https://heirloom.github.io/heirloom/docs/reference/errors/bad-base-path/",
    ]);
    expect(formatError(error).split("\n").at(-1)).toBe(
      "  see BadBasePath: https://heirloom.github.io/heirloom/docs/reference/errors/bad-base-path/",
    );
    expect(formatError(error, { docs: false })).not.toContain("BadBasePath");
  });

  it("gives each entry's page an address made of the id's words, a one-letter word too", () => {
    expect(errorDocsUrl("OutputNotAFolder")).toBe(
      "https://heirloom.github.io/heirloom/docs/reference/errors/output-not-a-folder/",
    );
    const ids = ["NoDefinitionFile", "NotAPlainSegment", "BadI18nFallback", "Utf16", "NotUtf8"];
    expect(ids.map(errorSlug)).toEqual([
      "no-definition-file",
      "not-a-plain-segment",
      "bad-i18n-fallback",
      "utf16",
      "not-utf8",
    ]);
  });
});
