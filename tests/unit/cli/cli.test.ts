// The CLI as a user runs it: bin/heirloom.js in a child process, exit codes, stderr, and the old output kept.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHECK_MS } from "../../helpers/cli-process.ts";
import { cliCommands, longOptions, optionsNamed, tableRows } from "../../helpers/docs.ts";
import {
  fixturesDir,
  makeFixture,
  makeProject,
  ownTemplates,
  repoRoot,
  cliPath,
  copyJournal,
  engineRoot,
} from "../../helpers/site.ts";

const bin = cliPath;
function heirloom(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
/** A copy of Heirloom with its own templates/, as the CLI finds them in the project folder. */
function project() {
  const root = makeProject();
  ownTemplates(root);
  return root;
}
/** The engine's fixture site with a case laid over it, with its own templates/. */
function fixture(...cases: string[]) {
  const root = makeFixture(...cases);
  ownTemplates(root);
  return root;
}

describe("heirloom build", () => {
  it("builds, prints the route table and warns about the missing endpoint", () => {
    const root = project();
    const { code, stdout, stderr } = heirloom(root, "build");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\/pricing\s+pricing\.html\s+[\d.]+ KB/m);
    expect(stdout).toMatch(/Wrote \d+ files to dist in [\d.]+ s/);
    expect(stderr).toMatch(/^warning The form "waitlist" has no endpoint/);
  });

  it("exits 1 on broken content, names the file and line, and leaves the old output untouched", () => {
    const root = fixture();
    expect(heirloom(root, "build").code).toBe(0);
    const before = snapshot(path.join(root, "dist"));
    cpSync(path.join(fixturesDir, "bad-front-matter"), root, { recursive: true });
    const { code, stderr } = heirloom(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain("error FrontMatterParseError");
    expect(stderr).toContain("at content/notes/second.md:3:8");
    expect(stderr).not.toMatch(/^\s+at .*\.(ts|js|mjs|cjs):\d+/m);
    expect(snapshot(path.join(root, "dist"))).toEqual(before);
  });

  it("finishes the build with exit code 0 when what reads its output stops (heirloom build | head -1)", async () => {
    const root = fixture();
    const child = spawn(process.execPath, [bin, "build"], { cwd: root, env: { PATH: process.env.PATH } });
    // The reader goes away before the command writes a line: every write of the report meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(stderr).not.toContain("EPIPE");
    expect(code).toBe(0);
    expect(readdirSync(path.join(root, "dist"))).toContain("index.html");
  });

  it("escapes the bidirectional controls and control characters of file names it prints, in text and JSON", () => {
    const root = fixture();
    // Shown raw, U+202E would print the name backwards from there: "report\u202Etxt.md" reads "reportdm.txt".
    const name = "report\u202etxt\u001b[2J.md";
    writeFileSync(path.join(root, "content", name), "---\ntitle: Stray\n---\n");
    const text = heirloom(root, "build");
    expect(text.code).toBe(1);
    expect(text.stderr).toContain("content/report\\u202etxt\\u001b[2J.md");
    for (const raw of ["\u202e", "\u001b"]) expect(text.stderr).not.toContain(raw);
    const json = heirloom(root, "build", "--json");
    for (const raw of ["\u202e", "\u001b"]) expect(json.stdout).not.toContain(raw);
    expect(JSON.parse(json.stdout).problems[0].file).toBe(`content/${name}`);
  });

  it("ends each error with its entry of the catalogue and the documentation's page of it, in text and JSON", () => {
    // Two files refused with the same code (UnexpectedFileError), each for its own reason, so each with its own page.
    const root = fixture("stray-files");
    const docs = "https://heirloom.github.io/heirloom/docs/reference/errors/";
    const text = heirloom(root, "build");
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(
      "error UnexpectedFileError: content/ideas.md belongs to no collection.\n  at content/ideas.md\n  hint: move " +
        "it into a collection's folder (content/pages/, content/notes/), or declare a collection for it in " +
        `site.config.ts.\n  see InNoCollection: ${docs}in-no-collection/\n`,
    );
    expect(text.stderr).toContain(`\n  see NeitherEntryNorImage: ${docs}neither-entry-nor-image/\n`);
    const json = heirloom(root, "build", "--json");
    expect(json.code).toBe(1);
    const problems = JSON.parse(json.stdout).problems;
    expect(problems.map(({ code, id, file, docsUrl }: Record<string, string>) => [code, id, file, docsUrl])).toEqual([
      ["UnexpectedFileError", "InNoCollection", "content/ideas.md", `${docs}in-no-collection/`],
      ["UnexpectedFileError", "NeitherEntryNorImage", "content/images/notes.txt", `${docs}neither-entry-nor-image/`],
    ]);
  });

  it("reads TOML front matter between +++ lines, and names a TOML error's line and column", () => {
    const root = copyJournal("heirloom-cli-toml-");
    cpSync(path.join(fixturesDir, "ported-posts"), root, { recursive: true });
    const built = heirloom(os.tmpdir(), "build", "--root", root);
    expect(built.code, built.stderr).toBe(0);
    const page = readFileSync(path.join(root, "dist", "blog", "spring-in-the-garden", "index.html"), "utf8");
    expect(page).toContain('<h1>Spring in the Garden</h1><p class="meta"><time dateTime="2024-03-20">');
    const post = path.join(root, "content", "posts", "spring-in-the-garden.md");
    writeFileSync(post, readFileSync(post, "utf8").replace('title = "Spring in the Garden"', "title = Spring"));
    const broken = heirloom(os.tmpdir(), "build", "--root", root);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(
      "error FrontMatterParseError: Could not parse the front matter of content/posts/spring-in-the-garden.md: " +
        "invalid value.\n  at content/posts/spring-in-the-garden.md:2:9\n",
    );
  });

  it("prints a stack trace with --debug", () => {
    const { code, stderr } = heirloom(fixture("bad-front-matter"), "build", "--debug");
    expect(code).toBe(1);
    expect(stderr).toMatch(/^\s+at .*\.(ts|js|mjs|cjs):\d+/m);
  });
});

describe("a stylesheet esbuild warns about", () => {
  it.each(["build", "check"])("%s names its file, line and column in a warning", (command) => {
    const root = fixture();
    const css = path.join(root, "templates", "styles", "site.css");
    const lines = readFileSync(css, "utf8").split("\n").length;
    writeFileSync(css, `${readFileSync(css, "utf8")}.broken { color: red\n`);
    const { code, stderr } = heirloom(root, command);
    expect(code).toBe(0);
    expect(stderr).toContain(
      `warning templates/styles/site.css:${lines + 1}:1: Expected "}" to go with "{" ` +
        "(esbuild kept the stylesheet as it could read it; check that rule).",
    );
  });
});

describe("heirloom build --out", () => {
  it.each(["content", "templates", ".", "src"])(
    "refuses --out %s even with --force, and leaves it as it was",
    (dir) => {
      const root = project();
      const target = path.join(root, dir);
      const before = readdirSync(root).includes(dir) ? snapshot(target) : undefined;
      const { code, stderr } = heirloom(root, "build", "--out", dir, "--force");
      expect(code).toBe(1);
      expect(stderr).toContain(`error OutputDirError: Refusing to write the site to ${target}`);
      if (before) expect(snapshot(target)).toEqual(before);
    },
  );

  it.each([
    [".heirloom", "is the site's .heirloom folder"],
    [".heirloom/cache", "is inside the site's .heirloom folder"],
    ["node_modules/site", "is inside the site's node_modules folder"],
    ["content/site", "is inside the site's content folder"],
    ["../ROOT/templates/../content", "is the site's content folder"],
    ["..", "holds the site's folder"],
  ])("refuses --out %s even with --force, naming the folder, with its form entries kept (issue 35)", (out, what) => {
    const root = fixture();
    const entries = path.join(root, ".heirloom", "signup.jsonl");
    mkdirSync(path.dirname(entries));
    writeFileSync(entries, '{"email":"ada@example.com"}\n');
    const given = out.replace("ROOT", path.basename(root));
    const { code, stderr } = heirloom(root, "build", "--out", given, "--force");
    expect(code).toBe(1);
    expect(stderr).toContain(
      `error OutputDirError: Refusing to write the site to ${path.resolve(root, given)}: it ${what}`,
    );
    expect(stderr).toContain("hint: give --out a folder of its own, such as dist (the default)");
    const json = heirloom(root, "build", "--out", given, "--force", "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).problems).toEqual([expect.objectContaining({ code: "OutputDirError" })]);
    // Today's build into .heirloom kept the previous site inside it and later builds deleted the entries.
    expect(readdirSync(path.dirname(entries))).toEqual(["signup.jsonl"]);
    expect(readFileSync(entries, "utf8")).toBe('{"email":"ada@example.com"}\n');
  });

  it.each([
    [".env", ".env", "a file"],
    ["site.config.ts/site", "site.config.ts", "a file"],
  ])("refuses --out %s even with --force: a file is never an output folder, in text and JSON", (out, file, kind) => {
    const root = fixture();
    writeFileSync(path.join(root, ".env"), "FIXTURE_SIGNUP_ENDPOINT=\n");
    const before = ["site.config.ts", ".env"].map((name) => readFileSync(path.join(root, name), "utf8"));
    const target = path.join(root, out);
    const what = file === out ? "it is" : `${path.join(root, file)} is`;
    const message = `Refusing to write the site to ${target}: ${what} ${kind}, not a folder.`;
    const hint =
      "give --out a folder of its own, such as dist (the default); a build never replaces a file, even with --force.";
    const { code, stderr } = heirloom(root, "build", "--out", out, "--force");
    expect(code).toBe(1);
    expect(stderr).toContain(`error OutputDirError: ${message}\n  at ${path.join(root, file)}\n  hint: ${hint}\n`);
    const json = heirloom(root, "build", "--out", out, "--force", "--json");
    expect(json.code).toBe(1);
    const docsUrl = "https://heirloom.github.io/heirloom/docs/reference/errors/output-not-a-folder/";
    expect(JSON.parse(json.stdout).problems).toEqual([
      { code: "OutputDirError", id: "OutputNotAFolder", message, file: path.join(root, file), hint, docsUrl },
    ]);
    expect(["site.config.ts", ".env"].map((name) => readFileSync(path.join(root, name), "utf8"))).toEqual(before);
  });

  it("refuses a protected folder reached through a symbolic link, even with --force, and touches nothing", () => {
    const root = project();
    const link = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-link-")), "rootlink");
    symlinkSync(root, link);
    const before = snapshot(path.join(root, "content"));
    const { code, stderr } = heirloom(root, "build", "--out", path.join(link, "content"), "--force");
    expect(code).toBe(1);
    expect(stderr).toContain(`error OutputDirError: Refusing to write the site to ${path.join(link, "content")}`);
    expect(snapshot(path.join(root, "content"))).toEqual(before);
    expect(readdirSync(root).filter((n) => n.includes(".tmp-") || n.includes(".old-"))).toEqual([]);
  });

  it("refuses a folder that does not look like a build output unless --force is given", () => {
    const root = project();
    const notes = path.join(root, "notes");
    mkdirSync(notes);
    writeFileSync(path.join(notes, "ideas.txt"), "keep me");
    const refused = heirloom(root, "build", "--out", "notes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "it is not empty and does not look like an earlier build (no index.html and 404.html).",
    );
    expect(refused.stderr).toContain("hint: choose an empty or new folder, or pass --force to replace it.");
    expect(readFileSync(path.join(notes, "ideas.txt"), "utf8")).toBe("keep me");
    expect(heirloom(root, "build", "--out", "notes", "--force").code).toBe(0);
    expect(readdirSync(notes)).toContain("404.html");
    // Once it holds a build, it is recognised as one.
    expect(heirloom(root, "build", "--out", "notes").code).toBe(0);
  });

  it("never deletes files git tracks in the output folder, even with --force; a committed build is rebuilt", () => {
    const root = project();
    const git = (...args: string[]) =>
      spawnSync("git", ["-C", root, ...args], {
        encoding: "utf8",
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@example.com",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@example.com",
        },
      });
    mkdirSync(path.join(root, "docs", "screenshots"), { recursive: true });
    writeFileSync(path.join(root, "docs", "ARCHITECTURE.md"), "# How it is built\n");
    writeFileSync(path.join(root, "docs", "screenshots", "home.png"), "png");
    expect(git("init", "-q").status).toBe(0);
    expect(git("add", "docs").status).toBe(0);
    expect(git("commit", "-q", "-m", "docs").status).toBe(0);
    // Before: exit 0, and docs/ held the site instead of the two documents.
    const refused = heirloom(root, "build", "--out", "docs", "--force");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error OutputDirError: Refusing to replace ${path.join(root, "docs")}: ` +
        "git tracks files in it that the site does not publish, and the build would delete them: " +
        "ARCHITECTURE.md, screenshots/home.png.",
    );
    expect(refused.stderr).toContain("--force does not override this.");
    expect(readFileSync(path.join(root, "docs", "ARCHITECTURE.md"), "utf8")).toBe("# How it is built\n");
    expect(readdirSync(path.join(root, "docs")).sort()).toEqual(["ARCHITECTURE.md", "screenshots"]);
    expect(readdirSync(root).filter((n) => n.includes(".tmp-") || n.includes(".old-"))).toEqual([]);

    // GitHub Pages from /docs with the built site committed: every tracked file is the site's own.
    expect(git("rm", "-q", "-r", "docs").status).toBe(0);
    expect(heirloom(root, "build", "--out", "docs").code).toBe(0);
    expect(git("add", "docs").status).toBe(0);
    expect(git("commit", "-q", "-m", "site").status).toBe(0);
    expect(heirloom(root, "build", "--out", "docs").code).toBe(0);
    expect(git("status", "--porcelain", "docs").stdout).toBe("");
  });
});

describe("run from a subfolder of the project", () => {
  it.each(["build", "check"])(
    "%s names the missing site.config.ts and the project folder above, and nothing else",
    (command) => {
      const root = fixture();
      const { code, stderr } = heirloom(path.join(root, "content", "notes"), command);
      expect(code).toBe(1);
      expect(stderr).toContain(
        `error ConfigError: There is no site.config.ts in ${path.join(root, "content", "notes")}.`,
      );
      expect(stderr).toContain(
        `hint: the project seems to be ${root} (it holds site.config.ts): run heirloom there, or pass --root ${root}.`,
      );
      expect(stderr.match(/^error /gm)).toHaveLength(1);
    },
  );
});

describe("usage", () => {
  it("exits 2 for an unknown command or option, 0 for --help and --version", () => {
    const cwd = repoRoot;
    expect(heirloom(cwd, "biuld").code).toBe(2);
    expect(heirloom(cwd, "biuld").stderr).toMatch(/Did you mean build/);
    expect(heirloom(cwd, "build", "--nope").code).toBe(2);
    expect(heirloom(cwd, "preview", "--port", "http").code).toBe(2);
    const help = heirloom(cwd, "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/build .*\n.*preview/s);
    const version = heirloom(cwd, "--version");
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(engineRoot, "package.json"), "utf8")).version);
  });
});

describe("the npm scripts a newcomer guesses", () => {
  it("dev, check, start (preview), build and preview run the CLI, and the README lists them", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts).toMatchObject({
      build: "heirloom build",
      check: "heirloom check",
      dev: "heirloom dev",
      preview: "heirloom preview",
      start: "heirloom preview",
    });
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    for (const script of ["npm run dev", "npm run check", "npm start", "npm run build", "npm run preview"])
      expect(readme, script).toContain(`\`${script}\``);
  });
});

