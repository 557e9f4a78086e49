// `heirloom dev` and `heirloom preview` as a user runs them: a child process, what it prints, whether it
// serves, and how it ends. Every server listens on 127.0.0.1 (unless --host) and is stopped by the test.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../../packages/heirloom/src/cli/main.ts";
import { startCli, stopStarted } from "../../helpers/cli-process.ts";
import { buildProject, makeFixture, ownTemplates } from "../../helpers/site.ts";

const servers: Server[] = [];
afterEach(async () => {
  stopStarted();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const start = startCli;

/** Occupies `count` consecutive free ports on 127.0.0.1 and returns the first. */
async function occupy(count: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    const taken: Server[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const server = createServer();
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(first + i, "127.0.0.1", resolve);
        });
        taken.push(server);
      }
      servers.push(...taken);
      return first;
    } catch {
      await Promise.all(taken.map((s) => new Promise((resolve) => s.close(resolve))));
    }
  }
  throw new Error("no free ports to occupy");
}

function fixture() {
  const root = makeFixture();
  ownTemplates(root);
  return root;
}

describe("a port in use", () => {
  it.each(["dev", "preview"])("%s serves on the next free port and says so", async (command) => {
    const root = fixture();
    if (command === "preview") expect(await start(root, ["build"]).exited()).toBe(0);
    const busy = await occupy(1);
    const server = start(root, [command, "--port", String(busy)]);
    await server.waitFor(new RegExp(`Port ${busy} is in use, so ${command} serves on port ${busy + 1}\\.`));
    const [, url] = await server.waitFor(/(?:Dev server at|Serving dist at) (http:\/\/127\.0\.0\.1:\d+\/)/);
    expect(url).toBe(`http://127.0.0.1:${busy + 1}/`);
    expect((await fetch(url)).status).toBe(200);
  });

  it("dev exits 1, naming the ports and --port, when the next ones are taken too", async () => {
    const busy = await occupy(10);
    const server = start(fixture(), ["dev", "--port", String(busy)]);
    expect(await server.exited()).toBe(1);
    expect(server.output()).toContain(
      `error PortInUseError: Ports ${busy} to ${busy + 9} on 127.0.0.1 are all in use.`,
    );
    expect(server.output()).toContain(
      "hint: stop what holds them, or pass --port with another number (--port 0 picks any free one).",
    );
  });
});

describe("a --port that is no port", () => {
  /** Runs the CLI in this process: a bad option stops it before anything is served. */
  async function run(...args: string[]) {
    const out = { stdout: "", stderr: "" };
    const stream = (name: "stdout" | "stderr") =>
      ({ isTTY: false, write: (s: string) => ((out[name] += s), true) }) as unknown as NodeJS.WritableStream;
    const io = { stdout: stream("stdout"), stderr: stream("stderr"), env: {}, untilStopped: async () => {} };
    return { code: await main(["node", "heirloom", ...args], io), ...out };
  }

  it.each([
    ["dev", "65536"],
    ["dev", "-1"],
    ["preview", "-1"],
    ["preview", "80.5"],
    ["preview", ""],
  ])("%s --port %j: a usage error (exit 2) naming the option, the value and the range", async (command, value) => {
    const { code, stdout, stderr } = await run(command, "--port", value, "--root", fixture());
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `error UsageError: --port is ${JSON.stringify(value)}, which is not a port: ` +
        "a port is a whole number from 1 to 65535.\n" +
        "  hint: pass --port a number from 1 to 65535, such as --port 4321, or --port 0 for any free port.\n" +
        "  see BadPort: https://heirloom.github.io/heirloom/docs/reference/errors/bad-port/\n" +
        "\n1 problem.\n",
    );
  });
});

describe("dev's background type check", () => {
  it("prints a template's type error at its file, line and column after the rebuild, " +
    "and when it is fixed", async () => {
    const root = fixture();
    const server = start(root, ["dev", "--port", "0"]);
    await server.waitFor(/type check of site\.config\.ts and templates\/: no problems \(\d+\.\d s\)/, 60_000);
    const pages = path.join(root, "templates", "Pages.tsx");
    const original = readFileSync(pages, "utf8");
    writeFileSync(
      pages,
      original.replace("<h1>{page.title}</h1>\n      <p data-price>", "<h1>{page.titel}</h1>\n      <p data-price>"),
    );
    await server.waitFor(
      new RegExp(
        String.raw`built in \d+ ms \(1 file changed; redid templates\)\n(?:.*\n)*` +
          String.raw`error TypeCheckError: Property 'titel' does not exist on type [^\n]*\n` +
          String.raw` {2}at templates\/Pages\.tsx:\d+:\d+`,
      ),
      60_000,
    );
    writeFileSync(pages, original);
    await server.waitFor(/no problems \(\d+\.\d s\)[\s\S]*no problems \(\d+\.\d s\)/, 60_000);
  }, 120_000);
});

