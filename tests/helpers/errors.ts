// Assertions on build failures: every error's code, message, location and hint, and nothing written.
import { existsSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { errorsOf, type HeirloomError } from "../../packages/heirloom/src/errors/errors.ts";
import { buildProject } from "./site.ts";

export interface Expected {
  code: string;
  message: string;
  location: { file: string; line?: number; column?: number };
  hint: string | RegExp;
}

export async function failures(root: string): Promise<HeirloomError[]> {
  const outcome = await buildProject(root).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, `${root} must fail the build`).toBeDefined();
  expect(existsSync(path.join(root, "dist")), "nothing is written").toBe(false);
  const errors = errorsOf(outcome);
  expect(errors.length, String(outcome)).toBeGreaterThan(0);
  return errors;
}

export function expectErrors(actual: HeirloomError[], expected: Expected[]) {
  expect(actual.map((e) => ({ code: e.code, message: e.message, location: e.location }))).toEqual(
    expected.map(({ code, message, location }) => ({ code, message, location })),
  );
  actual.forEach((e, i) =>
    typeof expected[i].hint === "string"
      ? expect(e.hint).toBe(expected[i].hint)
      : expect(e.hint).toMatch(expected[i].hint),
  );
}