describe("the README's command table", () => {
  it("lists every command with exactly the options its --help shows", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Commands"), readme.indexOf("Exit codes:"));
    const commands = cliCommands();
    expect(commands).toEqual(["build", "check", "dev", "preview", "init"]);
    for (const command of commands) {
      const [row] = tableRows(table, `\`${command} `);
      expect(row, command).toBeDefined();
      expect(optionsNamed(row[0]), command).toEqual(longOptions(command));
    }
  });
});

describe("heirloom check", () => {
  it(
    "exits 0 on Heirloom's content and 1 with the location of a broken link",
    () => {
      expect(heirloom(project(), "check")).toMatchObject({
        code: 0,
        stdout: "",
        stderr: expect.stringMatching(/no problems/),
      });
      const root = project();
      const site = path.join(root, "content", "site.md");
      const broken = readFileSync(site, "utf8").replace("href: /pricing", "href: /prices");
      writeFileSync(site, broken);
      const { code, stderr } = heirloom(root, "check");
      expect(code).toBe(1);
      expect(stderr).toMatch(/BrokenLinkError: The link \/prices/);
      // check never writes, so it does not say that nothing was written.
      expect(stderr.trimEnd().split("\n").at(-1)).toBe("1 problem.");
      expect(stderr).toMatch(/at content\/site\.md:\d+:\d+/);
    },
    2 * CHECK_MS,
  );

  it(
    "names a template's link written in the form that redirects, with the page's own address",
    () => {
      const { code, stderr } = heirloom(fixture("broken-link"), "check");
      expect(code).toBe(1);
      expect(stderr).toContain("at content/notes/third.md:10");
      const root = fixture();
      // In content the same link is written as the page's own address (the post stays as written).
      const index = path.join(root, "content", "pages", "index.md");
      writeFileSync(index, readFileSync(index, "utf8").replace("(/about/team)", "(/about/team/)"));
      expect(heirloom(root, "check").code).toBe(0);
      const document = path.join(root, "templates", "Document.tsx");
      writeFileSync(document, readFileSync(document, "utf8").replace('href("/about/team")', 'href("/about/team/")'));
      const redirect = heirloom(root, "check");
      expect(redirect.code).toBe(1);
      expect(redirect.stderr).toContain(
        "error BrokenLinkError: The link /about/team/ on /, /about/team, /notes/first, /notes/second, 404 is not the " +
          "page's address, which is /about/team.",
      );
      expect(redirect.stderr).toContain(
        "hint: write /about/team: hosts answer the other form with a redirect or a 404. The link is written in " +
          "templates/; correct it there.",
      );
    },
    3 * CHECK_MS,
  );
});

function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(
    files.map((e) => [
      path.relative(dir, path.join(e.parentPath, e.name)),
      readFileSync(path.join(e.parentPath, e.name), "utf8"),
    ]),
  );
}

describe("heirloom init", () => {
  it("names the new folder as the user would type it: relative below this folder, absolute elsewhere", () => {
    const here = mkdtempSync(path.join(os.tmpdir(), "heirloom-here-"));
    expect(heirloom(here, "init", "my-site").stdout).toMatch(/^Made my-site from the blog starter: \d+ files\.\n/);
    const elsewhere = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-elsewhere-")), "blog");
    const made = heirloom(here, "init", elsewhere, "--template", "minimal");
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`Made ${elsewhere} from the minimal starter`);
    expect(made.stdout).toContain(`  cd ${elsewhere}\n`);
  });
});
