// `heirloom init`: every file of a starter written, its pictures byte for byte and its texts with the site's name;
// the targets a user can get wrong, each refused with an entry of the catalogue, its hint and exit 1, nothing raw;
// names printed escaped; and --force never writes through a symbolic link or outside the folder (real links in
// temporary folders).
import { isUtf8 } from "node:buffer";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../../packages/heirloom/src/cli/main.ts";
import { filesIn } from "../../helpers/package.ts";
import { cliPath, engineRoot } from "../../helpers/site.ts";

/** Runs the CLI in this process; the exit code and what it printed. */
async function heirloom(...args: string[]) {
  const out = { stdout: "", stderr: "" };
  const stream = (name: "stdout" | "stderr") =>
    ({ isTTY: false, write: (s: string) => ((out[name] += s), true) }) as unknown as NodeJS.WritableStream;
  const io = { stdout: stream("stdout"), stderr: stream("stderr"), env: {}, untilStopped: async () => {} };
  const code = await main(["node", "heirloom", ...args], io);
  return { code, ...out };
}

const temp = () => mkdtempSync(path.join(os.tmpdir(), "heirloom-init-"));

/** A folder nobody may write in: as root (whom permissions do not stop), one of sysfs, which refuses mkdir. */
function readOnlyParent(): string {
  if (process.getuid?.() === 0) return "/sys";
  const parent = path.join(temp(), "read-only");
  mkdirSync(parent, { mode: 0o555 });
  chmodSync(parent, 0o555);
  return parent;
}

