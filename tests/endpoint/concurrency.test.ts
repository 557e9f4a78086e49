// 500 overlapping posts from 30 worker threads (Apps Script's limit of simultaneous executions per
// user), 20% of them repeats in other letter case: one row per address with the lock; the same run
// without the lock must show the race, so this test is known to be able to fail.
import { describe, expect, it } from "vitest";
import { runConcurrently, tally, type ConcurrentRun } from "./harness.ts";

/** 400 addresses; every fourth is sent again right after, in other letter case: 500 posts. */
function posts(): string[] {
  const bodies: string[] = [];
  for (let i = 0; i < 400; i++) {
    const email = `visitor.${i}@example.com`;
    bodies.push(new URLSearchParams({ email }).toString());
    if (i % 4 === 0)
      bodies.push(new URLSearchParams({ email: i % 8 ? email.toUpperCase() : `Visitor.${i}@Example.COM` }).toString());
  }
  return bodies;
}

const report = (label: string, figures: ReturnType<typeof tally>, run: ConcurrentRun) =>
  console.log(
    `${label}: ${figures.executions} executions, ${figures.distinct} distinct addresses, ${figures.rows} rows, ` +
      `${figures.lost} lost, ${figures.duplicated} duplicated; ` +
      `${run.waitedForLock} waited for the lock; ${Math.round(run.ms)} ms`,
  );

describe("the endpoint under overlapping posts", () => {
  const bodies = posts();

  it("keeps exactly one row per address with the script lock", async () => {
    const run = await runConcurrently({ bodies, locked: true });
    const figures = tally(bodies, run.emails);
    report("with the lock", figures, run);
    expect(figures).toEqual({ executions: 500, distinct: 400, rows: 400, lost: 0, duplicated: 0 });
    expect(run.outcomes).toHaveLength(500);
    // The posts really overlapped: many found the lock taken (about 300 of 500 on 2 cores).
    expect(run.waitedForLock).toBeGreaterThan(100);
    expect(run.outcomes.every((o) => o.page.includes("on the Heirloom waitlist") && !o.lockHeldAtEnd)).toBe(true);
  });

  it("duplicates addresses when the lock is taken away (the control)", async () => {
    const run = await runConcurrently({ bodies, locked: false });
    const figures = tally(bodies, run.emails);
    report("without the lock", figures, run);
    expect(figures.executions).toBe(500);
    expect(figures.duplicated + figures.lost).toBeGreaterThan(0);
  });
});
