// What a site's modules get for "heirloom" at run time: every value the public entry exports, nothing else.
import { describe, expect, it } from "vitest";
import { siteApi } from "../packages/heirloom/src/build/site-modules.ts";
import * as publicEntry from "../packages/heirloom/src/index.ts";

describe("the engine as a site's modules see it", () => {
  it("holds the public entry's values, but the build and the check, which programs call", () => {
    const values = Object.keys(publicEntry).filter((name) => !["build", "checkSite"].includes(name));
    expect(Object.keys(siteApi).sort()).toEqual(values.sort());
    const entry: Record<string, unknown> = { ...publicEntry };
    for (const name of values) expect(siteApi[name as keyof typeof siteApi], name).toBe(entry[name]);
  });
});
