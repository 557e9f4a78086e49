// docs/ARCHITECTURE.md stays a map a newcomer can trust: every file of the engine, its scripts and its tests has a
// short entry there, and every entry names something that exists.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site.ts";

/** The folders whose every tracked file must have an entry (a file's own, or a folder's that holds it). */
const NOTED = ["packages/heirloom/src/", "packages/heirloom/bin/", "packages/heirloom/scripts/", "scripts/", "tests/"];

/** At most two lines of 120 characters: the details belong in the file's header comment and the guide. */
const LONGEST_ENTRY = 240;

interface NoteEntry {
  path: string;
  text: string;
}

const entriesOf = (notes: string): NoteEntry[] =>
  [...notes.matchAll(/^- `([^`]+)`.*$/gm)].map((m) => ({ path: m[1], text: m[0] }));

// "tests/fixtures/<case>/" and "docs/screenshots/*.webp" stand for a family: `<…>` is any one name, `*` any part.
const patternOf = (entry: string): RegExp => {
  const parts = entry.split(/(<[^>]+>|\*)/).map((part) => {
    if (part === "*") return "[^/]*";
    if (/^<[^>]+>$/.test(part)) return "[^/]+";
    return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  });
  // An entry ending in "/" is a folder that counts for everything under it.
  return new RegExp(`^${parts.join("")}${entry.endsWith("/") ? ".*" : ""}$`);
};

const tracked = (): string[] =>
  execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "");

describe("docs/ARCHITECTURE.md", () => {
  const entries = entriesOf(readFileSync(path.join(repoRoot, "docs", "ARCHITECTURE.md"), "utf8"));
  const files = tracked();

  it("has an entry for every file of the engine, its scripts and its tests", () => {
    const patterns = entries.map((entry) => patternOf(entry.path));
    const noted = files.filter((file) => NOTED.some((folder) => file.startsWith(folder)));
    expect(noted.length).toBeGreaterThan(300);
    expect(noted.filter((file) => !patterns.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it("names in each entry a file or folder that exists", () => {
    expect(entries.length).toBeGreaterThan(400);
    const missing = entries.filter((entry) => {
      const pattern = patternOf(entry.path);
      return !files.some((file) => pattern.test(file) || file.startsWith(entry.path));
    });
    expect(missing.map((entry) => entry.path)).toEqual([]);
  });

  it(`keeps each entry to ${LONGEST_ENTRY} characters`, () => {
    const long = entries.filter((entry) => [...entry.text].length > LONGEST_ENTRY);
    expect(long.map((entry) => `${entry.path} (${[...entry.text].length})`)).toEqual([]);
  });

  it("has one entry per path", () => {
    const paths = entries.map((entry) => entry.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it("matches a family's entry by name: `<…>` is one name, `*` a part of one", () => {
    expect(patternOf("tests/fixtures/<case>/").test("tests/fixtures/drafts/content/a.md")).toBe(true);
    expect(patternOf("docs/screenshots/*.webp").test("docs/screenshots/home.webp")).toBe(true);
    expect(patternOf("docs/screenshots/*.webp").test("docs/screenshots/old/home.webp")).toBe(false);
    expect(patternOf("tests/helpers/site.ts").test("tests/helpers/site.tsx")).toBe(false);
  });
});
