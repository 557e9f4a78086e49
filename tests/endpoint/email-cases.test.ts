// The shared table of posted bodies run against endpoint/Code.js; copies of Code.js with one mistake
// each, to show the checks catch it; and Code.js's address rule held to the local receiver's.
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isValidEmail } from "../../packages/heirloom/src/serve/forms/receiver.ts";
import { startPreview } from "../../packages/heirloom/src/serve/preview/preview.ts";
import { emailCases, type EmailCase } from "./email-cases.ts";
import { toldBy } from "./fakes.ts";
import { codeSource, compile, threadWorld } from "./harness.ts";

/** Values the spreadsheet must receive with a leading apostrophe, so that it keeps them as plain text. */
const needsTextMarker = /^[=+\-@\t\r']/;
const isoUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Runs one case against a fresh spreadsheet; returns what went wrong, if anything. */
function checkCase({ before = [], body, stored }: EmailCase, source = codeSource): string[] {
  const world = threadWorld({}, compile(source));
  for (const earlier of before) world.post(earlier);
  const entriesBefore = world.cells().slice(1);
  const { page, logs, lockHeldAtEnd } = world.post(body);
  const cells = world.cells();
  const entries = cells.slice(1);
  const added = entries.slice(entriesBefore.length);
  const problems: string[] = [];
  if (JSON.stringify(entries.slice(0, entriesBefore.length)) !== JSON.stringify(entriesBefore))
    problems.push("earlier rows changed");
  if (cells.flat().some((cell) => cell.formula !== null)) problems.push("a cell holds a formula");
  if (lockHeldAtEnd) problems.push("the lock was still held at the end");
  if (logs.some((line) => line.startsWith("error"))) problems.push(`logged ${logs.join("; ")}`);
  if (!/<body><p>[^<]+<\/p>/.test(page.getContent())) problems.push("no answer page");
  const shown = added.map((row) => row[1]?.display);
  if (JSON.stringify(shown) !== JSON.stringify(stored === null ? [] : [stored])) {
    problems.push(`expected ${JSON.stringify(stored)} to be added, got ${JSON.stringify(shown)}`);
  }
  const [timestamp, email] = added[0] ?? [];
  if (stored !== null && email && email.input !== (needsTextMarker.test(stored) ? `'${stored}` : stored)) {
    problems.push(`written as ${JSON.stringify(email.input)}`);
  }
  if (timestamp && !isoUtc.test(timestamp.display)) problems.push(`timestamp ${timestamp.display}`);
  return problems;
}

describe("the endpoint with each posted body", () => {
  it.each(emailCases)("$name", (testCase) => {
    expect(checkCase(testCase)).toEqual([]);
  });
});

/** The outcome Code.js's answer page tells the site's page after the case's last post. */
function toldByEndpoint({ before = [], body }: EmailCase): unknown {
  const world = threadWorld();
  for (const earlier of before) world.post(earlier);
  return (toldBy(world.post(body).page)[0]?.message as { outcome?: string } | undefined)?.outcome;
}

/**
 * Runs one case against `heirloom preview`'s local receiver of a fresh project; returns what it added and the
 * outcome its answer page tells.
 */
async function postToPreview({ before = [], body }: EmailCase): Promise<{ added: string[]; told?: string }> {
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-contract-"));
  mkdirSync(path.join(root, "dist"));
  const forms = [{ name: "waitlist", field: "email", type: "email" as const, localPath: "/__heirloom/waitlist" }];
  const preview = await startPreview({ outDir: path.join(root, "dist"), root, forms, port: 0 });
  const post = (text: string) =>
    fetch(new URL("__heirloom/waitlist", preview.url), {
      method: "POST",
      body: text,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }).then((r) => r.text());
  const entries = () => {
    try {
      return readFileSync(preview.formFiles[0], "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { email: string }).email);
    } catch {
      return [];
    }
  };
  try {
    for (const earlier of before) await post(earlier);
    const listed = entries();
    const page = await post(body);
    const after = entries();
    expect(after.slice(0, listed.length)).toEqual(listed);
    return { added: after.slice(listed.length), told: page.match(/data-outcome="(\w+)"/)?.[1] };
  } finally {
    await preview.close();
  }
}

describe("the local receiver of heirloom preview with each posted body: the same outcome as the endpoint", () => {
  it.each(emailCases)("$name", async (testCase) => {
    const { added, told } = await postToPreview(testCase);
    expect(added).toEqual(testCase.stored === null ? [] : [testCase.stored]);
    // What the page that posted is told: the same as Code.js tells it.
    expect(told).toBe(toldByEndpoint(testCase));
    expect(told).toBe(testCase.stored === null && !testCase.before ? "invalid" : "received");
  });
});

describe("the checks catch a mistaken endpoint", () => {
  const mistakes: { mistake: string; from: string; to: string; caught: string[] }[] = [
    {
      mistake: "no text marker",
      from: `NEEDS_TEXT_MARKER.test(value) ? "'" + value : value`,
      to: "value",
      caught: ["starting with an apostrophe", "starting with an apostrophe, the plain one listed"],
    },
    {
      mistake: "formula-like addresses let through",
      from: "if (FORMULA_START.test(email)) return 'formula';",
      to: "",
      caught: ["formula-like, refused", "starting with a plus, refused", "starting with a minus, refused"],
    },
    {
      mistake: "searching for the marked text",
      from: "createTextFinder(email)",
      to: "createTextFinder(asText(email))",
      caught: ["starting with an apostrophe, listed, in other letter case"],
    },
    {
      mistake: "partial matches",
      from: ".matchEntireCell(true)",
      to: ".matchEntireCell(false)",
      caught: ["a listed address inside a new one is not a match"],
    },
    {
      mistake: "a regular expression search",
      from: ".matchEntireCell(true)",
      to: ".matchEntireCell(true).useRegularExpression(true)",
      caught: [
        "a dot is a dot, not any character",
        "an asterisk is an asterisk, not a wildcard",
        "a question mark is a question mark",
      ],
    },
    {
      mistake: "a case-sensitive search",
      from: ".matchCase(false)",
      to: ".matchCase(true)",
      caught: ["the same address in other letter case"],
    },
    {
      mistake: "taking the first of two fields",
      from: "if (values.length > 1) return 'repeated';",
      to: "",
      caught: ["two email fields", "the same email field twice"],
    },
    {
      mistake: "no trimming",
      from: ".trim()",
      to: "",
      caught: ["surrounding spaces trimmed", "surrounding tab and newline trimmed"],
    },
    { mistake: "no length limit", from: "value.length <= MAX_EMAIL_LENGTH && ", to: "", caught: ["255 characters"] },
  ];

  it.each(mistakes)("$mistake", ({ from, to, caught }) => {
    expect(codeSource).toContain(from);
    const source = codeSource.replace(from, to);
    for (const name of caught) {
      const testCase = emailCases.find((c) => c.name === name);
      expect(testCase, name).toBeDefined();
      expect(checkCase(testCase!, source), name).not.toEqual([]);
    }
  });
});

describe("the address rule", () => {
  it("gives the same verdict in Code.js and in the local receiver for every case", () => {
    const codeIsValid = threadWorld().execution().read("isValidEmail") as (value: string) => boolean;
    const verdicts = emailCases.map(({ name, body }) => {
      const value = (new URLSearchParams(body).get("email") ?? "").trim();
      return { name, code: codeIsValid(value), receiver: isValidEmail(value) };
    });
    expect(verdicts).toEqual(emailCases.map(({ name, valid }) => ({ name, code: valid, receiver: valid })));
  });
});
