// No request ends either server: a table of raw HTTP requests, sent over a socket exactly as written (no
// client that normalizes URLs), against `heirloom preview` and `heirloom dev`. Each gets its status, no
// answer shows a path of this machine, nothing is printed with a stack trace, and `/` still answers after it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadDefinition } from "../../../packages/heirloom/src/pipeline/compile-parts.ts";
import { startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { startPreview } from "../../../packages/heirloom/src/serve/preview/preview.ts";
import { buildProject, makeFixture, ownTemplates } from "../../helpers/site.ts";

/**
 * Sends `head` (a request line and headers, without the blank line) with a Host header (none when `host` is
 * null) and returns the status and body.
 */
async function raw(
  origin: string,
  head: string,
  body = "",
  host: string | null = "127.0.0.1",
): Promise<{ status: number; text: string }> {
  const { port } = new URL(origin);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.write(
    `${head}${host === null ? "" : `\r\nHost: ${host}`}\r\nConnection: close` +
      (body
        ? `\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}`
        : "") +
      `\r\n\r\n${body}`,
  );
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await new Promise<void>((resolve) => {
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
  });
  const text = Buffer.concat(chunks).toString("utf8");
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text };
}

const long = (n: number) => `/${"a".repeat(n)}`;

/** [request line, expected status]: the same for both servers. */
const TABLE: Array<[line: string, status: number]> = [
  ["GET / HTTP/1.1", 200],
  ["HEAD / HTTP/1.1", 200],
  ["GET /about/team HTTP/1.1", 200],
  ["GET http://127.0.0.1/about/team HTTP/1.1", 200],
  ["GET /nowhere HTTP/1.1", 404],
  ["GET //[ HTTP/1.1", 404], // a path (not a URL without a scheme) that names no file
  ["GET http://[ HTTP/1.1", 400],
  ["GET //evil.example/ HTTP/1.1", 404],
  ["GET /% HTTP/1.1", 400],
  ["GET /%zz HTTP/1.1", 400],
  ["GET /about/team% HTTP/1.1", 400],
  ["GET /%c0%af HTTP/1.1", 400],
  ["GET /%00 HTTP/1.1", 400],
  ["GET /index.html%00.md HTTP/1.1", 400],
  ["GET * HTTP/1.1", 400],
  ["GET ../../etc/passwd HTTP/1.1", 400],
  ["GET /../../../../etc/passwd HTTP/1.1", 404],
  ["GET /%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1", 404],
  ["GET /assets/..%2f..%2fpackage.json HTTP/1.1", 404],
  // One segment over 255 bytes, which no file's name can be: a missing page, not a failure of the server.
  [`GET /about/${"a".repeat(256)} HTTP/1.1`, 404],
  [`GET /${"%C3%A9".repeat(128)} HTTP/1.1`, 404], // 128 characters, 256 bytes
  [`GET ${long(5000)} HTTP/1.1`, 414],
  [`GET ${long(20000)} HTTP/1.1`, 431],
  ["POST / HTTP/1.1", 405],
  ["POST /about/team HTTP/1.1", 405],
  ["DELETE / HTTP/1.1", 405],
  ["OPTIONS / HTTP/1.1", 405],
  ["GET /__heirloom/signup HTTP/1.1", 405],
  ["PUT /__heirloom/signup HTTP/1.1", 405],
];

/**
 * [request line, Host header (null: none, as HTTP/1.0 may send), expected status]: only the servers' own hosts
 * are answered (DNS rebinding); the fixture's site.config.ts allows site.example and .tunnel.example.
 */
const HOSTS: Array<[line: string, host: string | null, status: number]> = [
  ["GET / HTTP/1.1", "127.0.0.1:4321", 200],
  ["GET / HTTP/1.1", "localhost:4321", 200],
  ["GET / HTTP/1.1", "LocalHost.", 200],
  ["GET / HTTP/1.1", "app.localhost", 200],
  ["GET / HTTP/1.1", "127.8.9.10", 200],
  ["GET / HTTP/1.1", "[::1]:4321", 200],
  ["GET / HTTP/1.1", "site.example", 200],
  ["GET / HTTP/1.1", "SITE.example:80", 200],
  ["GET / HTTP/1.1", "tunnel.example", 200],
  ["GET / HTTP/1.1", "a1b2.tunnel.example", 200],
  ["GET / HTTP/1.0", null, 200],
  ["GET / HTTP/1.1", "evil.example", 403],
  ["GET / HTTP/1.1", "evil.example:4321", 403],
  ["GET / HTTP/1.1", "www.site.example", 403],
  ["GET / HTTP/1.1", "site.example.evil.example", 403],
  ["GET / HTTP/1.1", "localhost.evil.example", 403],
  ["GET / HTTP/1.1", "127.0.0.1.nip.io", 403],
  ["GET / HTTP/1.1", "10.0.0.1", 403],
  ["GET / HTTP/1.1", "[::1", 403],
  ["GET / HTTP/1.1", "", 403],
  ["GET /nowhere HTTP/1.1", "evil.example", 403],
  ["GET /%zz HTTP/1.1", "evil.example", 403],
  ["POST /__heirloom/signup HTTP/1.1", "evil.example", 403],
  ["GET http://evil.example/ HTTP/1.1", "127.0.0.1", 403],
];

