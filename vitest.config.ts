// Test runner settings: every test file under tests/, two at a time (one per core), generous timeouts for builds
// and browsers, and one cache for the many small sites the tests make in temporary folders (each would otherwise
// keep its own), and those folders inside one of the run's own, removed when it ends.
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import WaitingFirst from "./tests/helpers/sequencer.ts";

/**
 * Files whose checks are a timing of the machine as much as of the code, run one at a time after the others: a
 * Lighthouse performance score, and the packed engine's new site checked and built with no warning, where a code
 * block highlighted beyond its time limit (2 s, the starter's as a user gets it) would be one.
 */
const ALONE = ["tests/browser/docs-lighthouse.test.ts", "tests/sites/package.test.ts"];

export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A page's island hydrating or a dev reload is waited for longer than vitest's 1 s while another file runs.
    expect: { poll: { timeout: 10_000 } },
    // One temporary folder for the run, removed at its end (tests/helpers/temp-root.ts).
    globalSetup: ["tests/helpers/temp-root.ts"],
    // The files that wait on the network start first (tests/helpers/sequencer.ts).
    sequence: { sequencer: WaitingFirst },
    env: { HEIRLOOM_CACHE_DIR: fileURLToPath(new URL("./node_modules/.cache/heirloom", import.meta.url)) },
    projects: [
      {
        extends: true,
        test: { name: "together", include: ["tests/**/*.test.ts"], exclude: [...configDefaults.exclude, ...ALONE] },
      },
      { extends: true, test: { name: "alone", include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
