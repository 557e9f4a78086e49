// The TypeScript check of a site's definition and templates: `heirloom check` reports each type error at
// its file, line and column like a content error, and `heirloom dev` runs it in a worker after each
// template change, after the reload, and says so in its events.
import { spawnSync } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevEvent, type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { CHECK_MS } from "../../helpers/cli-process.ts";
import { makeFixture, makeProject, ownTemplates, cliPath } from "../../helpers/site.ts";

const bin = cliPath;
const heirloom = (cwd: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};
/** Replaces `from` in a file and returns the 1-based line and column where `to` now starts. */
function replace(file: string, from: string, to: string): { line: number; column: number } {
  const text = readFileSync(file, "utf8");
  const at = text.indexOf(from);
  expect(at, from).toBeGreaterThanOrEqual(0);
  writeFileSync(file, text.slice(0, at) + to + text.slice(at + from.length));
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

describe("heirloom check", () => {
  it(
    "reports a field a template reads that the schema does not declare, at its file, line and column",
    () => {
      const root = makeProject();
      const pricing = path.join(ownTemplates(root), "pages", "PricingPage.tsx");
      const at = replace(pricing, "{plan.name}</h3>", "{plan.title}</h3>");
      const { code, stderr } = heirloom(root, "check");
      expect(code).toBe(1);
      expect(stderr).toMatch(/^error TypeCheckError: Property 'title' does not exist on type /m);
      expect(stderr).toContain(`  at templates/pages/PricingPage.tsx:${at.line}:${at.column + 6}`);
      expect(stderr).toContain("  hint: ");
      expect(stderr.trimEnd().split("\n").at(-1)).toBe("1 problem.");
    },
    CHECK_MS,
  );

  it(
    "reports a type error in site.config.ts together with a content mistake",
    () => {
      const root = makeFixture("missing-field");
      ownTemplates(root);
      // Compiled for the build, this runs; only the type check sees that it is wrong.
      const at = replace(
        path.join(root, "site.config.ts"),
        "export default definition;",
        'const pages: number = "seven";\nexport default definition;',
      );
      const { code, stderr } = heirloom(root, "check");
      expect(code).toBe(1);
      expect(stderr).toContain("error ContentSchemaError");
      expect(stderr).toContain(
        "error TypeCheckError: Type 'string' is not assignable to type 'number'. (TS2322)\n" +
          `  at site.config.ts:${at.line}:${at.column + 6}`,
      );
    },
    CHECK_MS,
  );

  it(
    "passes the fixture site and Heirloom as they are",
    () => {
      const fixture = makeFixture();
      ownTemplates(fixture);
      expect(heirloom(fixture, "check")).toMatchObject({ code: 0 });
    },
    CHECK_MS,
  );
});

describe("heirloom dev's background type check", () => {
  let root: string;
  let dev: DevServer;
  const events: DevEvent[] = [];
  beforeAll(async () => {
    root = makeFixture();
    ownTemplates(root);
    dev = await startDev({ root, env: {}, port: 0, typeCheck: true, onEvent: (e) => events.push(e) });
  });
  afterAll(() => dev?.close());

  it("reports a template's type error after the reload, and that it is fixed", async () => {
    // The first check, after start-up, finds nothing.
    await expect.poll(() => events.some((e) => e.type === "types"), { timeout: 30_000, interval: 50 }).toBe(true);
    expect(events.find((e) => e.type === "types")!.message).toBe("");
    const pages = path.join(root, "templates", "Pages.tsx");
    const original = readFileSync(pages, "utf8");
    const count = events.length;
    const at = replace(
      pages,
      "<h1>{page.title}</h1>\n      <p data-price>",
      "<h1>{page.titel}</h1>\n      <p data-price>",
    );
    await expect
      .poll(() => events.slice(count).some((e) => e.type === "types"), { timeout: 30_000, interval: 50 })
      .toBe(true);
    const after = events.slice(count);
    const types = after.find((e) => e.type === "types")!;
    // The page was rebuilt and reloaded first; the check did not hold it up.
    expect(after.findIndex((e) => e.type === "built")).toBeLessThan(after.indexOf(types));
    expect(types.message).toMatch(/^error TypeCheckError: Property 'titel' does not exist on type /);
    expect(types.message).toContain(`  at templates/Pages.tsx:${at.line}:${at.column + 10}`);
    const fixed = events.length;
    writeFileSync(pages, original);
    await expect
      .poll(() => events.slice(fixed).find((e) => e.type === "types")?.message, { timeout: 30_000, interval: 50 })
      .toBe("");
  }, 90_000);
});

describe("heirloom dev with its templates/ renamed and renamed back", () => {
  it("names the missing folder, runs its type check without a failure, and recovers when it is back", async () => {
    const root = makeFixture();
    ownTemplates(root);
    const events: DevEvent[] = [];
    const failures: unknown[] = [];
    const onError = (error: unknown) => void failures.push(error);
    const dev = await startDev({ root, env: {}, port: 0, typeCheck: true, onEvent: (e) => events.push(e), onError });
    try {
      const typeChecks = () => events.filter((e) => e.type === "types").length;
      await expect.poll(typeChecks, { timeout: 30_000, interval: 50 }).toBe(1);
      renameSync(path.join(root, "templates"), path.join(root, "templates-away"));
      await expect.poll(typeChecks, { timeout: 30_000, interval: 50 }).toBe(2);
      const failed = events.find((e) => e.type === "failed")!;
      expect(failed.message).toContain(
        "error TemplateCompileError: There is no templates/ folder: the pages have no templates.\n  at templates\n",
      );
      // Before, the check threw ENOENT on the missing folder, told as "a request could not be answered".
      expect(failures).toEqual([]);
      expect(events.filter((e) => e.type === "types").map((e) => e.message)).toEqual(["", ""]);
      // The last good pages are still served.
      expect((await fetch(new URL("notes/second", dev.url))).status).toBe(200);
      const count = events.length;
      renameSync(path.join(root, "templates-away"), path.join(root, "templates"));
      await expect.poll(() => events.slice(count).some((e) => e.type === "built"), { timeout: 10_000 }).toBe(true);
      expect(await (await fetch(new URL("notes/second", dev.url))).text()).toContain("<h1>Second</h1>");
    } finally {
      await dev.close();
    }
  }, 90_000);
});
