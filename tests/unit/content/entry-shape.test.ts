// Entries made from a schema's objects: their fields in order, a loose schema's __proto__ field kept as a field, and
// one shape for all entries of a schema (checked by V8 itself in a child process: reads of a large site's entries
// stay in their inline caches).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { objectValue } from "../../../packages/heirloom/src/content/entry-value.ts";

const source = path.resolve("packages/heirloom/src/content/entry-value.ts");

describe("objectValue", () => {
  it("holds the schema's fields, then slug, file and an empty body; the entry's own slug wins in its place", () => {
    const value = objectValue({ title: "A", slug: "x", tags: ["t"] }, "a", "content/posts/a.md", []);
    expect(Object.keys(value)).toEqual(["title", "slug", "tags", "file", "html", "headings"]);
    expect(value).toMatchObject({ title: "A", slug: "a", file: "content/posts/a.md", html: "", headings: [] });
  });

  it("keeps a field named __proto__ as a field, never as the prototype", () => {
    const data = JSON.parse('{"title":"A","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const value = objectValue(data, "a", "a.md", []) as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(value.polluted).toBeUndefined();
  });

  it("gives every entry of one schema the same shape (V8's hidden class)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-entry-shape-"));
    try {
      const bundle = path.join(dir, "entry-value.mjs");
      await build({ entryPoints: [source], bundle: true, format: "esm", platform: "node", outfile: bundle });
      const probe = path.join(dir, "probe.mjs");
      writeFileSync(
        probe,
        `const { objectValue } = await import(${JSON.stringify(bundle)});
const same = new Function("a", "b", "return %HaveSameMap(a, b)");
const made = Array.from({ length: 200 }, (_, i) =>
  objectValue(JSON.parse('{"title":"t' + i + '","date":"2024-01-01","tags":["a"]}'), "s" + i, "f" + i, []));
process.stdout.write(String(made.filter((v) => same(v, made[0])).length));`,
      );
      const shared = execFileSync(process.execPath, ["--allow-natives-syntax", probe], { encoding: "utf8" });
      expect(shared).toBe("200");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
