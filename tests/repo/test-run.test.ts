// The test run itself: a fresh clone's CI runs exactly the README's command, and the files that wait on the
// network start first, even when no earlier run's times are known (vitest would otherwise start the largest first).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestSpecification } from "vitest/node";
import { describe, expect, it } from "vitest";
import WaitingFirst, { FIRST } from "../helpers/sequencer.ts";
import { repoRoot } from "../helpers/site.ts";

/** A file of a project as the sequencer sees it: its path, its project and its group. */
const spec = (file: string, project: string, groupOrder = 0) =>
  ({
    moduleId: path.join(repoRoot, file),
    project: { name: project, config: { sequence: { groupOrder }, isolate: true } },
  }) as unknown as TestSpecification;

/** The sequencer of a fresh clone: no results of an earlier run, each file known only by its size. */
const freshClone = (sizes: Record<string, number>) =>
  new WaitingFirst({
    config: { root: repoRoot },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes[key.slice(key.indexOf(":") + 1)] }),
    },
  } as never);

describe("the test run", () => {
  it("is the README's command in a fresh clone's CI: .ci/run installs, then runs npm test", () => {
    const run = readFileSync(path.join(repoRoot, ".ci", "run"), "utf8")
      .trimEnd()
      .split("\n");
    expect(run.at(-1)).toBe("npm install --no-audit --no-fund && npm test");
    expect(readFileSync(path.join(repoRoot, "README.md"), "utf8")).toContain("npm install && npm test\n");
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    expect(manifest.scripts.test).toBe("biome ci --error-on-warnings . && vitest run");
  });

  it("names in FIRST files that exist, the registry's test among them", () => {
    expect(FIRST).toContain("tests/sites/registry.test.ts");
    for (const file of FIRST) expect(existsSync(path.join(repoRoot, file)), file).toBe(true);
  });

  it("starts the registry's test first though it is the smallest file, and the others largest first", async () => {
    const sizes = { "tests/a.test.ts": 9000, "tests/b.test.ts": 20_000, "tests/sites/registry.test.ts": 10 };
    const files = Object.keys(sizes).map((file) => spec(file, "together"));
    const sorted = await freshClone(sizes).sort(files);
    expect(sorted.map((s) => path.relative(repoRoot, s.moduleId))).toEqual([
      "tests/sites/registry.test.ts",
      "tests/b.test.ts",
      "tests/a.test.ts",
    ]);
  });

  it("keeps the files of a later group after every file of an earlier one", async () => {
    const sizes = { "tests/alone.test.ts": 50_000, "tests/a.test.ts": 10, "tests/sites/registry.test.ts": 10 };
    const files = [
      spec("tests/alone.test.ts", "alone", 1),
      spec("tests/a.test.ts", "together"),
      spec("tests/sites/registry.test.ts", "together"),
    ];
    const sorted = await freshClone(sizes).sort(files);
    expect(sorted.map((s) => path.relative(repoRoot, s.moduleId))).toEqual([
      "tests/sites/registry.test.ts",
      "tests/a.test.ts",
      "tests/alone.test.ts",
    ]);
  });
});
