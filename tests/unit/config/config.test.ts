// Configuration: flags over the environment over site.config.ts; URLs parsed, never only pattern-matched.
import { describe, expect, it } from "vitest";
import { defineSite } from "../../../packages/heirloom/src/config/define.ts";
import { normalizeBase, resolveConfig } from "../../../packages/heirloom/src/config/options.ts";
import { resolveSite } from "../../../packages/heirloom/src/config/checks/check-definition.ts";
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { contentSecurityPolicy } from "../../../packages/heirloom/src/output/files/hosting.ts";

const site = (options: { base?: string; siteUrl?: string; endpoint?: string } = {}) =>
  resolveSite(
    defineSite({
      collections: {},
      routes: {},
      base: options.base,
      siteUrl: options.siteUrl,
      forms: { signup: { field: "email", type: "email", endpoint: options.endpoint, env: "SIGNUP_ENDPOINT" } },
    }),
  );

describe("resolveConfig", () => {
  it("uses the local receiver under the base path when no endpoint is set", () => {
    const [form] = resolveConfig(site({ base: "/sub/" }), { env: {} }).forms;
    expect(form).toMatchObject({ endpoint: "", origin: "", action: "/sub/__heirloom/signup" });
  });

  it("prefers flags over the environment over site.config.ts", () => {
    const fromFile = site({ base: "/file/", endpoint: "https://file.example/exec" });
    expect(resolveConfig(fromFile, { env: {} }).forms[0].action).toBe("https://file.example/exec");
    const env = {
      SIGNUP_ENDPOINT: "https://env.example/exec",
      HEIRLOOM_BASE: "/env/",
      HEIRLOOM_SITE_URL: "https://env.example",
    };
    expect(resolveConfig(fromFile, { env })).toMatchObject({
      forms: [{ endpoint: "https://env.example/exec" }],
      base: "/env/",
      siteUrl: "https://env.example",
    });
    expect(resolveConfig(fromFile, { env, base: "flag", siteUrl: "https://flag.example/" })).toMatchObject({
      base: "/flag/",
      siteUrl: "https://flag.example",
    });
  });

  it.each([
    ["javascript:alert(1)"],
    ["https://*"],
    ["https://a.example;script-src *"],
    ["https://[x"],
    ["https://a.example:99999/exec"],
    ["http://a.example/exec"],
    ["https://user:secret@a.example/exec"],
  ])("refuses the endpoint %s, naming where it came from", (endpoint) => {
    expect(() => resolveConfig(site(), { env: { SIGNUP_ENDPOINT: endpoint } })).toThrow(
      `The form endpoint "${endpoint}" (from the SIGNUP_ENDPOINT environment variable) is not an https:// address.`,
    );
  });

  it.each([
    ["HEIRLOOM_SITE_URL", "https://a.example\nhttps://b.example", "a line break"],
    ["HEIRLOOM_SITE_URL", "https://a.example\n", "a line break"],
    ["--site-url", "https://a.exa\tmple", "a tab"],
    ["--site-url", "https://a.example/\u0000x", "the control character U+0000"],
    ["--site-url", "https://a.example/\u009bx", "the control character U+009B"],
  ])("refuses a control character in the site URL from %s (%j): %s", (from, value, what) => {
    const options = from === "--site-url" ? { env: {}, siteUrl: value } : { env: { [from]: value } };
    const where = from === "--site-url" ? from : `the ${from} environment variable`;
    expect(() => resolveConfig(site(), options)).toThrow(
      `The site URL ${JSON.stringify(value)} (from ${where}) holds ${what}, which no address can.`,
    );
  });

  it("allows http only on this machine, and puts only the parsed origin into the policy", () => {
    const local = resolveConfig(site(), { env: { SIGNUP_ENDPOINT: "http://127.0.0.1:9000/capture" } });
    expect(local.forms[0].origin).toBe("http://127.0.0.1:9000");
    const remote = resolveConfig(site(), {
      env: { SIGNUP_ENDPOINT: "https://Script.Example.com/macros/s/x/exec?y=1" },
    });
    expect(contentSecurityPolicy(remote)).toContain("form-action 'self' https://script.example.com;");
  });

  it.each([["https://[x"], ["https://a.example:99999"], ["ftp://a.example"], ["heirloom.example"]])(
    "refuses the site URL %s with a message naming where it was set, not a bare Invalid URL",
    (siteUrl) => {
      expect(() => resolveConfig(site(), { env: {}, siteUrl })).toThrow(
        `The site URL "${siteUrl}" (from --site-url) is not an absolute http(s) address.`,
      );
      expect(() => resolveConfig(site(), { env: { HEIRLOOM_SITE_URL: siteUrl } })).toThrow(
        `The site URL "${siteUrl}" (from the HEIRLOOM_SITE_URL environment variable) ` +
          "is not an absolute http(s) address.",
      );
      expect(() => resolveConfig(site({ siteUrl }), { env: {} })).toThrow(
        `The site URL "${siteUrl}" (from siteUrl in site.config.ts) is not an absolute http(s) address.`,
      );
    },
  );

  it("resolves the output folder against the root", () => {
    expect(resolveConfig(site(), { root: "/srv/site", outDir: "public", env: {} }).outDir).toBe("/srv/site/public");
  });

  it("reads SOURCE_DATE_EPOCH as the source's date, in UTC; unset, there is none", () => {
    expect(resolveConfig(site(), { env: { SOURCE_DATE_EPOCH: "1795000000" } }).sourceDate).toBe("2026-11-18T11:06:40Z");
    expect(resolveConfig(site(), { env: { SOURCE_DATE_EPOCH: " 0 " } }).sourceDate).toBe("1970-01-01T00:00:00Z");
    expect(resolveConfig(site(), { env: {} }).sourceDate).toBe("");
  });

  it.each(["yesterday", "-1", "1.5", "1e9", "99999999999999999"])(
    "refuses SOURCE_DATE_EPOCH=%s rather than guessing a date",
    (value) => {
      expect(() => resolveConfig(site(), { env: { SOURCE_DATE_EPOCH: value } })).toThrow(
        `SOURCE_DATE_EPOCH is "${value}", which is not a number of seconds since 1970.`,
      );
    },
  );
});

