// Build progress on a terminal: shown only after a second, at most ten times a second, erased at the end;
// never when the output is not a terminal.
import { describe, expect, it } from "vitest";
import { createProgress } from "../../../packages/heirloom/src/cli/progress.ts";

function terminal(isTTY: boolean) {
  const written: string[] = [];
  return {
    stream: Object.assign(
      { write: (s: string) => written.push(s) > 0 },
      { isTTY },
    ) as unknown as NodeJS.WritableStream & { isTTY: boolean },
    written,
  };
}

describe("build progress", () => {
  it("shows nothing in the first second, then the count at most every 100 ms, and erases it", () => {
    let now = 0;
    const { stream, written } = terminal(true);
    const progress = createProgress(stream, () => now);
    progress.update("Rendering pages", 10, 10_000);
    now = 999;
    progress.update("Rendering pages", 900, 10_000);
    expect(written).toEqual([]);
    now = 1000;
    progress.update("Rendering pages", 1000, 10_000);
    now = 1050;
    progress.update("Rendering pages", 1050, 10_000);
    now = 1100;
    progress.update("Rendering pages", 1100, 10_000);
    progress.end();
    expect(written).toEqual([
      "\r\x1b[2KRendering pages: 1,000 of 10,000",
      "\r\x1b[2KRendering pages: 1,100 of 10,000",
      "\r\x1b[2K",
    ]);
  });

  it("prints nothing at all when the output is not a terminal (CI logs stay clean)", () => {
    let now = 0;
    const { stream, written } = terminal(false);
    const progress = createProgress(stream, () => now);
    now = 5000;
    progress.update("Rendering pages", 1, 2);
    progress.end();
    expect(written).toEqual([]);
  });

  it("erases nothing after a short build", () => {
    const { stream, written } = terminal(true);
    const progress = createProgress(stream, () => 10);
    progress.update("Rendering pages", 1, 2);
    progress.end();
    expect(written).toEqual([]);
  });
});
