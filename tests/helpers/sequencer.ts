// The order the test files start in: those that spend their minutes waiting on the network first, so the other
// files' work fills the cores while they wait; then vitest's own order (longest first once a run's times are known).
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Started before every other file, in this order. The registry's test waits on the public registry for most of
 * its two minutes or more; a fresh clone, with no times of an earlier run, would start it by its size, among the
 * last, and the run would end waiting on it alone.
 */
export const FIRST = ["tests/sites/registry.test.ts"];

/** vitest's sequencer with the files of FIRST moved to the front of their project. */
export default class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId).split("\\").join("/"));
      return at === -1 ? FIRST.length : at;
    };
    // Array.prototype.sort is stable: the others keep vitest's order, and projects their groups.
    return sorted.sort((a, b) => projectOrder(a) - projectOrder(b) || rank(a) - rank(b));
  }
}

/** Where a file's project runs: its group first (projects of one group run together). */
const projectOrder = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