// A stack frame, indented under the error: "    at fn (file:line:column)"; the location line ("  at dist") is not one.
const FRAME = /^ {4,}at (?:.+ \()?[^\s()]+:\d+:\d+\)?$/m;
const BUNDLE_FRAME = /cli-[0-9a-f]{16}\.cjs/;

describe("preview with nothing to serve", () => {
  it("exits 1, naming the folder and the build command that writes it", async () => {
    const root = makeFixture();
    const missing = start(root, ["preview", "--port", "0"]);
    expect(await missing.exited()).toBe(1);
    expect(missing.output()).toContain(
      "error OutputDirError: There is no built site to preview: dist does not exist.\n  at dist\n",
    );
    expect(missing.output()).toContain("hint: run heirloom build first, then preview again.");
    expect(missing.output()).not.toMatch(FRAME);

    mkdirSync(path.join(root, "site"));
    writeFileSync(path.join(root, "site", "notes.txt"), "not a site");
    const empty = start(root, ["preview", "--port", "0", "--out", "site", "--base", "/heirloom/"]);
    expect(await empty.exited()).toBe(1);
    expect(empty.output()).toContain("There is no built site to preview: site holds neither index.html nor 404.html.");
    expect(empty.output()).toContain(
      "hint: run heirloom build --out site --base /heirloom/ first, then preview again.",
    );
  });
});

describe("preview of one of the site's own folders (issue 35)", () => {
  it("refuses .heirloom/, the site's folder and content/, and serves none of their files", async () => {
    const root = makeFixture();
    // A folder that looks built: before, preview served it, form entries included (GET /signup.jsonl).
    mkdirSync(path.join(root, ".heirloom"));
    writeFileSync(path.join(root, ".heirloom", "index.html"), "<!doctype html><title>x</title>");
    writeFileSync(path.join(root, ".heirloom", "signup.jsonl"), '{"email":"ada@example.com"}\n');
    writeFileSync(path.join(root, "index.html"), "<!doctype html><title>x</title>");
    for (const [out, what] of [
      [".heirloom", "is the site's .heirloom folder"],
      [".", "is the site's folder"],
      ["content", "is the site's content folder"],
    ]) {
      const preview = start(root, ["preview", "--port", "0", "--out", out]);
      expect(await preview.exited(), out).toBe(1);
      expect(preview.output()).toContain(
        `error OutputDirError: Refusing to serve ${path.resolve(root, out)}: it ${what}`,
      );
      expect(preview.output()).toContain("hint: preview the folder a build wrote, such as dist (the default).");
      expect(preview.output()).not.toContain("Serving");
    }
  });
});

