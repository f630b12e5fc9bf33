import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { captureLog, type LogEntry } from "@/test/support/log-capture";
import { withEnv } from "@/test/support/env";
import { postgresOnlyTest } from "@/test/support/races";
import { MAINTENANCE_LOCK_ID } from "./run-maintenance";
import { startMaintenanceSchedule, stopMaintenanceSchedule } from "./start-maintenance";

// The schedule every instance starts (instrumentation.ts): the due jobs, the purge among them every
// MAINTENANCE_INTERVAL_MS (the first pass after at most a minute), one instance at a time under each
// job's advisory lock, never with 0.

let expiredSessions = 0;
async function addExpiredSession(): Promise<string> {
  const token = `expired-${expiredSessions++}`;
  await getDb().insert(sessions).values({ sessionToken: token, userId: "u-schedule", expires: sql`now() - interval '1 minute'` });
  return token;
}

async function sessionExists(token: string): Promise<boolean> {
  const rows = await executeRows<{ n: number }>(getDb(), sql`select count(*)::int as n from sessions where session_token = ${token}`);
  return rows[0]!.n === 1;
}

const events = (entries: LogEntry[], event: string) => entries.filter((e) => e.event === event);

beforeEach(async () => {
  await getDb().insert(users).values({ id: "u-schedule", email: "schedule@example.com" }).onConflictDoNothing();
});

afterEach(async () => {
  await stopMaintenanceSchedule();
});

describe("the maintenance schedule", () => {
  it("purges every MAINTENANCE_INTERVAL_MS, run after run", async () => {
    // The log lines as they come: a pass logs its jobs once all of them ran, after the purge is visible.
    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => lines.push(String(chunk)) > 0);
    const entries = (event: string) =>
      lines.flatMap((l) => l.split("\n")).filter((l) => l.includes(`"event":"${event}"`)).map((l) => JSON.parse(l) as LogEntry);
    const retentionRuns = () => entries("maintenance.job_ran").filter((e) => e.job === "retention").length;
    try {
      await withEnv({ MAINTENANCE_INTERVAL_MS: "50", LOG_LEVEL: "info" }, async () => {
        const first = await addExpiredSession();
        startMaintenanceSchedule();
        await expect.poll(() => sessionExists(first), { timeout: 10_000 }).toBe(false);
        const second = await addExpiredSession();
        await expect.poll(() => sessionExists(second), { timeout: 10_000 }).toBe(false);
        await expect.poll(retentionRuns, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      });
    } finally {
      out.mockRestore();
    }
    expect(entries("maintenance.schedule_started")).toEqual([
      expect.objectContaining({ intervalMs: 50, jobs: expect.arrayContaining(["retention", "inquiry-reminders"]) }),
    ]);
  });

  it("never runs with MAINTENANCE_INTERVAL_MS=0: no timer is set, and it says so", async () => {
    const timers = vi.spyOn(globalThis, "setTimeout");
    try {
      const { entries } = await captureLog(
        () =>
          withEnv({ MAINTENANCE_INTERVAL_MS: "0" }, async () => {
            startMaintenanceSchedule();
          }),
        "info",
      );
      expect(timers).not.toHaveBeenCalled();
      expect(events(entries, "maintenance.schedule_off")).toHaveLength(1);
      // The control: with an interval, starting sets the first run's timer.
      await withEnv({ MAINTENANCE_INTERVAL_MS: "3600000" }, async () => startMaintenanceSchedule());
      expect(timers).toHaveBeenCalledTimes(1);
      expect(timers.mock.calls[0]![1]).toBe(60_000);
    } finally {
      timers.mockRestore();
    }
  });

  // Another instance's run holds the lock: only Postgres has a second session to hold it from.
  it("skips its runs while another instance holds the lock, then purges", postgresOnlyTest, async () => {
    const [row] = await executeRows<{ name: string }>(getDb(), sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    const instance = postgres(url.toString(), { max: 1, onnotice: () => {} });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      const token = await addExpiredSession();
      let holding = false;
      const held = instance.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(${MAINTENANCE_LOCK_ID})`;
        holding = true;
        await released;
      });
      await expect.poll(() => holding).toBe(true);
      // The log lines as they come (the schedule's skips are what shows the lock at work).
      const lines: string[] = [];
      const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => lines.push(String(chunk)) > 0);
      const logged = (event: string) =>
        lines.filter((l) => l.includes(`"event":"${event}"`) && l.includes(`"job":"retention"`)).length;
      try {
        await withEnv({ MAINTENANCE_INTERVAL_MS: "50", LOG_LEVEL: "info" }, async () => {
          startMaintenanceSchedule();
          await expect.poll(() => logged("maintenance.job_skipped"), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
          expect(await sessionExists(token)).toBe(true);
          expect(logged("maintenance.job_ran")).toBe(0);
          release();
          await held;
          await expect.poll(() => sessionExists(token), { timeout: 10_000 }).toBe(false);
          // The pass logs its jobs once all of them ran.
          await expect.poll(() => logged("maintenance.job_ran"), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
        });
      } finally {
        out.mockRestore();
      }
    } finally {
      release();
      await instance.end();
    }
  });
});
