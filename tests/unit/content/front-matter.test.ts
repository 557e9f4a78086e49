import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { repoRoot } from "../../helpers/site.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HeirloomError } from "../../../packages/heirloom/src/errors/errors.ts";
import { readEntry } from "../../../packages/heirloom/src/content/frontmatter/front-matter.ts";
import { frontMatterPosition, guessFields } from "../../../packages/heirloom/src/content/frontmatter/yaml-positions.ts";

const source = [
  "---",
  "name: Legacy",
  "features:",
  "  - Weekly calls",
  "  - Audio",
  "hero:",
  "  title: Hi",
  "---",
  "Body text",
  "",
].join("\n");

describe("readEntry", () => {
  it("returns the data, the body and the 1-based line where the body starts", () => {
    const entry = readEntry("content/plans/legacy.md", source);
    expect(entry.data).toEqual({ name: "Legacy", features: ["Weekly calls", "Audio"], hero: { title: "Hi" } });
    expect(entry.body.trim()).toBe("Body text");
    expect(entry.bodyLine).toBe(9);
  });

  it("locates fields, list items and nested fields at their 1-based file line and column", () => {
    const entry = readEntry("x.md", source);
    expect(entry.locate(["name"])).toEqual({ line: 2, column: 1 });
    expect(entry.locate(["features", 1])).toEqual({ line: 5, column: 5 });
    expect(entry.locate(["hero", "title"])).toEqual({ line: 7, column: 3 });
    // A missing field points at its parent.
    expect(entry.locate(["hero", "lead"])).toEqual({ line: 6, column: 1 });
  });

  it(
    "splits as gray-matter does: " +
      "a byte order mark, ---yaml, CRLF lines, no front matter, an empty one, a closing line never found",
    () => {
      expect(readEntry("a.md", "\uFEFF---\ntitle: A\n---\nBody\n")).toMatchObject({
        data: { title: "A" },
        body: "Body\n",
        bodyLine: 4,
      });
      expect(readEntry("b.md", "---yaml\ntitle: B\n---\nBody\n")).toMatchObject({
        data: { title: "B" },
        body: "Body\n",
        bodyLine: 4,
      });
      expect(readEntry("c.md", "---\r\ntitle: C\r\n---\r\nBody\r\n")).toMatchObject({
        data: { title: "C" },
        body: "Body\r\n",
      });
      expect(readEntry("d.md", "Just text\n---\nmore\n")).toMatchObject({
        data: {},
        body: "Just text\n---\nmore\n",
        bodyLine: 1,
      });
      expect(readEntry("e.md", "----\ntitle: no\n----\n")).toMatchObject({ data: {}, body: "----\ntitle: no\n----\n" });
      expect(readEntry("f.md", "---\n---\nBody\n")).toMatchObject({ data: {}, body: "Body\n" });
      expect(readEntry("g.md", "---\n# only a comment\n---\nBody\n")).toMatchObject({ data: {}, body: "Body\n" });
      expect(readEntry("h.md", "---\ntitle: H\n")).toMatchObject({ data: { title: "H" }, body: "" });
    },
  );

  it("skips a byte order mark and blank or whitespace-only lines before the opening ---, as Hugo does", () => {
    const text = "\uFEFF\n  \n\t\r\n---\ntitle: A\ntags:\n  - x\n  - y\n---\nBody\n";
    const entry = readEntry("content/posts/a.md", text);
    expect([entry.data, entry.body, entry.bodyLine, entry.format]).toEqual([
      { title: "A", tags: ["x", "y"] },
      "Body\n",
      10,
      "yaml",
    ]);
    expect(entry.locate(["title"])).toEqual({ line: 5, column: 1 });
    expect(entry.locate(["tags", 1])).toEqual({ line: 8, column: 5 });
    // A missing field points at the first line of the front matter, below the opening ---.
    expect(entry.locate(["date"])).toEqual({ line: 5, column: 1 });
  });

  it("locates errors of front matter below blank lines at their own line", () => {
    const syntax = catchError(() => readEntry("a.md", "\n\n---\nname: ok\ntitle: a: b\n---\n"));
    expect([syntax.code, syntax.location]).toEqual(["FrontMatterParseError", { file: "a.md", line: 5, column: 8 }]);
    const list = catchError(() => readEntry("a.md", "\n---\n- 1\n---\n"));
    expect([list.code, list.location]).toEqual(["FrontMatterParseError", { file: "a.md", line: 3 }]);
    const js = catchError(() => readEntry("a.md", "\n\n\n---js\n{}\n---\n"));
    expect(js.location).toEqual({ file: "a.md", line: 4 });
  });

  it("keeps blank lines before text that opens with no fence as the body", () => {
    expect(readEntry("a.md", "\uFEFF\n\nJust text\n---\nmore\n")).toMatchObject({
      data: {},
      body: "\n\nJust text\n---\nmore\n",
      bodyLine: 1,
      format: "none",
    });
  });

  it("counts the body's first line after an empty front matter and an opening --- with trailing spaces", () => {
    expect(readEntry("a.md", "---\n---\nBody\n").bodyLine).toBe(3);
    const spaced = readEntry("a.md", "---  \ntitle: A\nprice: 2\n---\nBody\n");
    expect([spaced.locate(["price"]), spaced.bodyLine]).toEqual([{ line: 3, column: 1 }, 5]);
  });

  it("refuses front matter in another language than YAML or TOML (gray-matter would run ---js as code)", () => {
    const error = catchError(() =>
      readEntry("content/pages/home.md", "---js\n{ title: (() => 'ran')() }\n---\nBody\n"),
    );
    expect(error.code).toBe("FrontMatterParseError");
    expect(error.message).toBe(
      'The front matter of content/pages/home.md is marked as "js"; only YAML (between --- lines) ' +
        "and TOML (between +++ lines) are read.",
    );
    expect(error.location).toEqual({ file: "content/pages/home.md", line: 1 });
    expect(error.hint).toBe(
      "write the first line as --- alone with the fields as YAML below it (`name: value`), " +
        "or as +++ alone with the fields as TOML (`name = value`).",
    );
  });

  it.each([
    ["---", "javascript"],
    ["---", "coffee"],
    ["---", "json"],
    ["---", "toml"],
    ["+++", "yaml"],
    ["+++", "js"],
  ])("refuses %s%s at line 1 and never runs it", (fence, language) => {
    const ran = "(globalThis.frontMatterRan = true)";
    const error = catchError(() => readEntry("a.md", `${fence}${language}\n{ title: ${ran} }\n${fence}\nBody\n`));
    expect([error.code, error.message, error.location]).toEqual([
      "FrontMatterParseError",
      `The front matter of a.md is marked as "${language}"; only YAML (between --- lines) ` +
        "and TOML (between +++ lines) are read.",
      { file: "a.md", line: 1 },
    ]);
    expect((globalThis as { frontMatterRan?: boolean }).frontMatterRan).toBeUndefined();
  });

  it.each(["yaml", "yml", "YAML"])("reads front matter marked ---%s as YAML", (language) => {
    expect(readEntry("a.md", `---${language}\ntitle: A\n---\nBody\n`)).toMatchObject({
      data: { title: "A" },
      body: "Body\n",
    });
  });

  it("reports malformed YAML as FrontMatterParseError with the file line", () => {
    const broken = "---\nname: ok\ntitle: a: b\n---\n";
    const error = catchError(() => readEntry("content/pages/home.md", broken));
    expect(error.code).toBe("FrontMatterParseError");
    expect(error.location).toEqual({ file: "content/pages/home.md", line: 3, column: 8 });
    expect(error.message).toContain("content/pages/home.md");
  });

  it("points an unclosed quote at the line where it opens, not where the file ends", () => {
    const broken = "---\norder: 2\nname: \"Legacy Collection\nprice: 49\nperiod: month\nnote: it's fine\n---\n";
    const error = catchError(() => readEntry("content/plans/legacy.md", broken));
    expect(error.message).toBe(
      "Could not parse the front matter of content/plans/legacy.md: a quoted value is never closed.",
    );
    expect(error.location).toEqual({ file: "content/plans/legacy.md", line: 3, column: 7 });
  });

  it("reports a duplicated key at the line of the second one", () => {
    const error = catchError(() => readEntry("a.md", "---\nprice: 1\nname: x\nprice: 2\n---\n"));
    expect(error.message).toMatch(/unique/);
    expect(error.location?.line).toBe(4);
  });

  it("refuses front matter that is a list instead of fields", () => {
    expect(catchError(() => readEntry("a.md", "---\n- 1\n---\n")).code).toBe("FrontMatterParseError");
  });
});

