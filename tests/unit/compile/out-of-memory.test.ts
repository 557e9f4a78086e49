// A site's code that uses up the memory a build may use (an MDX body's expression, a template): the command runs
// on a supervised thread (bin/supervise.js), so it fails with OutOfMemoryError at the place that ran, exit 1 (valid
// JSON with --json), the output folder as it was, and no staging folder or lock left. Node is given a small heap
// (NODE_OPTIONS) so that it runs out in a second.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { expectNothingWritten, heirloomRun, heirloomRunWith, outputSnapshot } from "../../helpers/cli-process.ts";
import { copyJournal } from "../../helpers/site.ts";

const MDX_POST = "content/posts/the-right-length.mdx";
const SMALL_HEAP = { NODE_OPTIONS: "--max-old-space-size=128" };
const GROWS = "(() => { const grow = []; while (true) grow.push(new Array(100_000).fill(grow.length)); })()";
const run = (root: string, ...args: string[]) => heirloomRunWith(SMALL_HEAP, root, ...args);
const lockOf = (root: string) => path.join(root, ".heirloom", "build-dist.lock");

describe("an MDX body that allocates without end", () => {
  let root: string;
  let line: number;
  let before: ReturnType<typeof outputSnapshot>;
  const column = "The end: {".length + 1;
  beforeAll(() => {
    root = copyJournal("heirloom-memory-");
    expect(heirloomRun(root, "build").code).toBe(0);
    const file = path.join(root, MDX_POST);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, `${text}\nThe end: {${GROWS}}\n`);
    line = text.split("\n").length + 1;
    before = outputSnapshot(root);
  });

  it("fails build with exit 1 at the expression, and leaves the output, no staging folder and no lock", () => {
    const { code, stdout, stderr } = run(root, "build");
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error OutOfMemoryError: The build ran out of memory \(its limit is [\d,]+ MB\) /m);
    expect(stderr).toContain(`while it ran ${MDX_POST}, rendering /blog/the-right-length/.\n`);
    expect(stderr).toContain(`at ${MDX_POST}:${line}:${column}\n`);
    expect(stderr).toContain("hint: look at that place for a loop that keeps making values");
    expect(stderr).toContain("1 problem; nothing was written.");
    expect(stderr).not.toContain("FATAL ERROR");
    expect(stdout).not.toContain("Wrote");
    expectNothingWritten(root, before);
    expect(existsSync(lockOf(root))).toBe(false);
  }, 60_000);

  it("fails build --json with the problem as JSON, and check at the same place", () => {
    const json = run(root, "build", "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: false,
      problems: [expect.objectContaining({ code: "OutOfMemoryError", file: MDX_POST, line, column })],
    });
    const check = run(root, "check");
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`at ${MDX_POST}:${line}:${column}\n`);
    expectNothingWritten(root, before);
  }, 60_000);

  it("builds once the body is fixed, with no lock to take over", () => {
    const file = path.join(root, MDX_POST);
    writeFileSync(file, readFileSync(file, "utf8").replace(`{${GROWS}}`, "{1 + 1}"));
    const { code, stdout, stderr } = run(root, "build");
    expect(code).toBe(0);
    expect(stdout).toContain("Wrote");
    expect(stderr).not.toContain("Took over the lock");
    expect(readFileSync(path.join(root, "dist", "blog", "the-right-length", "index.html"), "utf8")).toContain(
      "The end: 2",
    );
  }, 60_000);
});

/** The journal with its post template allocating without end on one post's page. */
function journalWithGrowingTemplate(): string {
  const root = copyJournal("heirloom-memory-template-");
  const file = path.join(root, "templates", "pages.tsx");
  const template = readFileSync(file, "utf8");
  const start = "export function Post({ page, assets }: Props<PostEntry>) {\n";
  expect(template).toContain(start);
  const grows = `  if (page.slug === "the-right-length") ${GROWS};\n`;
  writeFileSync(file, template.replace(start, `${start}${grows}`));
  return root;
}

describe("a template that allocates without end", () => {
  it("fails build at the page it rendered, naming the template", () => {
    const root = journalWithGrowingTemplate();
    const { code, stderr } = run(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(
      `while the "post" template rendered /blog/the-right-length/ (${MDX_POST}).\n  at ${MDX_POST}\n`,
    );
    expect(stderr).toContain('hint: look in the "post" template for a loop');
    expect(existsSync(path.join(root, "dist"))).toBe(false);
  }, 60_000);
});
