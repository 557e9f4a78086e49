// Nothing under content/ is ignored: every file is an entry of a declared collection, an image or a
// declared passthrough file, or the build fails naming it. Entries are strict UTF-8 and never empty.
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEntry } from "../../../packages/heirloom/src/content/frontmatter/front-matter.ts";
import { buildProject, copyJournal, fixturesDir, makeFixture } from "../../helpers/site.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";

const NOTE =
  "---\norder: 3\ntitle: Third\nprice: 9\ntags:\n  - three\nfeatured: false\n---\nCafé au lait, naïve façade.\n";

describe("files that belong nowhere", () => {
  it(
    "a markdown file outside every collection folder and a stray text file fail, " + "each named with what to do",
    async () => {
      expectErrors(await failures(makeFixture("stray-files")), [
        {
          code: "UnexpectedFileError",
          message: "content/ideas.md belongs to no collection.",
          location: { file: "content/ideas.md" },
          hint:
            "move it into a collection's folder (content/pages/, content/notes/), " +
            "or declare a collection for it in site.config.ts.",
        },
        {
          code: "UnexpectedFileError",
          message: "content/images/notes.txt is neither a markdown entry nor an image.",
          location: { file: "content/images/notes.txt" },
          hint:
            "content/ holds markdown entries and images only: move the file out of content/, " +
            "or list it under `passthrough` in site.config.ts to publish it as it is.",
        },
      ]);
    },
  );

  it("skips dot-files such as .DS_Store and .gitkeep", async () => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", ".DS_Store"), "\0\0");
    writeFileSync(path.join(root, "content", "notes", ".gitkeep"), "");
    await expect(buildProject(root)).resolves.toBeDefined();
  });

  it(
    "reads a collection's subfolders and symbolic links to entries, " + "and copies declared passthrough files",
    async () => {
      const root = makeFixture("nested");
      mkdirSync(path.join(root, "shared"));
      writeFileSync(
        path.join(root, "shared", "linked.md"),
        NOTE.replace("order: 3", "order: 4").replace("Third", "Linked"),
      );
      symlinkSync(path.join(root, "shared", "linked.md"), path.join(root, "content", "notes", "linked.md"));
      const built = await buildProject(root);
      expect(built.routes.map((r) => r.route)).toEqual(expect.arrayContaining(["/notes/2026/deep", "/notes/linked"]));
      expect(readFileSync(path.join(built.outDir, "notes/2026/deep.html"), "utf8")).toContain("<h1>Deep</h1>");
    },
  );

  it("publishes passthrough files as they are, at the same path, pictures among them", async () => {
    const root = makeFixture();
    mkdirSync(path.join(root, "content", "downloads"));
    writeFileSync(path.join(root, "content", "downloads", "guide.txt"), "A plain guide.");
    // A picture that is listed for passthrough is published as it is, not only when a template reads it.
    const picture = readFileSync(path.join(root, "content", "images", "logo.svg"));
    writeFileSync(path.join(root, "content", "downloads", "poster.svg"), picture);
    writeFileSync(
      path.join(root, "site.config.ts"),
      readFileSync(path.join(root, "site.config.ts"), "utf8").replace(
        'unregistered: ["/later"],',
        'unregistered: ["/later"],\n  passthrough: ["downloads"],',
      ),
    );
    const built = await buildProject(root);
    expect(readFileSync(path.join(built.outDir, "downloads", "guide.txt"), "utf8")).toBe("A plain guide.");
    expect(readFileSync(path.join(built.outDir, "downloads", "poster.svg"))).toEqual(picture);
  });
});

describe("image names", () => {
  it("an image whose name has spaces is found and published under a URL-safe name", async () => {
    const root = makeFixture();
    renameSync(
      path.join(root, "content", "images", "logo.svg"),
      path.join(root, "content", "images", "Our Logo 2.svg"),
    );
    const settings = path.join(root, "content", "settings.md");
    writeFileSync(
      settings,
      readFileSync(settings, "utf8").replace("logo: images/logo.svg", "logo: images/Our Logo 2.svg"),
    );
    const built = await buildProject(root);
    expect(readFileSync(path.join(built.outDir, "index.html"), "utf8")).toMatch(
      /<img src="\/assets\/images\/our-logo-2-[0-9a-f]{10}\.svg"/,
    );
  });
});

