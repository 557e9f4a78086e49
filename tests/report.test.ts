import { describe, expect, it } from "vitest";
import { formatBytes, formatReport } from "../src/output/report.ts";

describe("formatReport", () => {
  it("prints one aligned row per route, the total and the first 16 digits of the site's hash", () => {
    const text = formatReport(
      {
        outDir: "/p/dist",
        fileCount: 9,
        siteHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        durationMs: 123.4,
        routes: [
          { route: "/", file: "index.html", htmlBytes: 1800, jsBytes: 900, cssBytes: 3000 },
          { route: "/pricing", file: "pricing/index.html", htmlBytes: 2500, jsBytes: 900, cssBytes: 3000 },
        ],
      },
      { cwd: "/p" },
    );
    expect(text).toMatchInlineSnapshot(`
      "Route     File                HTML (gz)  JS (gz)  CSS (gz)
      /         index.html             1.8 KB    900 B    2.9 KB
      /pricing  pricing/index.html     2.4 KB    900 B    2.9 KB

      Wrote 9 files to dist in 0.12 s (sizes gzipped); site hash 9f86d081884c7d65"
    `);
  });

  it("shows a dash for a page without a script", () => {
    expect(formatBytes(0)).toBe("-");
    expect(formatBytes(1023)).toBe("1023 B");
  });
});
