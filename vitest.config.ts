import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["{app,lib,db}/**/*.test.ts"],
    setupFiles: ["./lib/testing/setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", START_EMAIL_DISPATCHER: "false" },
  },
});
