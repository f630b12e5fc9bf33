import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside Next.js's server layer; tests run server modules directly.
      "server-only": path.resolve(import.meta.dirname, "test/support/server-only.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["{app,components,lib,db,scripts,test}/**/*.test.ts", "instrumentation.test.ts"],
    setupFiles: ["./test/support/setup.ts"],
    globalSetup: ["./test/support/global-setup.ts"],
    // Race tests (tag "race") only mean something where calls really overlap, and a few others (tag
    // "postgres") need a second session or the server's settings: both run on Postgres and are skipped on
    // PGlite, one in-process connection; race-reporter.ts prints how many (test/support/races.ts).
    tags: [
      {
        name: "race",
        description: "Real concurrency: runs on Postgres only (PGlite is one connection, so simultaneous calls run one after another)",
        skip: !process.env.TEST_DATABASE_URL,
      },
      {
        name: "postgres",
        description: "Needs a Postgres server (a second session, or the server's own settings): runs on Postgres only",
        skip: !process.env.TEST_DATABASE_URL,
      },
    ],
    reporters: ["default", "./test/support/race-reporter.ts"],
    pool: "forks",
    // Test files are independent (a database each); on a 2-core machine two at a time is about 1.6× faster.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", START_EMAIL_DISPATCHER: "false" },
  },
});
