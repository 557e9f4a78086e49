// A form's local receiver takes the posts of the server's own pages and of no page at all (curl), and refuses
// another site's page (Origin, Sec-Fetch-Site) with a plain 403, storing nothing; preview over real HTTP.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PreviewServer, startPreview } from "../../../packages/heirloom/src/serve/preview/preview.ts";

interface Answer {
  status: number;
  type: string | undefined;
  text: string;
}

describe("posts to a form's local receiver from other origins", () => {
  let preview: PreviewServer;
  let root: string;
  let port: number;
  const stored = () => {
    const file = path.join(root, ".heirloom", "signup.jsonl");
    if (!existsSync(file)) return [];
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    return lines.map((line) => (JSON.parse(line) as { email: string }).email);
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), "heirloom-form-origin-"));
    const outDir = path.join(root, "dist");
    const forms = [{ name: "signup", field: "email", type: "email" as const, localPath: "/signup" }];
    preview = await startPreview({ outDir, root, forms, port: 0 });
    port = Number(new URL(preview.url).port);
  });
  afterAll(() => preview?.close());

  /** A post of `email` with exactly these headers besides Host and the body's, as a browser or curl sends it. */
  const post = (email: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const body = new URLSearchParams({ email }).toString();
      const req = request({ host: "127.0.0.1", port, path: "/signup", method: "POST", agent: false }, (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, type: res.headers["content-type"], text }));
      });
      req.on("error", reject);
      req.setHeader("content-type", "application/x-www-form-urlencoded");
      for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
      req.end(body);
    });

  it("refuses a post from another site's page with 403 and a plain reason, and stores nothing", async () => {
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { origin: "http://localhost:3000", "sec-fetch-site": "same-site" },
      { origin: `http://127.0.0.1:${port + 1}` },
      { origin: "not an origin" },
    ];
    for (const headers of foreign) {
      const answer = await post("mallory@example.com", headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.type).toBe("text/plain; charset=utf-8");
      expect(answer.text).toMatch(/^Refused: this form takes posts from this server's own pages only/);
    }
    expect((await post("x@example.com", { origin: "https://evil.example" })).text).toContain("(https://evil.example)");
    expect(stored()).toEqual([]);
  });

  it("stores the posts of its own page (the hidden frame's post), of no page (curl) and of localhost", async () => {
    const own = { origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin" };
    expect((await post("ann@example.com", own)).status).toBe(200);
    expect((await post("bob@example.com")).status).toBe(200);
    // A page whose Referrer-Policy is no-referrer posts with Origin null; Sec-Fetch-Site still says whose it is.
    expect((await post("cleo@example.com", { origin: "null", "sec-fetch-site": "same-origin" })).status).toBe(200);
    const localhost = {
      host: `localhost:${port}`,
      origin: `http://localhost:${port}`,
      "sec-fetch-site": "same-origin",
    };
    expect((await post("dan@example.com", localhost)).status).toBe(200);
    expect(stored()).toEqual(["ann@example.com", "bob@example.com", "cleo@example.com", "dan@example.com"]);
  });
});
