// The engine knows no site: src/ imports nothing from a site, names none of Heirloom's things, and sites
// import the engine through its public entry only.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/site.ts";

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
const importsOf = (file: string) =>
  [...readFileSync(path.join(repoRoot, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);

describe("the engine and the sites", () => {
  it("src/ imports nothing from templates/, content/, examples/ or a site definition", () => {
    for (const file of filesUnder("src")) {
      for (const spec of importsOf(file).filter((s) => s.startsWith("."))) {
        const target = path.relative(repoRoot, path.resolve(repoRoot, path.dirname(file), spec));
        expect(target.startsWith("src/"), `${file} imports ${spec}`).toBe(true);
      }
    }
  });

  it("src/ names none of Heirloom's collections, nor its form", () => {
    const words = /\b(plans?|testimonials?|faqs?|benefits?|gifts?|conversation|waitlist)\b/i;
    for (const file of filesUnder("src")) {
      const hit = readFileSync(path.join(repoRoot, file), "utf8")
        .split("\n")
        .findIndex((line) => words.test(line));
      expect(hit, `${file}:${hit + 1}`).toBe(-1);
    }
  });

  it.each(["templates", "examples/journal", "tests/fixtures/base"])(
    '%s imports the engine as "heirloom" only, never a file of src/',
    (dir) => {
      for (const file of [...filesUnder(dir)]) {
        for (const spec of importsOf(file)) expect(spec, `${file} imports ${spec}`).not.toMatch(/(^|\/)src\//);
      }
    },
  );
});
