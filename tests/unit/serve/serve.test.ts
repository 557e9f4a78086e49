// What the README promises of `npx serve dist`: the built site looked at as a static host serves it, without
// the engine. serve reads the serve.json the build writes: the same headers, clean URLs, the 404 page, and the
// redirects of a site's old URLs.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProject, makeFixture, makeProject, repoRoot } from "../../helpers/site.ts";

const servers: ChildProcess[] = [];
let origin: string;
let ported: string;

beforeAll(async () => {
  const root = makeProject();
  await buildProject(root);
  origin = await serve(root);
  const blog = makeFixture("ported-blog");
  await buildProject(blog);
  ported = await serve(blog);
});

afterAll(() => servers.forEach((server) => server.kill()));

/** `serve dist` in the project, until it accepts connections; its origin. */
async function serve(root: string): Promise<string> {
  const port = await freePort();
  const bin = path.join(repoRoot, "node_modules", ".bin", "serve");
  const server = spawn(bin, ["dist", "--listen", `tcp://127.0.0.1:${port}`, "--no-clipboard"], { cwd: root });
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const look = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Accepting connections")) resolve();
    };
    server.stdout!.on("data", look);
    server.stderr!.on("data", look);
    server.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

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

describe("npx serve dist of a ported blog", () => {
  const moved = async (url: string) => {
    const response = await fetch(ported + url, { redirect: "manual" });
    return [response.status, response.headers.get("location")];
  };

  it("answers each old URL with a 301 to where it leads now", async () => {
    expect(await moved("/blog/hello/")).toEqual([301, "/2024/01/15/hello.html"]);
    expect(await moved("/blog/hello")).toEqual([301, "/2024/01/15/hello.html"]);
    expect(await moved("/about-us")).toEqual([301, "/about/team"]);
    expect(await moved("/elsewhere/")).toEqual([301, "https://example.org/away?from=fixture&to=there"]);
    // The site has pages at .html addresses, so serve cleans no .html URL: the old /hello.html has its own rule.
    expect(await moved("/hello.html")).toEqual([301, "/2024/01/15/hello.html"]);
    // /hello is served the redirect page written at hello.html, as a host that finds x.html for /x does.
    expect(await moved("/hello")).toEqual([200, null]);
  });

  it("serves /notes (notes.html) and /notes/first (notes/first.html) side by side", async () => {
    const [list, first] = await Promise.all([fetch(`${ported}/notes`), fetch(`${ported}/notes/first`)]);
    expect([list.status, first.status]).toEqual([200, 200]);
    expect(await list.text()).toContain("<h1>All notes</h1>");
    expect(await first.text()).toContain("<h1>First</h1>");
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
