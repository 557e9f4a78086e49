// Test runner settings: every test file under tests/, generous timeouts for builds and browsers, and
// "heirloom" resolved to the engine's public entry as the engine resolves it for sites.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { heirloom: fileURLToPath(new URL("./src/index.ts", import.meta.url)) } },
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
