// One fixture per authoring mistake (tests/fixtures/<case>/content/…, laid over a copy of content/):
// each must fail the build with its own exact message, file, line, column and hint, and write nothing.
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorsOf, type HeirloomError } from "../src/errors.ts";
import { buildProject, makeProject, templatesDir } from "./helpers/site.ts";

interface Expected {
  code: string;
  message: string;
  location: { file: string; line?: number; column?: number };
  hint: string | RegExp;
}

async function failures(fixture: string): Promise<HeirloomError[]> {
  const root = makeProject(fixture);
  const outcome = await buildProject(root).then(() => undefined, (error: unknown) => error);
  expect(outcome, `${fixture} must fail the build`).toBeDefined();
  expect(existsSync(path.join(root, "dist")), "nothing is written").toBe(false);
  const errors = errorsOf(outcome);
  expect(errors.length, String(outcome)).toBeGreaterThan(0);
  return errors;
}

function expectErrors(actual: HeirloomError[], expected: Expected[]) {
  expect(actual.map((e) => ({ code: e.code, message: e.message, location: e.location }))).toEqual(
    expected.map(({ code, message, location }) => ({ code, message, location })),
  );
  actual.forEach((e, i) => (typeof expected[i].hint === "string" ? expect(e.hint).toBe(expected[i].hint) : expect(e.hint).toMatch(expected[i].hint)));
}

const PLAN_FIELDS = "order, name, price, period, description, features, recommended, badge, buttonText";

