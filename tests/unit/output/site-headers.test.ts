// `headers` in site.config.ts: the policy widened per directive, for the site and by path, and the site's own
// headers, said the same by _headers, serve.json and dev; a source or value that would break out of its header
// line refused at its line; a site's own _headers merged, never replaced, its bytes in the site hash.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NO_HEADERS, type ResolvedHeaders } from "../../../packages/heirloom/src/config/headers-options.ts";
import type { SiteConfig } from "../../../packages/heirloom/src/config/options.ts";
import { headersAt, pathHeaders, securityHeaders } from "../../../packages/heirloom/src/output/files/header-rules.ts";
import { hostingFiles } from "../../../packages/heirloom/src/output/files/hosting.ts";
import type { Route } from "../../../packages/heirloom/src/routes/types.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, editFile, makeFixture } from "../../helpers/site.ts";

const DIRECTIVES = ["script-src", "style-src", "img-src", "font-src", "connect-src", "frame-src", "media-src"];

function configWith(headers: ResolvedHeaders): SiteConfig {
  return { base: "/", siteUrl: "", forms: [], search: false, headers } as unknown as SiteConfig;
}
const route = (p: string, outFile: string) => ({ path: p, outFile }) as Route;
const ROUTES = [
  route("/", "index.html"),
  route("/demos/map/", "demos/map/index.html"),
  route("/about/", "about/index.html"),
];

function files(headers: ResolvedHeaders) {
  const written = hostingFiles(configWith(headers), ROUTES, []);
  const text = (name: string) => written.find((f) => f.path === name)!.contents.toString();
  return { headers: text("_headers"), serve: JSON.parse(text("serve.json")) };
}
const serveRule = (
  serve: { headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> },
  source: string,
) => Object.fromEntries(serve.headers.find((r) => r.source === source)!.headers.map((h) => [h.key, h.value]));
const block = (text: string, first: string) => text.split("\n\n").find((b) => b.startsWith(`${first}\n`)) ?? "";

describe("the policy widened for the whole site", () => {
  it.each(DIRECTIVES)("%s: its sources are in _headers and serve.json, after the defaults", (directive) => {
    const { headers, serve } = files({ ...NO_HEADERS, policy: { [directive]: ["https://a.example", "https:"] } });
    const csp = serveRule(serve, "**")["Content-Security-Policy"];
    expect(csp.split("; ").filter((d) => d.startsWith(`${directive} `))).toEqual([
      `${directive} 'self'${directive === "img-src" ? " data:" : ""} https://a.example https:`,
    ]);
    expect(block(headers, "/*")).toContain(`  Content-Security-Policy: ${csp}\n`);
    // The other directives stay as strict as they were.
    expect(csp).toContain("default-src 'self'; ");
    expect(csp).toContain("frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
  });

  it("without `headers` the policy is the engine's, byte for byte", () => {
    const { serve } = files(NO_HEADERS);
    expect(serveRule(serve, "**")["Content-Security-Policy"]).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self'; form-action 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'self'; " +
        "object-src 'none'",
    );
  });
});

describe("the policy and headers by path", () => {
  const byPath: ResolvedHeaders = {
    policy: { "img-src": ["https://img.example"] },
    set: { "X-Robots-Tag": "noindex", "X-Frame-Options": "SAMEORIGIN" },
    paths: [
      { pattern: "/demos/*", policy: { "frame-src": ["https://www.openstreetmap.org"] }, set: { "X-Demo": "1" } },
      { pattern: "/demos/map/", policy: { "script-src": ["https://unpkg.com"] }, set: {} },
    ],
  };

  it("_headers states each page's own policy (hosts join a header two rules set) and each pattern's headers", () => {
    const { headers } = files(byPath);
    expect(block(headers, "/*")).not.toContain("Content-Security-Policy");
    expect(block(headers, "/*")).toContain("  X-Robots-Tag: noindex\n  X-Frame-Options: SAMEORIGIN");
    expect(block(headers, "/*")).not.toContain("DENY");
    expect(block(headers, "/demos/*")).toBe("/demos/*\n  X-Demo: 1");
    const map = block(headers, "/demos/map/");
    expect(map).toContain("script-src 'self' https://unpkg.com;");
    expect(map).toContain("frame-src 'self' https://www.openstreetmap.org;");
    expect(map).toContain("img-src 'self' data: https://img.example;");
    expect(block(headers, "/demos/map/index.html")).toContain("script-src 'self' https://unpkg.com;");
    const about = block(headers, "/about/");
    expect(about).toContain("script-src 'self';");
    expect(about).toContain("frame-src 'self';");
    expect(headers.match(/Content-Security-Policy/g)).toHaveLength(7);
  });

  it("serve.json's rules, least specific first, each say everything, as dev serves them", () => {
    const { serve } = files(byPath);
    expect(serve.headers.map((r: { source: string }) => r.source)).toEqual([
      "**",
      "assets/**",
      "demos/**",
      "demos/map/index.html",
    ]);
    const map = serveRule(serve, "demos/map/index.html");
    expect(map["X-Demo"]).toBe("1");
    expect(map["Content-Security-Policy"]).toContain("script-src 'self' https://unpkg.com;");
    expect(map["Content-Security-Policy"]).toContain("frame-src 'self' https://www.openstreetmap.org;");
    const config = configWith(byPath);
    const dev = headersAt(securityHeaders(config), pathHeaders(config, true), "/demos/map/");
    expect(dev["Content-Security-Policy"]).toBe(map["Content-Security-Policy"]);
    expect(dev["X-Robots-Tag"]).toBe("noindex");
    expect(headersAt(securityHeaders(config), pathHeaders(config, true), "/about/")["Content-Security-Policy"]).toBe(
      serveRule(serve, "**")["Content-Security-Policy"],
    );
  });
});

