// The "did you mean" of a hint: offered only for a name close to the typo for its length, never for any name three
// letters away ("tags" is not a misspelling of "date").
import { describe, expect, it } from "vitest";
import { nearest } from "../../../packages/heirloom/src/errors/nearest.ts";

describe("the nearest known name", () => {
  it("is offered for a typo of a letter or two, in any case", () => {
    expect(nearest("titel", ["date", "title"])).toBe("title");
    expect(nearest("featurs", ["features", "order"])).toBe("features");
    expect(nearest("Descripton", ["description"])).toBe("description");
    expect(nearest("tag", ["tags", "date"])).toBe("tags");
  });

  it("is none when every known name is far for the word's length", () => {
    expect(nearest("tags", ["title", "date", "description"])).toBeUndefined();
    expect(nearest("slug", ["date"])).toBeUndefined();
    expect(nearest("categories", ["title", "date"])).toBeUndefined();
    expect(nearest("ab", ["cd"])).toBeUndefined();
  });
});
