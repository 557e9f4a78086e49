// `heirloom dev` sends each path the headers the build writes for hosts in serve.json, `headers.paths` included:
// a page under a pattern gets its widened policy and the pattern's own headers, another page the site's.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { buildProject, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";

const HEADERS = `{
    policy: { "img-src": ["https://img.example"] },
    set: { "X-Robots-Tag": "noindex" },
    paths: { "/notes/*": { policy: { "frame-src": ["https://www.openstreetmap.org"] }, set: { "X-Notes": "1" } } },
  }`;

type Rules = Array<{ source: string; headers: Array<{ key: string; value: string }> }>;

let dev: DevServer | undefined;
let rules: Rules;

beforeAll(async () => {
  const root = makeFixture();
  ownTemplates(root);
  editFile(root, "site.config.ts", 'urlFormat: "file",', `urlFormat: "file",\n  headers: ${HEADERS},`);
  const built = await buildProject(root, { outDir: "built" });
  rules = JSON.parse(readFileSync(path.join(built.outDir, "serve.json"), "utf8")).headers;
  dev = await startDev({ root, env: {}, port: 0 });
}, 120_000);

afterAll(async () => {
  await dev?.close();
});

/** The headers serve.json gives a source, the cache's aside (dev never caches). */
const ruleOf = (source: string) =>
  Object.fromEntries(rules.find((r) => r.source === source)!.headers.map((h) => [h.key, h.value]));

describe("dev's headers by path", () => {
  it("a note gets the rule of /notes/* as serve.json states it, over the site's", async () => {
    const response = await fetch(new URL("/notes/first", dev!.url));
    expect(response.status).toBe(200);
    const notes = ruleOf("notes/**");
    expect(notes["Content-Security-Policy"]).toContain("frame-src 'self' https://www.openstreetmap.org;");
    expect(response.headers.get("content-security-policy")).toBe(notes["Content-Security-Policy"]);
    expect(response.headers.get("x-notes")).toBe("1");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("another page gets the site's policy, widened for every page only", async () => {
    const response = await fetch(new URL("/about/team", dev!.url));
    const site = ruleOf("**");
    expect(site["Content-Security-Policy"]).toContain("img-src 'self' data: https://img.example;");
    expect(response.headers.get("content-security-policy")).toBe(site["Content-Security-Policy"]);
    expect(response.headers.get("x-notes")).toBeNull();
  });
});
