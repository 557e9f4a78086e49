// Site code that no time budget wraps (the top level of site.config.ts and of templates/ as they load, a sort
// function) and that never returns: the supervisor of the thread it runs on stops that thread a few seconds past
// the site's timeout, so build fails at the code's place with exit 1, leaving the output, no staging folder and no
// lock; a timer it leaves running does not keep a finished build alive; dev answers with the error, starts a fresh
// thread, and serves the fix once it is saved.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expectNothingWritten, heirloomRun, outputSnapshot, startCli, stopStarted } from "../../helpers/cli-process.ts";
import { cliPath, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";

afterEach(() => stopStarted());

const SPIN = "while (Date.now() > 0) {}";
/** How long a build stopped so may take on a loaded machine, start and compile included. */
const BOUND_MS = 30_000;

/** The fixture site with `timeout` ms for its code, its own templates, built once (the output to keep). */
function builtFixture(timeout: number): string {
  const root = makeFixture();
  ownTemplates(root);
  editFile(root, "site.config.ts", "defineSite({", `defineSite({\n  timeout: ${timeout},`);
  expect(heirloomRun(root, "build").code).toBe(0);
  return root;
}

/** Builds `root` as a user does, ended by the test's own limit if it never ends (the failure before the backstop). */
function timedBuild(root: string) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cliPath, "build", "--root", root], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
    timeout: 45_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

/** The 1-based line of `root`'s site.config.ts that is `text`. */
const lineOf = (root: string, text: string) =>
  readFileSync(path.join(root, "site.config.ts"), "utf8").split("\n").indexOf(text) + 1;

/** The build failed as it must: exit 1 in bounded time, the old output as it was, no staging folder, no lock. */
function expectStopped(root: string, run: ReturnType<typeof timedBuild>, before: ReturnType<typeof outputSnapshot>) {
  expect(run.code).toBe(1);
  expect(run.ms).toBeLessThan(BOUND_MS);
  expect(run.stderr).toContain("1 problem; nothing was written.");
  expectNothingWritten(root, before);
  expect(existsSync(path.join(root, ".heirloom", "build-dist.lock"))).toBe(false);
}

describe("a build whose site code never returns outside every budget", () => {
  it("fails at the templates' module whose top level never ends", () => {
    const root = builtFixture(1000);
    const before = outputSnapshot(root);
    editFile(
      root,
      "templates/Pages.tsx",
      "// The fixture's page templates.",
      `// The fixture's page templates.\n${SPIN}`,
    );
    const run = timedBuild(root);
    expectStopped(root, run, before);
    expect(run.stderr).toMatch(
      new RegExp(
        "^error SiteCodeTimeoutError: The top-level code of templates/index\\.ts \\(or a module it imports\\) was " +
          "still running after \\d+ s, so it was stopped\\.\n {2}at templates/index\\.ts\n {2}hint: look there for " +
          "code that does not end",
        "m",
      ),
    );
    expect(run.stderr).toContain("the site's timeout (1 s)");
  }, 90_000);

  it("fails at site.config.ts when its top level never ends", () => {
    const root = builtFixture(1000);
    const before = outputSnapshot(root);
    editFile(root, "site.config.ts", "export default definition;", `${SPIN}\nexport default definition;`);
    const run = timedBuild(root);
    expectStopped(root, run, before);
    expect(run.stderr).toMatch(
      new RegExp(
        "^error SiteCodeTimeoutError: The top-level code of site\\.config\\.ts \\(or a module it imports\\) was " +
          "still running after \\d+ s, so it was stopped\\.\n {2}at site\\.config\\.ts\n",
        "m",
      ),
    );
    // Its own timeout is not known until it has loaded: the default holds.
    expect(run.stderr).toContain("the site's timeout (10 s)");
  }, 90_000);

  it("fails at the collection whose sort function never returns", () => {
    const root = builtFixture(1000);
    const before = outputSnapshot(root);
    editFile(root, "site.config.ts", 'sort: "order",', "sort: (a, b) => { while (a.order >= 0) {} return b.order; },");
    const run = timedBuild(root);
    expectStopped(root, run, before);
    expect(run.stderr).toMatch(
      /^error SiteCodeTimeoutError: The sort function of the collection "notes" was still running after \d+ s, so /m,
    );
    expect(run.stderr).toContain(`  at site.config.ts:${lineOf(root, "    notes: defineCollection({")}:5\n`);
  }, 90_000);
});

describe("a build whose site code leaves a timer running", () => {
  it("ends once its work is done, with exit 0, rather than waiting for the timer forever", () => {
    const root = builtFixture(1000);
    const header = "// The fixture's page templates.";
    editFile(root, "templates/Pages.tsx", header, `${header}\nsetInterval(() => {}, 1000);`);
    const run = timedBuild(root);
    expect(run.code).toBe(0);
    expect(run.ms).toBeLessThan(BOUND_MS);
    // Its output arrived whole before the thread was ended.
    expect(run.stdout).toMatch(/Wrote 11 files to .*dist in .*; site hash [0-9a-f]{16}\n$/);
    expect(existsSync(path.join(root, ".heirloom", "build-dist.lock"))).toBe(false);
  }, 90_000);
});

describe("dev with a templates' module whose top level never ends", () => {
  it("answers with the error, starts a fresh thread, and serves the fix once it is saved", async () => {
    const root = makeFixture();
    ownTemplates(root);
    editFile(root, "site.config.ts", "defineSite({", "defineSite({\n  timeout: 1000,");
    const server = startCli(root, ["dev", "--port", "0"]);
    const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
    expect((await fetch(new URL("about/team", url))).status).toBe(200);
    const header = "// The fixture's page templates.";
    editFile(root, "templates/Pages.tsx", header, `${header}\n${SPIN}`);
    // The templates load as the background link check renders the pages: that is where the thread is stopped.
    await server.waitFor(/SiteCodeTimeoutError: The top-level code of templates\/index\.ts .* after \d+ s/, 40_000);
    expect(server.output()).toContain("  at templates/index.ts\n");
    // The pages are answered, with the failed page the overlay shows the error over, by the fresh thread.
    for (const page of ["", "about/team"]) {
      const answered = await fetch(new URL(page, url), { signal: AbortSignal.timeout(20_000) });
      expect(await answered.text()).toContain("<title>Build failed</title>");
    }
    editFile(root, "templates/Pages.tsx", `${header}\n${SPIN}`, header);
    const team = async () => {
      const response = await fetch(new URL("about/team", url));
      return `${response.status} ${await response.text()}`;
    };
    await expect.poll(team, { timeout: 40_000, interval: 300 }).toMatch(/^200 [\s\S]*<h1>Team<\/h1>/);
  }, 120_000);
});