describe("preview of a build under a base path", () => {
  it("serves it under the base it was built with, stylesheet included, without being told", async () => {
    const root = makeFixture();
    await buildProject(root, { base: "/heirloom/" });
    const server = start(root, ["preview", "--port", "0"]);
    const [, url] = await server.waitFor(
      /Serving dist at (http:\/\/127\.0\.0\.1:\d+\/heirloom\/) \(the base path it was built with\)/,
    );
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const stylesheet = (await page.text()).match(/<link rel="stylesheet" href="(\/heirloom\/assets\/[^"]+\.css)"/)![1];
    const css = await fetch(new URL(stylesheet, url));
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("follows an explicit --base, warning which base the output was built with", async () => {
    const root = makeFixture();
    await buildProject(root, { base: "/heirloom/" });
    const server = start(root, ["preview", "--port", "0", "--base", "/"]);
    await server.waitFor(/Serving dist at http:\/\/127\.0\.0\.1:\d+\/\n/);
    // On stderr, which the pipe may deliver after stdout: waited for, not assumed.
    await server.waitFor(/Leave out --base to serve it as it was built\./);
    expect(server.output()).toContain(
      "warning dist was built with the base path /heirloom/, and --base serves it under /:",
    );
  });
});

describe("a path segment over 255 bytes", () => {
  it.each(["dev", "preview"])("%s answers it with the 404 page and prints nothing about it", async (command) => {
    const root = fixture();
    if (command === "preview") expect(await start(root, ["build"]).exited()).toBe(0);
    const server = start(root, [command, "--port", "0"]);
    const [, url] = await server.waitFor(/(?:Dev server at|Serving dist at) (http:\/\/127\.0\.0\.1:\d+\/)/);
    // Longer than a file's name may be (255 bytes), in letters and in two-byte characters.
    for (const segment of ["a".repeat(256), "é".repeat(128)]) {
      const answer = await fetch(new URL(`about/${encodeURIComponent(segment)}`, url));
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("There is no such page.");
    }
    expect((await fetch(url)).status).toBe(200);
    // Everything it printed, read to the end once it has stopped.
    const closed = new Promise((resolve) => server.child.once("close", resolve));
    server.child.kill("SIGTERM");
    await closed;
    expect(server.output()).not.toMatch(FRAME);
    expect(server.output()).not.toMatch(/error|ENAMETOOLONG|warning/i);
  });
});

describe("preview's form receivers", () => {
  it("keeps the entries in the project's .heirloom/ whatever --out is, and logs each signup masked", async () => {
    const root = makeFixture();
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-elsewhere-")), "site");
    await buildProject(root, { outDir: out });
    const server = start(root, ["preview", "--port", "0", "--out", out]);
    const [, url] = await server.waitFor(/Serving .+ at (http:\/\/127\.0\.0\.1:\d+\/)/);
    // Printed after the address, maybe in a later chunk of the pipe: waited for, not assumed.
    const entries = path.join(".heirloom", "signup.jsonl").replaceAll("\\", "\\\\").replaceAll(".", "\\.");
    await server.waitFor(new RegExp(`^Form entries go to ${entries}$`, "m"));
    const address = "margaret.whitfield@example.com";
    const posted = await fetch(new URL("__heirloom/signup", url), {
      method: "POST",
      body: `email=${encodeURIComponent(address)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(200);
    await server.waitFor(/^signup: stored m\*{8}@example\.com$/m);
    expect(readFileSync(path.join(root, ".heirloom", "signup.jsonl"), "utf8")).toContain(address);
    // Beside the output folder is only what its builds keep there (their lock), never a form's entries.
    expect(existsSync(path.join(path.dirname(out), ".heirloom", "signup.jsonl"))).toBe(false);
    await fetch(new URL("__heirloom/signup", url), {
      method: "POST",
      body: `email=${encodeURIComponent(address.toUpperCase())}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await server.waitFor(/^signup: duplicate M\*{8}@EXAMPLE\.COM$/m);
    expect(server.output().toLowerCase()).not.toContain("margaret.whitfield");
  });
});

describe("the forms' lock left by a server killed mid-post", () => {
  it.each(["dev", "preview"])("%s takes it over, says so, stores the post and prints it", async (command) => {
    const root = fixture();
    if (command === "preview") expect(await start(root, ["build"]).exited()).toBe(0);
    // A process that has ended, named in the lock as a server killed while it held it would leave it.
    const gone = spawn(process.execPath, ["-e", "0"]);
    await new Promise((resolve) => gone.on("exit", resolve));
    mkdirSync(path.join(root, ".heirloom"), { recursive: true });
    const lock = path.join(root, ".heirloom", "signup.jsonl.lock");
    writeFileSync(lock, JSON.stringify({ pid: gone.pid, started: "1", host: os.hostname(), nonce: "n" }));
    const server = start(root, [command, "--port", "0"]);
    const [, url] = await server.waitFor(/(?:Dev server at|Serving dist at) (http:\/\/127\.0\.0\.1:\d+\/)/);
    const posted = await fetch(new URL("__heirloom/signup", url), {
      method: "POST",
      body: "email=ann.lee%40example.com",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(200);
    const shown = path.join(".heirloom", "signup.jsonl.lock").replaceAll("\\", "\\\\").replaceAll(".", "\\.");
    await server.waitFor(
      new RegExp(`^warning took over ${shown}: it was left by process ${gone.pid}, which has ended\\.$`, "m"),
    );
    await server.waitFor(/^signup: stored a\*{6}@example\.com$/m);
    expect(readFileSync(path.join(root, ".heirloom", "signup.jsonl"), "utf8")).toContain("ann.lee@example.com");
    expect(existsSync(lock)).toBe(false);
  });
});

describe("--debug", () => {
  it("prints preview's stack trace with frames in src/ files, never in the compiled bundle", async () => {
    const server = start(makeFixture(), ["preview", "--port", "0", "--debug"]);
    expect(await server.exited()).toBe(1);
    expect(server.output()).toMatch(FRAME);
    expect(server.output()).toMatch(/^ {4,}at .*[\\/]src[\\/]serve[\\/]preview[\\/]preview\.ts:\d+:\d+\)?$/m);
    expect(server.output()).not.toMatch(BUNDLE_FRAME);
  });

  it("prints dev's stack trace with frames in src/ files, and none without it", async () => {
    const busy = await occupy(10);
    const root = fixture();
    const debug = start(root, ["dev", "--port", String(busy), "--debug"]);
    expect(await debug.exited()).toBe(1);
    expect(debug.output()).toContain("error PortInUseError:");
    expect(debug.output()).toMatch(/^ {4,}at .*[\\/]src[\\/]serve[\\/]\S+\.ts:\d+:\d+\)?$/m);
    expect(debug.output()).not.toMatch(BUNDLE_FRAME);
    const plain = start(root, ["dev", "--port", String(busy)]);
    expect(await plain.exited()).toBe(1);
    expect(plain.output()).toContain("error PortInUseError:");
    expect(plain.output()).not.toMatch(FRAME);
  });

  it("prints the stack trace of a mistake saved while dev runs, with frames in src/ files", async () => {
    const root = fixture();
    const server = start(root, ["dev", "--port", "0", "--debug"]);
    await server.waitFor(/Dev server at/);
    const note = path.join(root, "content", "notes", "second.md");
    writeFileSync(note, readFileSync(note, "utf8").replace("price: 7", 'price: "seven"'));
    await server.waitFor(
      new RegExp(
        String.raw`error \w+Error: The field "price" in content\/notes\/second\.md[^\n]*\n` +
          String.raw`(?:.*\n)*? {4,}at .*[\\/]src[\\/]\S+\.ts:\d+:\d+\)?\n`,
      ),
    );
    expect(server.output()).not.toMatch(BUNDLE_FRAME);
  });
});

describe("--open and --host", () => {
  it("dev opens its address in the browser BROWSER names, and listens where --host says", async () => {
    const root = makeFixture();
    const opened = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-open-")), "opened.txt");
    const browser = path.join(path.dirname(opened), "browser.sh");
    writeFileSync(browser, `#!/bin/sh\necho "$1" > ${JSON.stringify(opened)}\n`, { mode: 0o755 });
    const dev = start(root, ["dev", "--port", "0", "--host", "127.0.0.1", "--open"], { BROWSER: browser });
    const [, url] = await dev.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/);
    await expect.poll(() => existsSync(opened) && readFileSync(opened, "utf8").trim()).toBe(url);
    expect((await fetch(url)).status).toBe(200);
    // 127.0.0.1 is this machine only: nothing to warn about.
    expect(dev.output()).not.toContain("--host");
  });

  it("preview prints the network's addresses and a warning for every interface (addresses unit-tested)", async () => {
    const { addressesOf } = await import("../../../packages/heirloom/src/cli/reach.ts");
    const nic = (address: string, internal = false) => ({ address, family: "IPv4", internal }) as never;
    const interfaces = { lo: [nic("127.0.0.1", true)], eth0: [nic("192.168.1.20")], wlan0: [nic("10.0.0.5")] };
    expect(addressesOf("0.0.0.0", "http://127.0.0.1:4173/heirloom/", interfaces)).toEqual({
      local: "http://127.0.0.1:4173/heirloom/",
      network: ["http://192.168.1.20:4173/heirloom/", "http://10.0.0.5:4173/heirloom/"],
    });
    expect(addressesOf("192.168.1.20", "http://127.0.0.1:4173/", interfaces)).toEqual({
      local: "http://192.168.1.20:4173/",
      network: [],
    });
  });
});
