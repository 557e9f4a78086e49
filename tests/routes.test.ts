import { describe, expect, it } from "vitest";
import { createRoutes, outFileFor } from "../src/routes/routes.ts";
import type { Page } from "../src/content/schema.ts";

describe("routes", () => {
  it("maps paths to directory-format files", () => {
    expect(outFileFor("/")).toBe("index.html");
    expect(outFileFor("/pricing")).toBe("pricing/index.html");
    expect(outFileFor("404")).toBe("404.html");
  });

  it("orders the table with / first and 404 last", () => {
    const pages = ["404", "/pricing", "/", "/home"].map((path) => ({ path }) as Page);
    expect(createRoutes(pages).map((r) => r.path)).toEqual(["/", "/home", "/pricing", "404"]);
  });
});
