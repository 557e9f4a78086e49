// What a schema's problem with a post says: a "did you mean" only for a name close to a known one, and a schema's
// own words read as a sentence, whether a rule ("must be…") or anything else it says.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readSource, toRawEntry } from "../../../packages/heirloom/src/content/frontmatter/index.ts";
import { schemaErrors } from "../../../packages/heirloom/src/content/fields/schema-errors.ts";

const FILE = "content/posts/hello.md";
const problems = (schema: z.ZodType, text: string) => {
  const entry = toRawEntry(FILE, readSource(FILE, text), text);
  const result = schema.safeParse(entry.data);
  return schemaErrors(result.error?.issues ?? [], entry, schema, "posts").map(({ message, hint, location }) => ({
    message,
    hint,
    line: location?.line,
  }));
};

const post = z.strictObject({
  title: z.string(),
  date: z.iso.date("must be a date written as YYYY-MM-DD, such as 2026-03-14"),
});

describe("an unknown field", () => {
  it("is not called a misspelling of a field it is far from: tags for date", () => {
    expect(problems(post, "---\ntitle: Hello\ntags: [a, b]\n---\nText.\n")).toEqual([
      {
        message: `${FILE} is missing the field "date", which must be a date written as YYYY-MM-DD, such as 2026-03-14.`,
        hint: "add a line `date: ...` to the front matter.",
        line: 2,
      },
      {
        message: `${FILE} has an unknown field "tags".`,
        hint:
          `declare "tags" in its collection's schema in site.config.ts, or remove it from the front matter. ` +
          "Known fields here: title, date.",
        line: 3,
      },
    ]);
  });

  it("is still a typo of a near name, once", () => {
    expect(problems(post, "---\ntitel: Hello\ndate: 2026-01-02\n---\n")).toEqual([
      {
        message: `${FILE} has an unknown field "titel", and "title" is missing.`,
        hint: 'did you mean "title"? Rename "titel" to "title". Known fields here: title, date.',
        line: 2,
      },
    ]);
  });
});

describe("a schema's own words", () => {
  it("read as a sentence when they are no rule, for a missing field and a wrong one", () => {
    const own = z.strictObject({
      title: z.string({ error: "Every post needs a title." }),
      date: z.iso.date(),
    });
    expect(problems(own, "---\ndate: 2026/01/02\n---\n").map((p) => p.message)).toEqual([
      `${FILE} is missing the field "title", which its schema requires: Every post needs a title.`,
      `The field "date" in ${FILE} is the text "2026/01/02", which its schema refuses: Invalid ISO date.`,
    ]);
  });

  it("keep the engine's own words as they were", () => {
    const own = z.strictObject({ title: z.string(), draft: z.boolean() });
    expect(problems(own, "---\ntitle: 5\n---\n").map((p) => p.message)).toEqual([
      `The field "title" in ${FILE} must be text; found 5.`,
      `${FILE} is missing the field "draft" (expected true or false).`,
    ]);
  });
});
