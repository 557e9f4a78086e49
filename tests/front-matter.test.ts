import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { repoRoot } from "./helpers/site.ts";
import { describe, expect, it } from "vitest";
import { HeirloomError } from "../packages/heirloom/src/errors/errors.ts";
import { readEntry } from "../packages/heirloom/src/content/front-matter.ts";
import { frontMatterPosition, guessFields } from "../packages/heirloom/src/content/yaml-positions.ts";

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

  it("refuses front matter in another language than YAML (gray-matter would run ---js as code)", () => {
    const error = catchError(() =>
      readEntry("content/pages/home.md", "---js\n{ title: (() => 'ran')() }\n---\nBody\n"),
    );
    expect(error.code).toBe("FrontMatterParseError");
    expect(error.message).toBe(
      'The front matter of content/pages/home.md is marked as "js"; only YAML front matter is read.',
    );
    expect(error.location).toEqual({ file: "content/pages/home.md", line: 1 });
    expect(error.hint).toContain("---");
  });

  it.each(["javascript", "coffee", "json", "toml"])("refuses ---%s at line 1 and never runs it", (language) => {
    const ran = "(globalThis.frontMatterRan = true)";
    const error = catchError(() => readEntry("a.md", `---${language}\n{ title: ${ran} }\n---\nBody\n`));
    expect([error.code, error.message, error.location]).toEqual([
      "FrontMatterParseError",
      `The front matter of a.md is marked as "${language}"; only YAML front matter is read.`,
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
