import { describe, expect, it } from "vitest";
import { formatBytes, formatReport } from "../../../packages/heirloom/src/output/report.ts";

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

  it(
    "groups many routes (`/blog/*`) with their median and largest size, " +
      "lists the heaviest, and says what was reused",
    () => {
      const posts = Array.from({ length: 10_000 }, (_, i) => ({
        route: `/blog/post-${i}/`,
        file: `blog/post-${i}/index.html`,
        htmlBytes: 2000 + (i % 101),
        jsBytes: 0,
        cssBytes: 600,
      }));
      const lists = Array.from({ length: 1000 }, (_, i) => ({
        route: `/blog/page/${i + 2}/`,
        file: `blog/page/${i + 2}/index.html`,
        htmlBytes: 1200,
        jsBytes: 0,
        cssBytes: 600,
      }));
      const home = { route: "/", file: "index.html", htmlBytes: 9000, jsBytes: 0, cssBytes: 600 };
      const text = formatReport(
        {
          outDir: "/p/dist",
          fileCount: 11_003,
          durationMs: 4321,
          routes: [home, ...posts, ...lists],
          rendered: ["/blog/post-7/", "/blog/", "/"],
        },
        { cwd: "/p" },
      );
      expect(text.split("\n").length).toBeLessThan(20);
      expect(text).toMatchInlineSnapshot(`
      "Routes         Pages  HTML median (gz)  HTML max (gz)  JS (gz)  CSS (gz)
      /                  1            8.8 KB         8.8 KB        -     600 B
      /blog/*       10,000            2.0 KB         2.1 KB        -     600 B
      /blog/page/*   1,000            1.2 KB         1.2 KB        -     600 B

      Heaviest pages   File                      HTML (gz)
      /                index.html                   8.8 KB
      /blog/post-100/  blog/post-100/index.html     2.1 KB
      /blog/post-201/  blog/post-201/index.html     2.1 KB
      /blog/post-302/  blog/post-302/index.html     2.1 KB
      /blog/post-403/  blog/post-403/index.html     2.1 KB

      Wrote 11,003 files (11,001 pages: 3 rendered, 10,998 unchanged) to dist in 4.32 s (sizes gzipped)"
    `);
    },
  );

  it("shows a dash for a page without a script", () => {
    expect(formatBytes(0)).toBe("-");
    expect(formatBytes(1023)).toBe("1023 B");
  });
});
