import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["{app,components,lib,db}/**/*.test.ts"],
    setupFiles: ["./lib/testing/setup.ts"],
    globalSetup: ["./lib/testing/global-setup.ts"],
    pool: "forks",
    // Test files are independent (a database each); on a 2-core machine two at a time is about 1.6× faster.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", START_EMAIL_DISPATCHER: "false" },
  },
});
