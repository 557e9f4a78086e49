// What the README promises of `npx serve dist`: the built site looked at as a static host serves it, without
// the engine. serve reads the serve.json the build writes: the same headers, clean URLs and the 404 page.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProject, makeProject, repoRoot } from "./helpers/site.ts";

let server: ChildProcess | undefined;
let origin: string;

beforeAll(async () => {
  const root = makeProject();
  await buildProject(root);
  const port = await freePort();
  const serve = path.join(repoRoot, "node_modules", ".bin", "serve");
  server = spawn(serve, ["dist", "--listen", `tcp://127.0.0.1:${port}`, "--no-clipboard"], { cwd: root });
  origin = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const look = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Accepting connections")) resolve();
    };
    server!.stdout!.on("data", look);
    server!.stderr!.on("data", look);
    server!.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
});

afterAll(() => server?.kill());

describe("npx serve dist", () => {
  it("serves every page at its address, with the headers the build wrote for hosts", async () => {
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Your life stories, preserved forever");
    expect(home.headers.get("content-security-policy")).toContain("default-src 'self'");
    for (const page of ["/home", "/how-it-works", "/pricing"])
      expect((await fetch(origin + page)).status, page).toBe(200);
  });

  it("answers an unregistered path with the 404 page and status 404", async () => {
    const missing = await fetch(`${origin}/testimonials`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page Not Found");
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
