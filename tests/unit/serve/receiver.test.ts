// The local receiver of a form: validates, stores each address once (across processes too), never tells who
// is listed, and survives a damaged file without making it worse.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LockBusyError, openEntryStore } from "../../../packages/heirloom/src/serve/forms/entry-store.ts";
import { acquireLock } from "../../../packages/heirloom/src/output/write/file-lock.ts";
import { isValidEmail, maskValue, receiveFormPost } from "../../../packages/heirloom/src/serve/forms/receiver.ts";
import { repoRoot, engineRoot } from "../../helpers/site.ts";

const FORM = { name: "signup", field: "email", type: "email" as const };
let server: Server;
let url: string;
let file: string;
/** What each request's handling ended with: its result, or what it threw. */
let handled: Array<Promise<unknown>>;

const tempFile = () =>
  path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-receiver-")), ".heirloom", "signup.jsonl");
beforeEach(async () => {
  file = tempFile();
  const store = await openEntryStore(file, "email", { lockTimeoutMs: 200 });
  handled = [];
  server = createServer((req, res) => handled.push(receiveFormPost(req, res, store, FORM).catch((e: unknown) => e)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (body: string) =>
  fetch(url, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
const postEmail = (email: string) => post(new URLSearchParams({ email }).toString());
const lines = () => readFileSync(file, "utf8").split("\n").filter(Boolean);
const entries = () => lines().map((l) => JSON.parse(l) as { email: string; at: string });

describe("the local receiver", () => {
  it("stores 200 concurrent distinct posts, each exactly once, with a timestamp", async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `person${i}@example.com`);
    const statuses = await Promise.all(emails.map(async (e) => (await postEmail(e)).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(
      entries()
        .map((e) => e.email)
        .sort(),
    ).toEqual([...emails].sort());
    expect(entries().every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it(
    "ignores duplicates, also when they arrive at once and differ in case, " + "and answers them like new ones",
    async () => {
      const responses = await Promise.all(
        ["ann@example.com", "ann@example.com", "ANN@example.com", "bob@example.com"].map(postEmail),
      );
      expect(new Set(await Promise.all(responses.map((r) => r.text()))).size).toBe(1);
      expect(
        entries()
          .map((e) => e.email.toLowerCase())
          .sort(),
      ).toEqual(["ann@example.com", "bob@example.com"]);
    },
  );

  it("rejects a bad, missing or doubled value with 400 and stores nothing", async () => {
    for (const bad of ["", "   ", "not-an-email", "a@", "@b.com", "a b@c.com", `${"a".repeat(250)}@b.co`])
      expect((await postEmail(bad)).status, bad).toBe(400);
    expect((await post("name=Ann")).status).toBe(400);
    expect((await post("email=ann%40example.com&email=bob%40example.com")).status).toBe(400);
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
  });

  it("answers anything but POST with 405 and an Allow header", async () => {
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.text()).toContain("<title>Method not allowed</title><p>Send the form with POST.</p>");
  });

  it("answers a body over 8 KB with 413, titled for what it is, and stores nothing", async () => {
    const response = await post(`email=${"a".repeat(9000)}%40example.com`);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("<title>Too large</title><p>That request is too large.</p>");
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
  });

  it("refuses an address that begins with = + - or @ in plain words, as a spreadsheet would run it", async () => {
    for (const email of ["=1+1@example.com", "+tag@example.com", "-2+3@example.com"]) {
      const response = await postEmail(email);
      expect(response.status, email).toBe(400);
      const text = await response.text();
      expect(text).toContain("<title>Not received</title>");
      expect(text).toContain("Please check your email address: it cannot begin with =, +, - or @.");
    }
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
  });

  it("treats a client that aborts mid-body as gone, not as a failure to store, and keeps serving", async () => {
    const socket = net.connect(Number(new URL(url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n");
    socket.write("Content-Length: 100\r\n\r\nemail=ann%40exa");
    await expect.poll(() => handled.length).toBe(1);
    socket.destroy();
    expect(await handled[0]).toBeUndefined();
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
    expect((await postEmail("ann@example.com")).status).toBe(200);
  });

  it("remembers entries across restarts", async () => {
    await postEmail("carol@example.com");
    const reopened = await openEntryStore(file, "email");
    expect(await reopened.add("Carol@example.com")).toBe("duplicate");
  });
});

describe("the answer page", () => {
  const outcomeOf = (html: string) => html.match(/data-outcome="(\w+)"/)?.[1];

  it("tells the page that posted the outcome, with a script its own policy allows by hash alone", async () => {
    const response = await postEmail("ann@example.com");
    const html = await response.text();
    expect(html).toContain('<html lang="en" data-form="signup" data-outcome="received">');
    expect(html).toContain("<title>Received</title><p>Thank you, it has been received.</p>");
    const script = html.match(/<script>(.*)<\/script>/)![1];
    expect(script).toContain(
      "top.postMessage({form:d.form,outcome:d.outcome,message:document.querySelector('p').textContent}," +
        "location.origin)",
    );
    const hash = createHash("sha256").update(script).digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors 'self'`,
    );
    expect(outcomeOf(await (await postEmail("ANN@example.com")).text())).toBe("received");
    expect(outcomeOf(await (await postEmail("ann@")).text())).toBe("invalid");
    expect(outcomeOf(await (await postEmail("=ann@example.com")).text())).toBe("invalid");
  });

  it("says busy (503) when another process keeps the lock, failed (500) when the file cannot be written", async () => {
    const release = await acquireLock(`${file}.lock`, { timeoutMs: 1000 });
    const busy = await postEmail("ann@example.com");
    await release();
    expect(busy.status).toBe(503);
    const html = await busy.text();
    expect(outcomeOf(html)).toBe("busy");
    expect(html).toContain("<title>Busy</title>");
    expect(await handled[0]).toBeInstanceOf(LockBusyError);

    rmSync(file, { force: true });
    mkdirSync(file); // a folder where the file should be: the append fails
    const failed = await postEmail("ann@example.com");
    expect(failed.status).toBe(500);
    expect(outcomeOf(await failed.text())).toBe("failed");
    expect(await handled[1]).toMatchObject({ code: "EISDIR" });
  });
});

describe("a damaged file", () => {
  it("starts anyway, reports each bad line once with its number, and puts the next entry on its own line", async () => {
    const damaged = tempFile();
    await openEntryStore(damaged, "email"); // creates the folder
    const original =
      '\uFEFF{"email":"ann@example.com","at":"2026-01-01T00:00:00.000Z"}\n' +
      'not json at all\n{"name":"no email"}\n{"email":"bob@exa';
    writeFileSync(damaged, original);
    const reports: Array<[number, string]> = [];
    const store = await openEntryStore(damaged, "email", {
      onDamagedLine: (line, reason) => reports.push([line, reason]),
    });
    expect(reports).toEqual([
      [2, 'it is not a JSON entry with "email"'],
      [3, 'it is not a JSON entry with "email"'],
      [4, "it is cut off (no newline at the end)"],
    ]);
    expect(await store.add("ANN@example.com")).toBe("duplicate");
    expect(await store.add("carol@example.com")).toBe("added");
    expect(await store.add("dan@example.com")).toBe("added");
    const text = readFileSync(damaged, "utf8");
    expect(text.startsWith(original)).toBe(true);
    expect(
      text
        .slice(original.length)
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).email),
    ).toEqual(["carol@example.com", "dan@example.com"]);
    expect(reports).toHaveLength(3);
  });
});

describe("the entries file changed behind the server's back", () => {
  const line = (email: string) => `${JSON.stringify({ email, at: "2026-01-01T00:00:00.000Z" })}\n`;

  it("stores again an address posted after the file was emptied (after an export)", async () => {
    expect((await postEmail("ann@example.com")).status).toBe(200);
    writeFileSync(file, "");
    expect((await postEmail("ann@example.com")).status).toBe(200);
    expect(entries().map((e) => e.email)).toEqual(["ann@example.com"]);
  });

  it("follows a shorter file put in its place: what it lost is new again, what it kept is known", async () => {
    const store = await openEntryStore(file, "email");
    for (const email of ["ann@example.com", "bob@example.com", "cat@example.com"]) await store.add(email);
    writeFileSync(`${file}.new`, line("bob@example.com"));
    renameSync(`${file}.new`, file);
    expect(await store.add("BOB@example.com")).toBe("duplicate");
    expect(await store.add("ann@example.com")).toBe("added");
    expect(await store.add("cat@example.com")).toBe("added");
    expect(entries().map((e) => e.email)).toEqual(["bob@example.com", "ann@example.com", "cat@example.com"]);
  });

  it("follows a longer file put in its place, read from its start", async () => {
    const store = await openEntryStore(file, "email");
    await store.add("ann@example.com");
    writeFileSync(`${file}.new`, ["bob", "cat", "dan"].map((name) => line(`${name}@example.com`)).join(""));
    renameSync(`${file}.new`, file);
    expect(await store.add("ann@example.com")).toBe("added");
    expect(await store.add("dan@example.com")).toBe("duplicate");
  });

  it("follows an edit in place that keeps the size (only the modification time tells)", async () => {
    const store = await openEntryStore(file, "email");
    await store.add("ann@example.com");
    writeFileSync(file, readFileSync(file, "utf8").replace("ann@", "amy@"));
    const later = new Date(Date.now() + 10_000);
    utimesSync(file, later, later);
    expect(await store.add("ann@example.com")).toBe("added");
    expect(await store.add("amy@example.com")).toBe("duplicate");
  });
});

describe("a lock file left by a server that was killed mid-post", () => {
  it("is taken over when it is empty: the post is stored at once and the takeover is told", async () => {
    const told: string[] = [];
    const store = await openEntryStore(file, "email", { lockTimeoutMs: 2000, onStaleLock: (left) => told.push(left) });
    writeFileSync(`${file}.lock`, "");
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, aMinuteAgo, aMinuteAgo);
    const started = performance.now();
    expect(await store.add("ann@example.com")).toBe("added");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(told).toEqual(["a process that did not name itself (the lock file is empty or unreadable)"]);
    expect(await store.add("bob@example.com")).toBe("added");
    expect(told).toHaveLength(1);
  });
});

describe("two processes on one file (preview and dev at once)", () => {
  it("store every address once, the file being the source of truth", async () => {
    const shared = tempFile();
    const script = path.join(path.dirname(shared), "store.mjs");
    const entryStore = JSON.stringify(path.join(engineRoot, "src/serve/forms/entry-store.ts"));
    await build({
      stdin: {
        contents: `import { openEntryStore } from ${entryStore};
          const store = await openEntryStore(process.argv[2], "email");
          const emails = JSON.parse(process.argv[3]);
          await Promise.all(emails.map((e) => store.add(e)));`,
        resolveDir: repoRoot,
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      format: "esm",
      // The store's folder entry hands on CommonJS modules too (the engine's own bundles are CommonJS).
      banner: { js: 'import { createRequire as req } from "node:module"; const require = req(import.meta.url);' },
      outfile: script,
      logLevel: "silent",
    });
    // 150 addresses each, 100 of them the same (in another case in the second process).
    const a = Array.from({ length: 150 }, (_, i) => `p${i}@example.com`);
    const b = Array.from({ length: 150 }, (_, i) => (i < 100 ? `P${i}@Example.com` : `q${i}@example.com`));
    const run = (emails: string[]) =>
      new Promise<number>((resolve) =>
        spawn(process.execPath, [script, shared, JSON.stringify(emails)], { stdio: "inherit" }).on("exit", (code) =>
          resolve(code ?? 1),
        ),
      );
    expect(await Promise.all([run(a), run(b)])).toEqual([0, 0]);
    const stored = readFileSync(shared, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { email: string }).email.toLowerCase());
    expect(stored).toHaveLength(200);
    expect(new Set(stored).size).toBe(200);
  });
});

describe("rules", () => {
  it("isValidEmail follows the browser's rule", () => {
    expect(isValidEmail("a.b+c@sub.example.org")).toBe(true);
    expect(isValidEmail("a@localhost")).toBe(true);
    expect(isValidEmail("a@-x.com")).toBe(false);
  });

  it("masks an address for the terminal", () => {
    expect(maskValue("ann@example.com")).toBe("a**@example.com");
    expect(maskValue("margaret.smith@example.com")).toBe("m********@example.com");
  });
});
