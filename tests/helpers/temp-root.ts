// The run's temporary folders in one folder of its own, removed when the run ends: the tests make about 500 (a
// site each, copies of the journal, caches), which would otherwise stay in the system's temporary folder run after
// run (thousands of them slowed file creation, and so the benchmarks, on a machine that kept them).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Set while a run's folder exists: each project of vitest.config.ts runs this setup, and one folder serves all. */
const MARK = "TEST_RUN_TMPDIR";

export default function setup(): () => void {
  if (process.env[MARK]) return () => {};
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-tests-"));
  const previous = process.env.TMPDIR;
  // os.tmpdir() reads TMPDIR: the test files' threads and the processes they start get this one.
  process.env.TMPDIR = root;
  process.env[MARK] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[MARK];
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