/** The 1-based line and column of the first place `text` is written in the file. */
function at(root: string, file: string, text: string) {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  const line = lines.findIndex((l) => l.includes(text));
  return { file, line: line + 1, column: lines[line].indexOf(text) + 1 };
}

describe("a value that could break out of its header line", () => {
  const SOURCE_HINT =
    'write one source a string: a host ("https://plausible.io", "*.example.org"), a scheme ("https:", "data:") or ' +
    "a keyword in single quotes (\"'unsafe-inline'\", \"'sha256-…'\").";
  it.each([
    ["a ;", "https://a.example; script-src *"],
    ["a ,", "https://a.example, https://b.example"],
    ["a space", "https://a.example https://b.example"],
    ["a quote", "'self' 'unsafe-eval"],
    ["a line break", "https://a.example\nX-Evil: 1"],
  ])("holding %s is refused at its line", async (_, source) => {
    const root = makeFixture();
    const written = `headers: { policy: { "img-src": [${JSON.stringify(source)}] } },`;
    editFile(root, "site.config.ts", 'urlFormat: "file",', `urlFormat: "file",\n  ${written}`);
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message:
          `headers.policy["img-src"] holds ${JSON.stringify(source)}, which is not one source of a ` +
          "Content-Security-Policy: a space, a `;`, a `,`, a quote or a line break there would end the source, the " +
          "directive, the policy or the header.",
        location: at(root, "site.config.ts", JSON.stringify(source).split("\\n")[0]),
        hint: SOURCE_HINT,
      },
    ]);
  });

  it("a directive a site may not widen, a value with a line break, a bad pattern: each at its line", async () => {
    const root = makeFixture();
    const written = [
      "headers: {",
      '    policy: { "default-src": ["*"] },',
      '    set: { "X-Note": "a\\nSet-Cookie: x=1" },',
      '    paths: { "demos/*": { set: { "X-Frame-Options": "SAMEORIGIN" } } },',
      "  },",
    ].join("\n");
    editFile(root, "site.config.ts", 'urlFormat: "file",', `urlFormat: "file",\n  ${written}`);
    const errors = await failures(root);
    expect(errors.map((e) => [e.id, e.location?.line])).toEqual([
      ["BadPolicyDirective", at(root, "site.config.ts", '"default-src"').line],
      ["UnsafeHeaderValue", at(root, "site.config.ts", '"X-Note"').line],
      ["BadHeadersPath", at(root, "site.config.ts", '"demos/*"').line],
      ["HeaderSetTwice", at(root, "site.config.ts", '"X-Frame-Options"').line],
    ]);
  });
});

describe("a site's own host files in passthrough", () => {
  it("_headers is added after the build's rules, and its bytes change the site hash", async () => {
    const root = makeFixture();
    const before = await buildProject(root, { outDir: "before" });
    writeFileSync(path.join(root, "content", "_headers"), "/special/*\n  X-Special: 1\n");
    editFile(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  passthrough: ["_headers"],');
    const after = await buildProject(root);
    const generated = readFileSync(path.join(root, "before", "_headers"), "utf8");
    const merged = readFileSync(path.join(root, "dist", "_headers"), "utf8");
    expect(merged).toBe(`${generated}\n# The site's own rules, from content/_headers\n/special/*\n  X-Special: 1\n`);
    expect(after.siteHash).not.toBe(before.siteHash);
  }, 120_000);

  it("serve.json is refused, saying how to add headers and redirects", async () => {
    const root = makeFixture();
    writeFileSync(path.join(root, "content", "serve.json"), "{}\n");
    editFile(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  passthrough: ["serve.json"],');
    const [error] = await failures(root);
    expect(error.id).toBe("HostFileInPassthrough");
    expect(error.location).toEqual({ file: "content/serve.json" });
    expect(error.hint).toContain("add headers with `headers` and redirects with `redirects` in site.config.ts");
  }, 120_000);
});
