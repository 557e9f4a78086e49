// The files hosts read as rules (_redirects, _headers, serve.json): no value of a site can break a rule or start
// one of its own. A line break, a tab or a space, a # or a user name and password, tried where each file's values
// are written (a redirect's target, an alias, a page's path), and at the writer itself.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SiteConfig } from "../../../packages/heirloom/src/config/options.ts";
import { errorsOf } from "../../../packages/heirloom/src/errors/errors.ts";
import { hostingFiles } from "../../../packages/heirloom/src/output/files/hosting.ts";
import type { Redirect, Route } from "../../../packages/heirloom/src/routes/types.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, editFile, makeFixture } from "../../helpers/site.ts";

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");
/** The 1-based line and column of the first place `text` is written in the file. */
function at(root: string, file: string, text: string) {
  const lines = read(root, file).split("\n");
  const line = lines.findIndex((l) => l.includes(text));
  return { file, line: line + 1, column: lines[line].indexOf(text) + 1 };
}

const INJECTED = "https://a.example/\n/* https://evil.example/ 200";
const TARGET_HINT = "write the address alone, on one line; a space inside an address is written %20.";
const rules = (character: string) =>
  `which holds ${character}: _redirects reads one rule a line, its fields parted by spaces, so the target would ` +
  "write rules of its own.";

describe("a redirect's target in site.config.ts", () => {
  it.each([
    ["a line break", INJECTED],
    ["a tab", "https://a.example/\t/x"],
    ["a space", "https://a.example/ /x"],
    ["a line break", "/about/team\n/* /evil 200"],
  ])("holding %s is refused at the redirect's line", async (character, target) => {
    const root = makeFixture("ported-blog");
    editFile(root, "site.config.ts", '"/about-us": "/about/team"', `"/about-us": ${JSON.stringify(target)}`);
    expectErrors(await failures(root), [
      {
        code: "ConfigError",
        message: `The redirect from "/about-us" leads to ${JSON.stringify(target)}, ${rules(character)}`,
        location: at(root, "site.config.ts", '"/about-us"'),
        hint: TARGET_HINT,
      },
    ]);
  });

  it("with a user name and password is refused, the password not repeated", async () => {
    const root = makeFixture("ported-blog");
    editFile(root, "site.config.ts", '"/about-us": "/about/team"', '"/about-us": "https://me:s3cret@a.example/x"');
    const [error] = await failures(root);
    expectErrors(
      [error],
      [
        {
          code: "ConfigError",
          message:
            'The redirect from "/about-us" leads to https://…@a.example/x, an address with a user name or password ' +
            "(before the @), which _redirects, serve.json and the redirect page would publish to every visitor.",
          location: at(root, "site.config.ts", '"/about-us"'),
          hint: "remove the user name and password from the address: a site that needs them asks for them itself.",
        },
      ],
    );
    expect(`${error.message} ${error.hint}`).not.toContain("s3cret");
  });

  it("with a # keeps it as the address's fragment, within its one rule of each host file", async () => {
    const root = makeFixture("ported-blog");
    editFile(root, "site.config.ts", '"/about-us": "/about/team"', '"/about-us": "HTTPS://A.example/page#part"');
    const { outDir } = await buildProject(root);
    // Written as the URL parser reads it, as a browser would follow it.
    expect(read(outDir, "_redirects").split("\n")).toContain("/about-us https://a.example/page#part 301");
    expect(JSON.parse(read(outDir, "serve.json")).redirects).toContainEqual({
      source: "/about-us",
      destination: "https://a.example/page#part",
      type: 301,
    });
    expect(read(outDir, "about-us.html")).toContain('content="0; url=https://a.example/page#part"');
  });
});

describe("an old URL in front matter (an alias: _redirects and serve.json)", () => {
  it.each([
    ["a line break", '"/old\\n/* /evil 200"', '"/old\\n/* /evil 200"'],
    ["a tab", '"/old\\tpage"', '"/old\\tpage"'],
    ["a space", "/old page", '"/old page"'],
    ["a #", "/old#part", '"/old#part"'],
    ["a user name and password", "//me:s3cret@evil.example/", '"//me:s3cret@evil.example/"'],
  ])("holding %s is refused at its line", async (_, written, shown) => {
    const root = makeFixture("ported-blog");
    editFile(root, "content/posts/2024-01-15-hello.md", "  - /hello.html", `  - ${written}`);
    const [error] = await failures(root);
    expect([error.code, error.message, error.location]).toEqual([
      "PagePathError",
      `The alias ${shown} of content/posts/2024-01-15-hello.md is not a site path.`,
      { file: "content/posts/2024-01-15-hello.md", line: 5, column: 5 },
    ]);
  });
});

describe("a page's path (_headers)", () => {
  it.each([
    ["a line break", '"/about/team\\n/*"'],
    ["a tab", '"/about/team\\t/x"'],
    ["a space", "/about/team /x"],
    ["a #", "/about/team#x"],
    ["a user name and password", "//me:s3cret@evil.example/"],
  ])("holding %s is refused at its line", async (_, written) => {
    const root = makeFixture();
    editFile(root, "content/pages/about/team.md", "path: /about/team", `path: ${written}`);
    const [error] = await failures(root);
    expect([error.code, error.location]).toEqual([
      "PagePathError",
      { file: "content/pages/about/team.md", line: 2, column: 1 },
    ]);
  });
});

describe("the host files' writer", () => {
  const config = { base: "/", siteUrl: "", forms: [], search: false } as unknown as SiteConfig;
  const page = (path: string, outFile: string) => ({ path, outFile }) as Route;
  const pages = [page("/", "index.html"), page("404", "404.html")];
  const location = { file: "site.config.ts", line: 7, column: 5 };
  const redirect = (to: string): Redirect => ({
    ...{ from: "/old", outFile: "old.html", to, named: 'the redirect "/old" of site.config.ts', location },
    where: "`redirects` in site.config.ts",
  });
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (thrown) {
      const [error] = errorsOf(thrown);
      return [error?.code, error?.message, error?.location];
    }
    return "written";
  };

  it.each([
    ["a line break", "/new\n/evil.html 200"],
    ["a tab", "/new\t/x"],
    ["a space", "/new /x"],
    ["the character U+0000", "/new\u0000"],
  ])("refuses a redirect holding %s, whoever made it, at the redirect's place", (character, to) => {
    expect(refusal(() => hostingFiles(config, pages, [], [redirect(to)]))).toEqual([
      "ConfigError",
      `The value ${JSON.stringify(to)} holds ${character}, so it is not written into serve.json: there it would ` +
        "end its rule or start another.",
      location,
    ]);
  });

  it("refuses a page's path holding a line break in _headers, and writes a # as it is", () => {
    expect(refusal(() => hostingFiles(config, [...pages, page("/a\n/*", "a.html")], []))).toEqual([
      "ConfigError",
      'The value "/a\\n/*" holds a line break, so it is not written into _headers: there it would end its rule or ' +
        "start another.",
      undefined,
    ]);
    const files = hostingFiles(config, pages, [], [redirect("/new#part")]);
    const redirects = files.find((f) => f.path === "_redirects")!.contents.toString();
    expect(redirects).toBe("/old /new#part 301\n");
  });
});
