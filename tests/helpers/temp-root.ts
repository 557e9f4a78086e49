// The run's temporary folders in one folder of its own, removed when the run ends: the tests make about 500 (a
// site each, copies of the journal, caches), which would otherwise stay in the system's temporary folder run after
// run (thousands of them slowed file creation, and so the benchmarks, on a machine that kept them).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-tests-"));
  const previous = process.env.TMPDIR;
  // os.tmpdir() reads TMPDIR: the test files' threads and the processes they start get this one.
  process.env.TMPDIR = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