describe("heirloom init writes a starter", () => {
  const starterDir = (name: string) => path.join(engineRoot, "starters", name);

  it.each(["blog", "minimal", "docs"])(
    "%s: every file of the starter, gitignore as .gitignore, and says how many",
    async (name) => {
      const target = path.join(temp(), "my-site");
      const { code, stdout } = await heirloom("init", target, "--template", name);
      expect(code).toBe(0);
      const expected = filesIn(starterDir(name)).map((file) => (file === "gitignore" ? ".gitignore" : file));
      expect(filesIn(target)).toEqual(expected.sort());
      expect(stdout).toContain(`Made ${target} from the ${name} starter: ${expected.length} files.`);
    },
  );

  it("blog: the GitHub Pages workflow at .github/workflows/pages.yml, as the starter has it", async () => {
    const target = path.join(temp(), "my-site");
    expect((await heirloom("init", target)).code).toBe(0);
    const workflow = ".github/workflows/pages.yml";
    expect(readFileSync(path.join(target, workflow), "utf8")).toBe(
      readFileSync(path.join(starterDir("blog"), workflow), "utf8"),
    );
  });

  it("copies a picture byte for byte, where the texts get the site's name", async () => {
    const target = path.join(temp(), "my-site");
    expect((await heirloom("init", target)).code).toBe(0);
    const picture = "content/posts/images/evening-hills.jpg";
    const original = readFileSync(path.join(starterDir("blog"), picture));
    // Not UTF-8: read and written as text, its bytes would change.
    expect(isUtf8(original)).toBe(false);
    expect(Buffer.compare(readFileSync(path.join(target, picture)), original)).toBe(0);
    const binary = /\.(png|jpe?g|gif|webp|avif|ico|woff2?)$/;
    for (const file of filesIn(starterDir("blog")).filter((f) => binary.test(f)))
      expect(
        Buffer.compare(readFileSync(path.join(target, file)), readFileSync(path.join(starterDir("blog"), file))),
        file,
      ).toBe(0);
    expect(readFileSync(path.join(target, "README.md"), "utf8")).toMatch(/^# My site\n/);
    expect(readFileSync(path.join(target, "content", "site.md"), "utf8")).toContain("\nname: My site\n");
    expect(JSON.parse(readFileSync(path.join(target, "package.json"), "utf8")).name).toBe("my-site");
  });
});

describe("heirloom init refuses a target it cannot fill", () => {
  const cases: Array<[string, () => string, RegExp]> = [
    [
      "a file",
      () => {
        const file = path.join(temp(), "notes.txt");
        writeFileSync(file, "mine\n");
        return file;
      },
      /: it is a file, not a folder\./,
    ],
    [
      "a named pipe",
      () => {
        const fifo = path.join(temp(), "pipe");
        expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
        return fifo;
      },
      /: it is a named pipe \(FIFO\), not a folder\./,
    ],
    [
      "a folder below a file",
      () => {
        const file = path.join(temp(), "notes.txt");
        writeFileSync(file, "mine\n");
        return path.join(file, "site");
      },
      /notes\.txt is a file, so no folder can be made inside it\./,
    ],
    [
      "a symbolic link to nothing",
      () => {
        const link = path.join(temp(), "site");
        symlinkSync(path.join(path.dirname(link), "gone"), link);
        return link;
      },
      /site is a symbolic link to \S+gone, which does not exist\./,
    ],
    [
      "a folder under a read-only parent",
      () => path.join(readOnlyParent(), `heirloom-site-${process.pid}`),
      /cannot be written \(permission denied\)\./,
    ],
    [
      "a name over 255 bytes",
      () => path.join(temp(), "é".repeat(150)),
      /a name in it is 300 bytes long, and file systems take at most 255\./,
    ],
  ];

  it.each(cases)("%s: an OutputDirError with a hint, exit 1, nothing raw", async (_name, make, message) => {
    const target = make();
    const { code, stderr } = await heirloom("init", target);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^error OutputDirError: .*${message.source}\\n {2}at .+\\n {2}hint: \\w`));
    // No raw code (EACCES, ENOENT...) outside the paths, whose random names may hold such letters ("…-1SEYLA").
    const words = stderr.replaceAll(os.tmpdir(), "<temporary folder>");
    expect(words).not.toMatch(/\bE[A-Z]{3,}\b|^error: |\(run again with --debug/m);
    expect(stderr.trimEnd().split("\n").at(-1)).toBe("1 problem.");
  });
});

describe("heirloom init takes its folder as a folder, never as the current one by mistake", () => {
  it("refuses a folder that is a symbolic link, and writes nothing where it leads", async () => {
    const outside = temp();
    const link = path.join(temp(), "site");
    symlinkSync(outside, link);
    const { code, stderr } = await heirloom("init", link);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `error OutputDirError: Refusing to start a site in ${link}: it is a symbolic link (to ${outside}), ` +
        `and init never writes through one.\n  at ${link}\n  hint: start the site in the folder itself ` +
        `(heirloom init ${outside}), or name a new or empty folder, such as heirloom init my-site.`,
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it("refuses an empty name with a usage error (exit 2): . names the current folder", async () => {
    const { code, stderr } = await heirloom("init", "");
    expect(code).toBe(2);
    expect(stderr).toBe(
      "error UsageError: heirloom init was given an empty folder name.\n" +
        "  hint: name the folder to make the site in, such as heirloom init my-site, or . for the current one.\n" +
        "  see InitEmptyName: https://heirloom.github.io/heirloom/docs/reference/errors/init-empty-name/\n" +
        "\n1 problem.\n",
    );
  });

  it("makes a folder whose name starts with - when it comes after --, and says to cd into it as ./-name", () => {
    const cwd = temp();
    const result = spawnSync(process.execPath, [cliPath, "init", "--", "--force"], { cwd, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Made --force from the blog starter: 22 files.\n\nNext:\n  cd ./--force\n");
    expect(readdirSync(cwd)).toEqual(["--force"]);
  });
});

describe("heirloom init prints names escaped", () => {
  const name = "site\u202Efdp.md\nnext";

  it("in the folder it made and the cd it suggests", async () => {
    const target = path.join(temp(), name);
    const { code, stdout } = await heirloom("init", target);
    expect(code).toBe(0);
    expect(readdirSync(target)).toContain("site.config.ts");
    const shown = target.replace("\u202E", "\\u202e").replace("\n", "\\u000a");
    expect(stdout).toContain(`Made ${shown} from the blog starter`);
    expect(stdout).toContain(`  cd $'${shown}'\n`);
    expect(stdout).not.toMatch(/[\u202E]|site[^\n]*\nnext/);
  });

  it("in the refusal of a folder that is not empty", async () => {
    const target = path.join(temp(), name);
    mkdirSync(target);
    writeFileSync(path.join(target, "keep.txt"), "mine\n");
    const { code, stderr } = await heirloom("init", target);
    expect(code).toBe(1);
    expect(stderr).toContain("site\\u202efdp.md\\u000anext: it is not empty.");
    expect(stderr).not.toMatch(/[\u202E]|fdp\.md\nnext/);
  });
});

describe("heirloom init --force never writes through a symbolic link, nor outside its folder", () => {
  /** A folder outside the site, and the site's folder, not empty (so --force is needed). */
  function setUp() {
    const outside = temp();
    const site = temp();
    writeFileSync(path.join(site, "notes.txt"), "mine\n");
    writeFileSync(path.join(outside, "package.json"), '{ "name": "other" }\n');
    mkdirSync(path.join(outside, "templates"));
    return { outside, site };
  }
  const snapshot = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [
        path.relative(dir, path.join(e.parentPath, e.name)),
        readFileSync(path.join(e.parentPath, e.name), "utf8"),
      ]);

  it("refuses a package.json that links to a file outside, names it, and writes nothing", async () => {
    const { outside, site } = setUp();
    symlinkSync(path.join(outside, "package.json"), path.join(site, "package.json"));
    const before = snapshot(outside);
    const { code, stderr } = await heirloom("init", site, "--force");
    expect(code).toBe(1);
    expect(stderr).toContain(
      `error OutputDirError: Refusing to write package.json in ${site}: it is a symbolic link ` +
        `(to ${path.join(outside, "package.json")}), and init never writes through one.\n` +
        `  at ${path.join(site, "package.json")}\n` +
        "  hint: remove the link package.json (or put a real file or folder in its place) and run heirloom " +
        "init --force again, or start the site in a new folder.",
    );
    expect(snapshot(outside)).toEqual(before);
    expect(readdirSync(site).sort()).toEqual(["notes.txt", "package.json"]);
  });

  it("refuses a templates/ that links to a folder outside, and a file where a folder goes, all at once", async () => {
    const { outside, site } = setUp();
    symlinkSync(path.join(outside, "templates"), path.join(site, "templates"));
    writeFileSync(path.join(site, "content"), "a file where the starter has a folder\n");
    const { code, stderr } = await heirloom("init", site, "--force");
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Refusing to write templates in ${site}: it is a symbolic link (to ${path.join(outside, "templates")})`,
    );
    expect(stderr).toContain(`Refusing to write content in ${site}: it is a file, where the starter has a folder.`);
    expect(stderr.trimEnd().split("\n").at(-1)).toBe("2 problems.");
    expect(readdirSync(path.join(outside, "templates"))).toEqual([]);
    expect(existsSync(path.join(site, "site.config.ts"))).toBe(false);
  });

  it("replaces a hard link to a file outside with a file of its own, the outside one left as it was", async () => {
    const { outside, site } = setUp();
    linkSync(path.join(outside, "package.json"), path.join(site, "package.json"));
    expect((await heirloom("init", site, "--force")).code).toBe(0);
    expect(readFileSync(path.join(outside, "package.json"), "utf8")).toBe('{ "name": "other" }\n');
    expect(JSON.parse(readFileSync(path.join(site, "package.json"), "utf8")).dependencies).toHaveProperty("heirloom");
    expect(readFileSync(path.join(site, "notes.txt"), "utf8")).toBe("mine\n");
  });
});