describe("server.allowedHosts", () => {
  const definition = (allowedHosts: unknown) =>
    defineSite({ collections: {}, routes: {}, server: { allowedHosts: allowedHosts as string[] } });

  it("keeps host names (lower case), a leading dot for the names below, or true", () => {
    expect(resolveSite(definition(["Site.example", ".tunnel.example"])).allowedHosts).toEqual([
      "site.example",
      ".tunnel.example",
    ]);
    expect(resolveSite(definition(true)).allowedHosts).toBe(true);
    expect(resolveSite(defineSite({ collections: {}, routes: {} })).allowedHosts).toEqual([]);
  });

  it.each([["https://site.example"], ["site.example:4321"], ["*.site.example"], ["two words"], [""]])(
    "refuses %j at its line, saying what to write",
    (name) => {
      const lines = ["export default defineSite({", "  server: {", `    allowedHosts: [${JSON.stringify(name)}],`];
      const source = `${lines.join("\n")}\n  },\n});\n`;
      const error = (() => {
        try {
          resolveSite(definition([name]), source);
        } catch (e) {
          return errorsOf(e)[0];
        }
      })();
      expect(error).toMatchObject({
        code: "ConfigError",
        message: `server.allowedHosts in site.config.ts holds ${JSON.stringify(name)}, not a host name.`,
        hint: expect.stringContaining('such as "example.test", or ".example.test" for it and every name below it'),
      });
      if (name) expect(error?.location?.line).toBe(3);
    },
  );
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
