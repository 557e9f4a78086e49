// The conventions a user of the command line guesses: NO_COLOR and FORCE_COLOR, `.env` files under the
// environment and the flags, and `build --json` for CI (its report, or its problems with exit code 1).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { colorFor } from "../../../packages/heirloom/src/cli/io.ts";
import { main } from "../../../packages/heirloom/src/cli/main.ts";
import { cliPath, makeFixture, ownTemplates } from "../../helpers/site.ts";

/** Runs the CLI in this process with its own streams and environment; the exit code and what it printed. */
async function run(env: Record<string, string>, ...args: string[]) {
  const out = { stdout: "", stderr: "" };
  const stream = (name: "stdout" | "stderr") =>
    ({ isTTY: false, write: (s: string) => ((out[name] += s), true) }) as unknown as NodeJS.WritableStream;
  const io = { stdout: stream("stdout"), stderr: stream("stderr"), env, untilStopped: async () => {} };
  const code = await main(["node", "heirloom", ...args], io);
  return { code, ...out };
}

describe("colour", () => {
  it.each([
    [{ isTTY: true }, {}, true],
    [{ isTTY: false }, {}, false],
    [{ isTTY: true }, { NO_COLOR: "1" }, false],
    [{ isTTY: true }, { NO_COLOR: "" }, true],
    [{ isTTY: false }, { FORCE_COLOR: "1" }, true],
    [{ isTTY: true }, { FORCE_COLOR: "0" }, false],
    [{ isTTY: false }, { FORCE_COLOR: "true", NO_COLOR: "1" }, true],
  ])("a stream %o with %o is coloured: %s", (stream, env, colored) => {
    expect(colorFor(stream, env)).toBe(colored);
  });

  it("colours the report when FORCE_COLOR is set, though the output is no terminal", async () => {
    const root = makeFixture();
    ownTemplates(root);
    expect((await run({ FORCE_COLOR: "1" }, "build", "--root", root)).stdout).toContain("\x1b[1m");
    expect((await run({}, "build", "--root", root)).stdout).not.toContain("\x1b[");
  });
});

describe(".env files", () => {
  const sitemapHost = (root: string) => /<loc>https:\/\/([^/]+)\//.exec(readFileSync(sitemap(root), "utf8"))?.[1];
  const sitemap = (root: string) => path.join(root, "dist", "sitemap.xml");

  it("are read under the environment and the flags: .env, then .env.production over it", async () => {
    const root = makeFixture();
    ownTemplates(root);
    writeFileSync(path.join(root, ".env"), "HEIRLOOM_SITE_URL=https://dotenv.example\n");
    expect((await run({}, "build", "--root", root)).code).toBe(0);
    expect(sitemapHost(root)).toBe("dotenv.example");
    writeFileSync(
      path.join(root, ".env.production"),
      "# the production address\nHEIRLOOM_SITE_URL=https://prod.example\n",
    );
    await run({}, "build", "--root", root);
    expect(sitemapHost(root)).toBe("prod.example");
    await run({ HEIRLOOM_SITE_URL: "https://environment.example" }, "build", "--root", root);
    expect(sitemapHost(root)).toBe("environment.example");
    await run(
      { HEIRLOOM_SITE_URL: "https://environment.example" },
      "build",
      "--root",
      root,
      "--site-url",
      "https://flag.example",
    );
    expect(sitemapHost(root)).toBe("flag.example");
  });
});

describe(".env files that are not files", () => {
  const refused = (root: string, name: string, kind: string) =>
    `error ConfigError: ${path.join(root, name)} is ${kind}, not a file of variables, so it was not read.\n` +
    `  at ${path.join(root, name)}\n` +
    `  hint: make ${path.join(root, name)} a text file of NAME=value lines, or remove it: the .env files are optional.`;

  it.each([
    ["a folder", (file: string) => mkdirSync(file)],
    ["a device", (file: string) => symlinkSync("/dev/zero", file)],
    ["a socket", (file: string) => new Promise<void>((resolve) => net.createServer().listen(file, resolve).unref())],
  ])("are refused, naming the file, when the .env is %s, in text and as JSON", async (kind, make) => {
    const root = makeFixture();
    ownTemplates(root);
    await make(path.join(root, ".env"));
    const { code, stdout, stderr } = await run({}, "build", "--root", root, "--json");
    expect(code).toBe(1);
    expect(stderr).toContain(refused(root, ".env", kind));
    expect(JSON.parse(stdout).problems).toEqual([
      expect.objectContaining({ code: "ConfigError", file: path.join(root, ".env") }),
    ]);
  });

  // A named pipe waits for a writer for ever when it is opened to read: the command is run as a process, which
  // the test ends after 20 s if it waits.
  it.each([
    [".env", ["build"]],
    [".env.development", ["dev", "--port", "0"]],
  ])("are refused at once when %s is a named pipe (%s)", (name, args) => {
    const root = makeFixture();
    ownTemplates(root);
    expect(spawnSync("mkfifo", [path.join(root, name)]).status).toBe(0);
    const result = spawnSync(process.execPath, [cliPath, ...args, "--root", root], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, NO_COLOR: "1" },
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(refused(root, name, "a named pipe (FIFO)"));
  });
});

describe("build --json", () => {
  it("prints the build's report as JSON: every page with its sizes, the site hash, the warnings", async () => {
    const root = makeFixture();
    ownTemplates(root);
    const { code, stdout } = await run({}, "build", "--root", root, "--json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ ok: true, kept: false, outDir: path.join(root, "dist") });
    expect(report.siteHash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.pages.find((p: { route: string }) => p.route === "/")).toMatchObject({
      file: "index.html",
      rendered: true,
    });
    expect(report.pages[0].gzip.html).toBeGreaterThan(100);
    expect(report.warnings.some((w: string) => w.startsWith("No site URL is set"))).toBe(true);
  });

  it.each([
    [["build", "--nope", "--json"], "unknown option '--nope'", "build "],
    [["build", "--json", "--jsno"], "unknown option '--jsno'\n(Did you mean --json?)", "build "],
    [["build", "--json", "--out"], "option '-o, --out <dir>' argument missing", "build "],
    [["--json", "biuld"], "unknown option '--json'", ""],
  ])("prints a usage error of %j as JSON too, with exit code 2", async (args, detail, command) => {
    const { code, stdout, stderr } = await run({}, ...args);
    expect(code).toBe(2);
    expect(stderr).toContain(`error: ${detail}`);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      problems: [
        {
          code: "UsageError",
          id: "BadUsage",
          message: detail,
          hint: `run heirloom ${command}--help for the commands and options it takes.`,
          docsUrl: "https://heirloom.github.io/heirloom/docs/reference/errors/bad-usage/",
        },
      ],
    });
  });

  it("prints the problems of a failed build as JSON, with exit code 1", async () => {
    const root = makeFixture("missing-field");
    ownTemplates(root);
    const { code, stdout, stderr } = await run({}, "build", "--root", root, "--json");
    expect(code).toBe(1);
    expect(stderr).toContain("error ContentSchemaError");
    const failure = JSON.parse(stdout);
    expect(failure.ok).toBe(false);
    expect(failure.problems[0]).toMatchObject({
      code: "ContentSchemaError",
      file: expect.stringMatching(/^content\//),
    });
    expect(failure.problems[0].line).toBeGreaterThan(0);
  });
});