describe("TOML front matter between +++ lines (Hugo's default, Zola's only form)", () => {
  const hugo = [
    "+++", // line 1
    'title = "Spring in the Garden"',
    "date = 2024-03-20T09:30:00Z",
    "draft = false",
    'tags = ["garden", "family"]',
    "",
    "[params]", // line 7
    'author = "Rosa"',
    "cover.image = 'roses.jpg'",
    "",
    "[[resources]]", // line 11
    'src = "a.jpg"',
    "[[resources]]",
    'src = "b.jpg"',
    'title = "Roses"', // line 15
    "+++",
    "The roses came back this year.",
    "",
  ].join("\n");

  it("reads the fields, the body and the line where it starts", () => {
    const entry = readEntry("content/posts/spring.md", hugo);
    expect(entry.data).toEqual({
      title: "Spring in the Garden",
      date: "2024-03-20T09:30:00Z",
      draft: false,
      tags: ["garden", "family"],
      params: { author: "Rosa", cover: { image: "roses.jpg" } },
      resources: [{ src: "a.jpg" }, { src: "b.jpg", title: "Roses" }],
    });
    expect([entry.body, entry.bodyLine, entry.format]).toEqual(["The roses came back this year.\n", 17, "toml"]);
  });

  it("reads a file with CRLF line endings (saved on Windows, or checked out with core.autocrlf) as its LF twin", () => {
    const crlf = readEntry("content/posts/spring.md", hugo.replaceAll("\n", "\r\n"));
    expect(crlf.data).toEqual(readEntry("content/posts/spring.md", hugo).data);
    expect([crlf.bodyLine, crlf.format]).toEqual([17, "toml"]);
    const error = catchError(() => readEntry("content/posts/spring.md", "+++\r\ntitle = 'x\r\n+++\r\n"));
    expect([error.message, error.location]).toEqual([
      "Could not parse the front matter of content/posts/spring.md: a quoted value is never closed.",
      { file: "content/posts/spring.md", line: 2, column: 9 },
    ]);
  });

  it("locates keys, tables, dotted keys and [[tables]]; a list item at its key, a missing field at its parent", () => {
    const entry = readEntry("content/posts/spring.md", `\uFEFF\n${hugo}`);
    expect(entry.locate(["date"])).toEqual({ line: 4, column: 1 });
    expect(entry.locate(["tags", 1])).toEqual({ line: 6, column: 1 });
    expect(entry.locate(["params"])).toEqual({ line: 8, column: 2 });
    expect(entry.locate(["params", "author"])).toEqual({ line: 9, column: 1 });
    expect(entry.locate(["params", "cover", "image"])).toEqual({ line: 10, column: 7 });
    expect(entry.locate(["resources", 1])).toEqual({ line: 14, column: 3 });
    expect(entry.locate(["resources", 1, "title"])).toEqual({ line: 16, column: 1 });
    expect(entry.locate(["resources", 0, "title"])).toEqual({ line: 12, column: 3 });
    expect(entry.locate(["description"])).toEqual({ line: 3, column: 1 });
  });

  it("does not take a line of a multi-line string or list for a key", () => {
    const text = '+++\nsummary = """\nfake = 1\n"""\nlist = [\n  { fake = 2 },\n]\nfake = 3\n+++\n';
    expect(readEntry("a.md", text).locate(["fake"])).toEqual({ line: 8, column: 1 });
  });

  it.each([
    ["2024-01-15", "2024-01-15"],
    ["2024-01-15T10:00:00Z", "2024-01-15T10:00:00Z"],
    ["2024-01-15T10:00:00+02:00", "2024-01-15T10:00:00+02:00"],
    ["2024-01-15T10:00:00", "2024-01-15T10:00:00"],
    ["2024-01-15 10:00:00z", "2024-01-15T10:00:00Z"],
    ["10:30:00", "10:30:00"],
  ])("reads date = %s as YAML reads it, the same text for the same schemas", (toml, yaml) => {
    const fromToml = readEntry("a.md", `+++\ndate = ${toml}\n+++\n`).data;
    const fromYaml = readEntry("a.md", `---\ndate: ${yaml}\n---\n`).data;
    expect(fromToml).toEqual(fromYaml);
    expect(fromToml.date).toBe(yaml);
    const schemas = [z.iso.date(), z.iso.datetime(), z.iso.datetime({ offset: true, local: true }), z.iso.time()];
    const accepted = (data: Record<string, unknown>) => schemas.map((schema) => schema.safeParse(data.date).success);
    expect(accepted(fromToml)).toEqual(accepted(fromYaml));
  });

  it.each([
    ['\n+++\ntitle = "Spring\ndraft = true\n+++\n', "a quoted value is never closed", 3, 9],
    ["+++\ntitle = Spring in the Garden\n+++\n", "invalid value", 2, 9],
    [
      '+++\ntitle = "A"\ndraft = false\ntitle = "B"\n+++\n',
      "trying to redefine an already defined table or value",
      4,
      1,
    ],
    ["+++\ntitle: Spring\n+++\n", "illegal character in key", 2, 6],
  ])("reports malformed TOML at its line and column: %j", (text, reason, line, column) => {
    const error = catchError(() => readEntry("content/posts/spring.md", text));
    expect([error.code, error.message, error.location]).toEqual([
      "FrontMatterParseError",
      `Could not parse the front matter of content/posts/spring.md: ${reason}.`,
      { file: "content/posts/spring.md", line, column },
    ]);
    expect(error.hint).toBe(
      'write one `name = value` a line between the +++ lines, text in quotes (title = "A day out"), ' +
        'dates as 2024-01-15 and lists as ["a", "b"]; look for an unclosed quote or a field written twice.',
    );
  });
});