interface Server {
  url: string;
  root: string;
  close(): Promise<void>;
}

/** The fixture with server.allowedHosts in its site.config.ts. */
function allowingHosts(root: string): string {
  const file = path.join(root, "site.config.ts");
  const allowed = 'server: { allowedHosts: ["site.example", ".tunnel.example"] },';
  writeFileSync(file, readFileSync(file, "utf8").replace('unregistered: ["/later"],', `$&\n  ${allowed}`));
  return root;
}

const servers: Array<[string, () => Promise<Server>]> = [
  [
    "preview",
    async () => {
      const root = allowingHosts(makeFixture());
      const built = await buildProject(root);
      const { forms, allowedHosts } = await loadDefinition(root);
      const preview = await startPreview({ outDir: built.outDir, root, forms, allowedHosts, port: 0 });
      return { url: preview.url, root, close: () => preview.close() };
    },
  ],
  [
    "dev",
    async () => {
      const root = allowingHosts(makeFixture());
      ownTemplates(root);
      const dev = await startDev({ root, env: {}, port: 0 });
      return { url: dev.url, root, close: () => dev.close() };
    },
  ],
];

describe.each(servers)("heirloom %s", (_name, start) => {
  let server: Server;
  const printed: string[] = [];
  beforeAll(async () => {
    server = await start();
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      vi.spyOn(stream, "write").mockImplementation((chunk: unknown, ...rest: unknown[]) => {
        printed.push(String(chunk));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      });
    }
    vi.spyOn(console, "error").mockImplementation(
      (...args: unknown[]) => void printed.push(args.map(String).join(" ")),
    );
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
  });

  const machinePaths = () => [server.root, os.tmpdir(), os.homedir(), process.cwd()].filter((p) => p.length > 1);

  const rows = TABLE.map(([line, status]) => ({
    line,
    status,
    shown: line.length > 80 ? `${line.slice(0, 30)}… (${line.length} characters)` : line,
  }));
  it.each(rows)("$shown -> $status, and the server still answers /", async ({ line, status }) => {
    const answer = await raw(server.url, line);
    expect(answer.status).toBe(status);
    for (const p of machinePaths()) expect(answer.text).not.toContain(p);
    if (status === 405) expect(answer.text).toMatch(/^allow: /im);
    expect((await raw(server.url, "GET / HTTP/1.1")).status).toBe(200);
    expect(printed.join("").match(/^\s+at .*:\d+:\d+\)?$/m)).toBeNull();
  });

  const hostRows = HOSTS.map(([line, host, status]) => ({ line, host, status, shown: JSON.stringify(host) }));
  it.each(hostRows)("$line with Host $shown -> $status", async ({ line, host, status }) => {
    const answer = await raw(server.url, line, line.startsWith("POST") ? "email=ann%40example.com" : "", host);
    expect(answer.status).toBe(status);
    if (status === 403) {
      expect(answer.text).toContain("Blocked: this server answers only requests for its own host names.");
      expect(answer.text).not.toContain("<p");
    }
    if (host === "evil.example") {
      expect(answer.text).toContain('add "evil.example" to server.allowedHosts in site.config.ts');
    }
  });

  it("answers a form post that cannot be stored with 500, names no path, and keeps running", async () => {
    const store = path.join(server.root, ".heirloom", "signup.jsonl");
    rmSync(store, { force: true });
    mkdirSync(store, { recursive: true }); // a folder where the file should be: every append fails
    try {
      const answer = await raw(server.url, "POST /__heirloom/signup HTTP/1.1", "email=ann%40example.com");
      expect(answer.status).toBe(500);
      for (const p of machinePaths()) expect(answer.text).not.toContain(p);
      expect((await raw(server.url, "GET / HTTP/1.1")).status).toBe(200);
    } finally {
      rmSync(store, { recursive: true, force: true });
    }
    const stored = await raw(server.url, "POST /__heirloom/signup HTTP/1.1", "email=ann%40example.com");
    expect(stored.status).toBe(200);
  });
});