describe("files too large or too deep to be content", () => {
  it("a markdown file over 2 MB is refused before it is read, with its size", async () => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "notes", "third.md"), NOTE + "word ".repeat(630_000));
    expectErrors(await failures(root), [
      {
        code: "FileTooLargeError",
        message: "content/notes/third.md is 3.0 MB; a content file may be at most 2 MB.",
        location: { file: "content/notes/third.md" },
        hint:
          "split it into several entries; large downloads belong under a `passthrough` folder, " +
          "pictures under content/images/.",
      },
    ]);
  });

  it.each([
    [
      "50,000 nested lists",
      `---\norder: 3\ntitle: Third\nprice: 9\ntags: ${"[".repeat(50_000)}${"]".repeat(50_000)}\nfeatured: false\n---\n`,
      5,
    ],
    [
      "60 nested fields",
      "---\norder: 3\ntitle: Third\nprice: 9\ntags: [a]\nfeatured: false\ndeep:\n" +
        `${Array.from({ length: 60 }, (_, i) => `${"  ".repeat(i + 1)}k${i}:`).join("\n")} x\n---\n`,
      57,
    ],
    [
      "a TOML dotted key 100,000 levels deep",
      `+++\norder = 3\ntitle = "Third"\nprice = 9\ntags = ["a"]\nfeatured = false\n${"k.".repeat(100_000)}k = 1\n+++\n`,
      7,
    ],
    [
      "50,000 nested TOML lists",
      `+++\norder = 3\ntitle = "Third"\nprice = 9\ntags = ${"[".repeat(50_000)}${"]".repeat(50_000)}\n+++\n`,
      5,
    ],
  ])("front matter with %s is refused with a message about its depth", async (_what, text, line) => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "notes", "third.md"), text);
    const [error] = await failures(root);
    expect(error.code).toBe("FrontMatterParseError");
    expect(error.message).toBe(
      "The front matter of content/notes/third.md nests lists or fields more than 50 levels deep.",
    );
    expect(error.location).toEqual(
      line ? { file: "content/notes/third.md", line, column: expect.any(Number) } : { file: "content/notes/third.md" },
    );
    expect(error.hint).toBe("flatten the front matter; content needs a few levels at most.");
  });
});

describe("aliases that repeat too much", () => {
  // A kilobyte that reads as 9^7 (4.8 million) values: before, a build took 52 s over it and dev hung.
  const levels = ["a", "b", "c", "d", "e", "f", "g"];
  const bomb = levels
    .map(
      (name, i) =>
        `${name}: &${name} [${Array(9)
          .fill(i ? `*${levels[i - 1]}` : '"x"')
          .join(",")}]`,
    )
    .join("\n");

  it("a billion-laughs front matter is refused at once, at the field that expands most", async () => {
    const root = makeFixture();
    const text = `---\norder: 3\ntitle: Third\nprice: 9\ntags: [a]\nfeatured: false\n${bomb}\n---\n`;
    writeFileSync(path.join(root, "content", "notes", "third.md"), text);
    expectErrors(await failures(root), [
      {
        code: "FrontMatterParseError",
        message:
          "The aliases (*name) in the front matter of content/notes/third.md repeat more than 10,000 values " +
          '(the most in "g"); ' +
          "the file is not read.",
        location: { file: "content/notes/third.md", line: 13, column: 1 },
        hint: "write the values out, or use an alias a few times at most; aliases of aliases multiply.",
      },
    ]);
    // Before, the build walked every value: the test's own limit is what fails it then.
  }, 10_000);

  it("an alias used a few times is read as the values it stands for", () => {
    const text = "---\nbase: &base { size: 3, tags: [a, b] }\none: *base\ntwo: *base\n---\n";
    expect(readEntry("content/notes/third.md", text).data).toEqual({
      base: { size: 3, tags: ["a", "b"] },
      one: { size: 3, tags: ["a", "b"] },
      two: { size: 3, tags: ["a", "b"] },
    });
  });
});

