// Test runner settings: every test file under tests/, generous timeouts for builds and browsers, and one cache
// for the many small sites the tests make in temporary folders (each would otherwise keep its own), and those
// folders inside one of the run's own, removed when it ends.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One temporary folder for the run, removed at its end (tests/helpers/temp-root.ts).
    globalSetup: ["tests/helpers/temp-root.ts"],
    env: { HEIRLOOM_CACHE_DIR: fileURLToPath(new URL("./node_modules/.cache/heirloom", import.meta.url)) },
  },
});
