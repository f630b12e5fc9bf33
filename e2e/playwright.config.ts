import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

// The production server reads its local mailbox only with MAILBOX_SECRET. One secret per run, made
// here: the web server (e2e/start-server.mjs) and the test workers inherit it from this process.
process.env.E2E_MAILBOX_SECRET ??= randomBytes(24).toString("hex");
// Interest applications per client IP per hour on the suite's server: the specs send about 25 from
// 127.0.0.1 in one run; e2e/reliability/security.spec.ts proves the limit from addresses of its own.
process.env.E2E_INTEREST_IP_LIMIT ??= "40";

const port = process.env.E2E_PORT ?? "3100";
const baseURL = `http://127.0.0.1:${port}`;
// E2E_RUN names a run's output folders, so that two runs (CI runs one per database, side by side)
// never write into each other's results.
const run = process.env.E2E_RUN ? `-${process.env.E2E_RUN}` : "";

export default defineConfig({
  testDir: ".",
  outputDir: `../test-results${run}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // In CI a broken build fails fast: after five failures the run stops instead of timing out every test.
  maxFailures: process.env.CI ? 5 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["html", { outputFolder: `../playwright-report${run}`, open: "never" }]],
  // A flow signs in, walks several pages, takes screenshots at two widths and runs axe on each: about
  // 10 s on a quiet machine. CI runs both databases' suites side by side on two cores, where the same
  // flow has taken over 30 s; a slow pass is still a pass, and a broken build still stops at maxFailures.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
      ],
    },
  },
  // The read-only specs check the seeded directory exactly, so they run before the specs that publish,
  // approve and suspend providers.
  projects: [
    { name: "read-only", testMatch: /(smoke|directory)\.spec\.ts$/, use: { ...devices["Desktop Chrome"] } },
    {
      name: "flows",
      testIgnore: /(smoke|directory|review-journey)\.spec\.ts$/,
      dependencies: ["read-only"],
      use: { ...devices["Desktop Chrome"] },
    },
    // Runs maintenance sweeps at a later clock time, which touch every spec's fixtures: after them all.
    { name: "clock-moving", testMatch: /review-journey\.spec\.ts$/, dependencies: ["flows"], use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: {
    command: "node e2e/start-server.mjs",
    cwd: "..",
    url: `${baseURL}/api/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