describe("files that cannot be read as text", () => {
  const broken = (bytes: Buffer) => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "notes", "third.md"), bytes);
    return root;
  };

  it("a file in Latin-1: an error at the line of its first bad byte, never replacement characters", async () => {
    expectErrors(await failures(broken(Buffer.from(NOTE, "latin1"))), [
      {
        code: "FileEncodingError",
        message: "content/notes/third.md is not valid UTF-8 (the first bad byte is on line 9).",
        location: { file: "content/notes/third.md", line: 9 },
        hint: "save it as UTF-8; it was probably saved as Latin-1 or Windows-1252.",
      },
    ]);
  });

  it("a file in UTF-16 is named as such", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(NOTE, "utf16le")]);
    expectErrors(await failures(broken(utf16)), [
      {
        code: "FileEncodingError",
        message: "content/notes/third.md is saved as UTF-16.",
        location: { file: "content/notes/third.md" },
        hint: "save it as UTF-8 (most editors offer it under Save As or the status bar's encoding).",
      },
    ]);
  });

  it.each([
    ["an empty file", Buffer.alloc(0)],
    ["a file of blank lines", Buffer.from("\n  \n")],
  ])("%s is an error, not a crash", async (_what, bytes) => {
    expectErrors(await failures(broken(bytes)), [
      {
        code: "EmptyFileError",
        message: "content/notes/third.md is empty.",
        location: { file: "content/notes/third.md" },
        hint: "write its front matter between two --- lines, or delete the file.",
      },
    ]);
  });

  it("a UTF-8 byte-order mark is accepted and dropped", async () => {
    const built = await buildProject(broken(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NOTE)])));
    expect(readFileSync(path.join(built.outDir, "notes/third.html"), "utf8")).toContain(
      "Café au lait, " + "naïve façade.",
    );
  });

  it("a missing single file and a link to nothing are both reported", async () => {
    const root = makeFixture();
    rmSync(path.join(root, "content", "settings.md"));
    symlinkSync(path.join(root, "nowhere.md"), path.join(root, "content", "notes", "ghost.md"));
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      ["MissingContentError", "content/notes/ghost.md is a link to a file that does not exist."],
      ["MissingContentError", "content/settings.md does not exist."],
    ]);
    expect(errors[1].hint).toBe('create content/settings.md; site.config.ts declares it as the collection "settings".');
  });

  it("a loop of links, a named pipe and a socket are each named, and none is opened", async () => {
    const root = makeFixture();
    const notes = path.join(root, "content", "notes");
    symlinkSync("loop.md", path.join(notes, "loop.md"));
    symlinkSync("there.md", path.join(notes, "here.md"));
    symlinkSync("here.md", path.join(notes, "there.md"));
    // Opening a pipe for reading waits for a writer: the build would never end (the test's limit fails it then).
    expect(spawnSync("mkfifo", [path.join(notes, "pipe.md")]).status).toBe(0);
    const socket = createServer().listen(path.join(notes, "socket.md"));
    await once(socket, "listening");
    try {
      const errors = await failures(root);
      const hint = "remove it from content/, or put the file it stands for in its place.";
      expectErrors(
        errors,
        [
          ["here.md", "a loop of symbolic links"],
          ["loop.md", "a loop of symbolic links"],
          ["pipe.md", "a named pipe (FIFO)"],
          ["socket.md", "a socket"],
          ["there.md", "a loop of symbolic links"],
        ].map(([name, kind]) => ({
          code: "UnexpectedFileError",
          message: `content/notes/${name} is ${kind}, not a file the build can read.`,
          location: { file: `content/notes/${name}` },
          hint,
        })),
      );
    } finally {
      socket.close();
    }
  }, 10_000);
});

/** A copy of examples/journal with the posts of tests/fixtures/ported-posts/ added. */
function journalWithPortedPosts(): string {
  const root = copyJournal("heirloom-ported-");
  cpSync(path.join(fixturesDir, "ported-posts"), root, { recursive: true });
  return root;
}
const POSTS = path.join("content", "posts");

describe("posts ported from other generators build as their authors wrote them", () => {
  it("a post with a blank line before its opening --- is read, its fields located below it", async () => {
    const built = await buildProject(journalWithPortedPosts());
    const page = readFileSync(path.join(built.outDir, "blog/cooking-with-nonna/index.html"), "utf8");
    expect(page).toContain("<h1>Cooking With Nonna</h1>");
    expect(page).toContain('<time dateTime="2024-01-15">15 January 2024</time>');
    const root = journalWithPortedPosts();
    const file = path.join(root, POSTS, "cooking-with-nonna.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("date: 2024-01-15", "date: 15 January 2024"));
    expectErrors(await failures(root), [
      {
        code: "ContentSchemaError",
        message:
          'The field "date" in content/posts/cooking-with-nonna.md must be a date written as YYYY-MM-DD, ' +
          'such as 2026-03-14; found the text "15 January 2024".',
        location: { file: "content/posts/cooking-with-nonna.md", line: 4, column: 1 },
        hint: "correct the value and build again.",
      },
    ]);
  });
});

describe("posts ported from Hugo and Zola with TOML front matter", () => {
  it("a post between +++ lines is read, its date as YAML's, its fields located", async () => {
    const built = await buildProject(journalWithPortedPosts());
    const page = readFileSync(path.join(built.outDir, "blog/spring-in-the-garden/index.html"), "utf8");
    expect(page).toContain("<h1>Spring in the Garden</h1>");
    expect(page).toContain('<time dateTime="2024-03-20">20 March 2024</time>');
    expect(page).toContain("<p>The roses came back this year.");
    const root = journalWithPortedPosts();
    const file = path.join(root, POSTS, "spring-in-the-garden.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("date = 2024-03-20", "date = 2024-03-20T09:30:00+01:00"));
    expectErrors(await failures(root), [
      {
        code: "ContentSchemaError",
        message:
          'The field "date" in content/posts/spring-in-the-garden.md must be a date written as YYYY-MM-DD, ' +
          'such as 2026-03-14; found the text "2024-03-20T09:30:00+01:00".',
        location: { file: "content/posts/spring-in-the-garden.md", line: 3, column: 1 },
        hint: "correct the value and build again.",
      },
    ]);
  });
});
