import { describe, expect, it } from "vitest";
import { normalizeBase, resolveConfig } from "../src/config/options.ts";
import type { Site } from "../src/content/schema.ts";

const site = { base: "/", siteUrl: "", waitlist: { endpoint: "" } } as Site;

describe("resolveConfig", () => {
  it("uses the local receiver under the base path when no endpoint is set", () => {
    const config = resolveConfig(site, { env: {} });
    expect(config.endpoint).toBe("");
    expect(config.waitlistAction).toBe("/__heirloom/waitlist");
  });

  it("prefers flags over the environment over content/site.md", () => {
    const fromFile = { ...site, base: "/file/", waitlist: { endpoint: "https://file.example/exec" } } as Site;
    expect(resolveConfig(fromFile, { env: {} }).waitlistAction).toBe("https://file.example/exec");
    const env = { HEIRLOOM_WAITLIST_ENDPOINT: "https://env.example/exec", HEIRLOOM_BASE: "/env/" };
    expect(resolveConfig(fromFile, { env })).toMatchObject({ endpoint: "https://env.example/exec", base: "/env/" });
    expect(resolveConfig(fromFile, { env, endpoint: "https://flag.example/", base: "flag" })).toMatchObject({
      endpoint: "https://flag.example/",
      base: "/flag/",
    });
  });

  it("refuses an endpoint that is not an http(s) URL, naming the setting", () => {
    expect(() => resolveConfig(site, { env: { HEIRLOOM_WAITLIST_ENDPOINT: "javascript:alert(1)" } })).toThrow(/not an http\(s\) URL/);
  });

  it("resolves the output folder against the root", () => {
    expect(resolveConfig(site, { root: "/srv/site", outDir: "public", env: {} }).outDir).toBe("/srv/site/public");
  });
});

describe("normalizeBase", () => {
  it.each([
    ["", "/"],
    ["/", "/"],
    ["heirloom", "/heirloom/"],
    ["/heirloom", "/heirloom/"],
    ["/a/b/", "/a/b/"],
  ])("%s -> %s", (input, output) => expect(normalizeBase(input)).toBe(output));

  it("refuses paths that could escape or inject", () => {
    expect(() => normalizeBase("/../x")).toThrow(/plain URL path/);
    expect(() => normalizeBase('/"><script>')).toThrow(/plain URL path/);
  });
});
