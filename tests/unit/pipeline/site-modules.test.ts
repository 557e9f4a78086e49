// What a site's modules get for "heirloom" at run time: every value the public entry exports, nothing else.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteApi } from "../../../packages/heirloom/src/pipeline/site-modules.ts";
import * as publicEntry from "../../../packages/heirloom/src/index.ts";
import { exportsTableNames, publicExports } from "../../helpers/docs.ts";
import { repoRoot } from "../../helpers/site.ts";

describe("the engine as a site's modules see it", () => {
  it("holds the public entry's values, but the build and the check, which programs call", () => {
    const values = Object.keys(publicEntry).filter((name) => !["build", "checkSite"].includes(name));
    expect(Object.keys(siteApi).sort()).toEqual(values.sort());
    const entry: Record<string, unknown> = { ...publicEntry };
    for (const name of values) expect(siteApi[name as keyof typeof siteApi], name).toBe(entry[name]);
  });
});

describe("the README's table of the package's exports", () => {
  it("names every value and type the public entry exports, and nothing else", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    expect(exportsTableNames(readme)).toEqual(publicExports());
  });
});