describe("guessFields", () => {
  it("guesses the fields of a file that does not parse below blank lines too", () => {
    expect(guessFields("\n\n---\npath: /x\ntitle: 'never closed\n---\nBody\n")).toMatchObject({ path: "/x" });
  });
});

describe("frontMatterPosition", () => {
  it("maps offsets of the front matter text (after the opening ---) to file lines", () => {
    const fm = "\nname: a\nprice: 2\n";
    expect(frontMatterPosition(fm, 1)).toEqual({ line: 2, column: 1 });
    expect(frontMatterPosition(fm, fm.indexOf("2"))).toEqual({ line: 3, column: 8 });
  });
});

function catchError(fn: () => unknown): HeirloomError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HeirloomError) return error;
    throw error;
  }
  throw new Error("expected an error");
}

describe("the fast reader and the position-keeping parser", () => {
  const files = readdirSync(path.join(repoRoot, "content"), { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".md"),
  );

  it.each(files)("read content/%s the same", (file) => {
    const source = readFileSync(path.join(repoRoot, "content", file), "utf8");
    const frontMatter = source.split(/^---$/m)[1];
    expect(readEntry(file, source).data).toEqual(parseDocument(frontMatter).toJS());
  });

  it("read YAML 1.2 the same where YAML 1.1 readers differ: times, octal-looking numbers, yes/no, dates", () => {
    const source = "---\nat: 10:30\ncode: 012\nanswer: yes\nday: 2026-11-23\n---\n";
    expect(readEntry("a.md", source).data).toEqual({ at: "10:30", code: 12, answer: "yes", day: "2026-11-23" });
  });
});
