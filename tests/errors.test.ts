import { describe, expect, it } from "vitest";
import { BuildFailure, HeirloomError, errorsOf, formatError } from "../src/errors/errors.ts";

describe("formatError", () => {
  const error = new HeirloomError(
    "ContentSchemaError",
    'The field "price" in content/plans/legacy.md must be a number; found the text "forty".',
    {
      location: { file: "content/plans/legacy.md", line: 4, column: 8 },
      hint: "write the number without quotes, currency signs or words, such as 49.",
    },
  );

  it("prints what, where and what to do, without a stack trace", () => {
    expect(formatError(error)).toMatchInlineSnapshot(`
      "error ContentSchemaError: The field "price" in content/plans/legacy.md must be a number; found the text "forty".
        at content/plans/legacy.md:4:8
        hint: write the number without quotes, currency signs or words, such as 49."
    `);
  });

  it("adds the stack trace only in debug mode, and colour only when asked", () => {
    // A stack frame, indented under the error: "      at fn (file:line:column)". The location line
    // ("  at content/plans/legacy.md:4:8") is printed always and is not one.
    const frame = /^ {4,}at (?:.+ \()?[^\s()]+:\d+:\d+\)?$/m;
    expect(formatError(error, { debug: true })).toMatch(frame);
    expect(formatError(error, { debug: true })).toContain("errors.test.ts:");
    expect(formatError(error)).not.toMatch(frame);
    const caused = new HeirloomError("ConfigError", "x", { cause: new Error("the cause") });
    expect(formatError(caused, { debug: true })).toMatch(/caused by:\n\s+Error: the cause\n\s+at /);
    expect(formatError(caused)).not.toContain("the cause");
    expect(formatError(error)).not.toContain("\x1b[");
    expect(formatError(error, { color: true })).toContain("\x1b[31;1merror");
  });
});

describe("errorsOf", () => {
  it("unpacks a BuildFailure, wraps a single error and ignores other throwables", () => {
    const a = new HeirloomError("ConfigError", "a");
    const b = new HeirloomError("ConfigError", "b");
    expect(errorsOf(new BuildFailure([a, b]))).toEqual([a, b]);
    expect(errorsOf(a)).toEqual([a]);
    expect(errorsOf(new Error("x"))).toEqual([]);
  });
});
