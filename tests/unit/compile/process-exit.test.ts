// A site's code that tries to end the process (process.exit, process.abort, process.kill of its own pid) from an
// MDX body, a template or site.config.ts: the command fails with ProcessExitError at the file and line of the
// call, exit 1 (valid JSON with --json), the output folder as it was, and no staging folder left.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CHECK_MS,
  expectNothingWritten,
  heirloomRun as heirloom,
  outputSnapshot as snapshot,
} from "../../helpers/cli-process.ts";
import { copyJournal } from "../../helpers/site.ts";

const MDX_POST = "content/posts/the-right-length.mdx";
const TEMPLATE = "templates/pages.tsx";

const read = (root: string, file: string) => readFileSync(path.join(root, file), "utf8");

/** The journal, built once, with `text` added to the MDX post: the line of the text, and where it was added. */
function journalWithMdx(text: string) {
  const root = copyJournal("heirloom-exit-");
  expect(heirloom(root, "build").code).toBe(0);
  const file = path.join(root, MDX_POST);
  const before = readFileSync(file, "utf8");
  writeFileSync(file, `${before}\nThe end: ${text}\n`);
  return { root, line: before.split("\n").length + 1, column: "The end: ".length + 2 };
}

describe("an MDX body that calls process.exit", () => {
  let site: ReturnType<typeof journalWithMdx>;
  let before: ReturnType<typeof snapshot>;
  beforeAll(() => {
    site = journalWithMdx("{process.exit(0)}");
    before = snapshot(site.root);
  });

  it("fails build with exit 1 at the expression's line, and leaves the output folder as it was", () => {
    const { code, stdout, stderr } = heirloom(site.root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(`error ProcessExitError: ${MDX_POST} called process.exit(0) while its page was rendered`);
    expect(stderr).toContain(`at ${MDX_POST}:${site.line}:${site.column}\n`);
    expect(stderr).toMatch(/hint: remove the call/);
    expect(stdout).not.toContain("Wrote");
    expectNothingWritten(site.root, before);
  });

  it("fails build --json with the problem as JSON", () => {
    const { code, stdout } = heirloom(site.root, "build", "--json");
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ code: "ProcessExitError", file: MDX_POST, line: site.line, column: site.column }),
    ]);
    expectNothingWritten(site.root, before);
  });

  it(
    "fails check with exit 1 at the expression's line",
    () => {
      const { code, stdout, stderr } = heirloom(site.root, "check");
      expect(code).toBe(1);
      expect(stderr).toContain(`at ${MDX_POST}:${site.line}:${site.column}\n`);
      expect(stdout + stderr).not.toContain("no problems");
    },
    CHECK_MS,
  );
});

describe("other ways of site code to end the process", () => {
  it.each([
    ["process.abort()", "{process.abort()}"],
    ["process.kill of its own process", "{process.kill(process.pid, 'SIGKILL')}"],
  ])("%s in an MDX body fails the build at its line", (call, text) => {
    const { root, line, column } = journalWithMdx(text);
    const before = snapshot(root);
    const { code, stderr } = heirloom(root, "build");
    expect(code).toBe(1);
    expect(stderr).toContain(`error ProcessExitError: ${MDX_POST} called ${call}`);
    expect(stderr).toContain(`at ${MDX_POST}:${line}:${column}\n`);
    expectNothingWritten(root, before);
  });

  it("a template that calls process.exit as it renders a page fails at the template's line, even if it catches", () => {
    const root = copyJournal("heirloom-exit-");
    expect(heirloom(root, "build").code).toBe(0);
    const before = snapshot(root);
    const call = "      {(() => { try { process.exit(3) } catch {} return null })()}";
    const template = read(root, TEMPLATE).replace("      <h1>{page.title}</h1>\n      <p className", `${call}\n$&`);
    writeFileSync(path.join(root, TEMPLATE), template);
    const line = template.split("\n").indexOf(call) + 1;
    const { code, stderr } = heirloom(root, "build");
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`^error ProcessExitError: ${TEMPLATE} called process\\.exit\\(3\\) while rendering /blog/`, "m"),
    );
    expect(stderr).toContain(`at ${TEMPLATE}:${line}:`);
    expectNothingWritten(root, before);
  });

  it(
    "a template module and site.config.ts that call process.exit as they load fail at their line",
    () => {
      const root = copyJournal("heirloom-exit-");
      const template = read(root, TEMPLATE).replace("\nexport function Home", "\nprocess.exit(0);\n$&");
      writeFileSync(path.join(root, TEMPLATE), template);
      const loaded = heirloom(root, "build", "--json");
      expect(loaded.code).toBe(1);
      expect(JSON.parse(loaded.stdout).problems).toEqual([
        expect.objectContaining({
          code: "ProcessExitError",
          message: expect.stringMatching(/^templates\/pages\.tsx called process\.exit\(0\) while the templates were/),
          file: TEMPLATE,
          line: template.split("\n").indexOf("process.exit(0);") + 1,
        }),
      ]);
      const config = `process.exit(0);\n${read(root, "site.config.ts")}`;
      writeFileSync(path.join(root, "site.config.ts"), config);
      const { code, stderr } = heirloom(root, "check");
      expect(code).toBe(1);
      expect(stderr).toContain("error ProcessExitError: site.config.ts called process.exit(0) while it was loaded");
      expect(stderr).toContain("at site.config.ts:1:");
    },
    CHECK_MS,
  );
});
