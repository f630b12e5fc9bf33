import path from "node:path";
import { defineConfig } from "vitest/config";

// The "reliability" project: production servers (`next start`) against a throwaway Postgres cluster,
// run by `npm run test:reliability`. Kept out of the default vitest config: it builds the app and
// takes minutes, so `npm test` does not run it; CI runs it as its own step.
const root = path.resolve(import.meta.dirname, "..", "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    name: "reliability",
    environment: "node",
    include: ["e2e/reliability/*.vitest.ts"],
    pool: "forks",
    maxWorkers: 1,
    // The build (when stale), initdb and server start-ups happen inside hooks and tests.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    env: { NEXT_TELEMETRY_DISABLED: "1" },
  },
});