describe("each authoring mistake has its own message", () => {
  it("malformed YAML: an unclosed quote, pointed at where it opens", async () => {
    expectErrors(await failures("bad-front-matter"), [
      {
        code: "FrontMatterParseError",
        message: "Could not parse the front matter of content/plans/legacy-collection.md: a quoted value is never closed.",
        location: { file: "content/plans/legacy-collection.md", line: 3, column: 7 },
        hint: "look for an unclosed quote, a missing colon, a tab, or wrong indentation between the --- lines; quote values that contain a colon.",
      },
    ]);
  });

  it("a missing field", async () => {
    expectErrors(await failures("missing-field"), [
      {
        code: "ContentSchemaError",
        message: 'content/plans/essential-memories.md is missing the field "buttonText" (expected text).',
        location: { file: "content/plans/essential-memories.md", line: 2, column: 1 },
        hint: "add a line `buttonText: ...` to the front matter.",
      },
    ]);
  });

  it("a wrong type: a list written as text and a yes for a boolean, both reported", async () => {
    expectErrors(await failures("wrong-type"), [
      {
        code: "ContentSchemaError",
        message: 'The field "features" in content/plans/family-archive.md must be a list; found the text "Unlimited calls".',
        location: { file: "content/plans/family-archive.md", line: 7, column: 1 },
        hint: "write a list: one `- item` per line, indented under the field.",
      },
      {
        code: "ContentSchemaError",
        message: 'The field "recommended" in content/plans/family-archive.md must be true or false; found the text "yes".',
        location: { file: "content/plans/family-archive.md", line: 8, column: 1 },
        hint: "write true or false, without quotes.",
      },
    ]);
  });

  it("a price that is not a number", async () => {
    expectErrors(await failures("price-not-number"), [
      {
        code: "ContentSchemaError",
        message: 'The field "price" in content/plans/family-archive.md must be a number such as 49 (no currency sign); found the text "$89".',
        location: { file: "content/plans/family-archive.md", line: 4, column: 1 },
        hint: "write the number without quotes, currency signs or words, such as 49.",
      },
    ]);
  });

  it("an unknown field that is a typo: the nearest known name is suggested, and not reported twice", async () => {
    expectErrors(await failures("unknown-field"), [
      {
        code: "UnknownFieldError",
        message: 'content/plans/legacy-collection.md has an unknown field "featurs", and "features" is missing.',
        location: { file: "content/plans/legacy-collection.md", line: 7, column: 1 },
        hint: `did you mean "features"? Rename "featurs" to "features". Known fields here: ${PLAN_FIELDS}.`,
      },
    ]);
  });

  it("a duplicate item", async () => {
    expectErrors(await failures("duplicate-item"), [
      {
        code: "DuplicateItemError",
        message: 'The plan name "Legacy Collection" of content/plans/legacy-copy.md is already used by content/plans/legacy-collection.md.',
        location: { file: "content/plans/legacy-copy.md", line: 3, column: 1 },
        hint: "rename one of them; each plan name must be unique.",
      },
    ]);
  });

  it("an image that does not exist", async () => {
    expectErrors(await failures("missing-image"), [
      {
        code: "ImageNotFoundError",
        message: 'The image "images/nobody.svg" named in content/testimonials/zz-missing-image.md does not exist.',
        location: { file: "content/testimonials/zz-missing-image.md", line: 6, column: 1 },
        hint: /^put the file at content\/images\/nobody\.svg, or name one of: images\/family-book\.svg, .*images\/portrait-margaret\.svg/,
      },
    ]);
  });

  it("a page path that collides with another page", async () => {
    expectErrors(await failures("route-collision"), [
      {
        code: "RouteCollisionError",
        message: 'The page path "/pricing" of content/pages/pricing.md is already used by content/pages/pricing-again.md.',
        location: { file: "content/pages/pricing.md", line: 2, column: 1 },
        hint: "give each page its own path; two pages cannot share a URL.",
      },
    ]);
  });

  it("an empty required text", async () => {
    expectErrors(await failures("empty-text"), [
      {
        code: "ContentSchemaError",
        message: 'The field "title" in content/benefits/zz-empty.md must not be empty; found empty text.',
        location: { file: "content/benefits/zz-empty.md", line: 3, column: 1 },
        hint: "write some text for title, or remove the file if the item is no longer wanted.",
      },
    ]);
  });

  it("an unsafe link in a markdown body", async () => {
    expectErrors(await failures("unsafe-link"), [
      {
        code: "UnsafeLinkError",
        message: 'The link "javascript:alert(document.cookie)" in content/faqs/zz-unsafe.md uses a scheme that is not allowed.',
        location: { file: "content/faqs/zz-unsafe.md", line: 8 },
        hint: "link to a page of this site (/pricing) or to an https://, mailto: or tel: address.",
      },
    ]);
  });

  it("a link to a page that does not exist and is not listed as unregistered", async () => {
    expectErrors(await failures("broken-link"), [
      {
        code: "BrokenLinkError",
        message: "The link /plan-details on /pricing leads to no page or file of the site.",
        location: { file: "content/faqs/zz-broken-link.md", line: 6 },
        hint: "correct the link, or, if the page is meant to show the 404 page for now, add its path to `unregistered` in content/site.md.",
      },
    ]);
  });

  it("several mistakes in several files: all reported in one build, in the order of the files", async () => {
    const errors = await failures("several-errors");
    expect(errors.map((e) => [e.code, `${e.location?.file}:${e.location?.line}`])).toEqual([
      ["ContentSchemaError", "content/plans/essential-memories.md:4"],
      ["ContentSchemaError", "content/plans/essential-memories.md:7"],
      ["UnknownFieldError", "content/benefits/zz-typo.md:3"],
    ]);
    expect(errors[2].message).toBe('content/benefits/zz-typo.md has an unknown field "titel", and "title" is missing.');
    expect(errors[1].message).toBe('The field "features" in content/plans/essential-memories.md must be a list of at least 1 item; found a list of 0 items.');
  });

  it("a template that does not compile is reported with the content mistakes, at its file and line", async () => {
    const root = makeProject("missing-field");
    const templates = path.join(root, "templates");
    cpSync(templatesDir, templates, { recursive: true });
    const file = path.join(templates, "pages", "PricingPage.tsx");
    const lines = readFileSync(file, "utf8").split("\n").length;
    writeFileSync(file, `${readFileSync(file, "utf8")}\nexport const broken: number = ;\n`);
    const errors = errorsOf(await buildProject(root, { templatesDir: templates }).then(() => undefined, (e: unknown) => e));
    expect(errors.map((e) => e.code)).toEqual(["ContentSchemaError", "TemplateCompileError"]);
    expect(errors[1].message).toBe('Could not compile the templates: Unexpected ";"');
    expect(errors[1].location).toEqual({ file: "templates/pages/PricingPage.tsx", line: lines + 1, column: 31 });
  });
});

describe("content that must not become markup", () => {
  it("escapes raw HTML in questions and answers instead of rendering it", async () => {
    const root = makeProject("raw-html");
    const built = await buildProject(root);
    const html = readFileSync(path.join(built.outDir, "how-it-works/index.html"), "utf8");
    expect(html).toContain("Is &lt;b&gt;bold&lt;/b&gt; allowed here?");
    expect(html).toContain("Raw HTML &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(2)&gt; stays text.");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("onerror=alert(2)>");
  });
});
