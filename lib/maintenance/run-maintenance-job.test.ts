import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { maintenanceJobRuns } from "@/db/schema-operations";
import { env } from "@/lib/config/env";
import { raceTest } from "@/test/support/races";
import type { MaintenanceJob } from "./maintenance-job";
import { MAINTENANCE_JOBS } from "./maintenance-jobs";
import { runDueMaintenanceJobs } from "./run-due-jobs";
import { runMaintenanceJob } from "./run-maintenance-job";

const HOUR = 3_600_000;
let nextLock = 9_100_000;

function countingJob(overrides: Partial<MaintenanceJob> = {}): MaintenanceJob & { runs: () => number } {
  let runs = 0;
  return {
    name: `test-job-${nextLock}`,
    summary: "counts its runs",
    lockId: nextLock++,
    periodMs: () => HOUR,
    run: async () => ({ runs: ++runs }),
    ...overrides,
    runs: () => runs,
  };
}

describe("a maintenance job", () => {
  it("runs when it never ran, is not due again until its period has passed, then runs again", async () => {
    const job = countingJob();
    const t0 = new Date("2026-11-27T10:00:00Z");
    const first = await runMaintenanceJob(getDb(), { job, now: t0, env: env() });
    expect(first).toMatchObject({ ran: true, result: { runs: 1 } });

    const early = await runMaintenanceJob(getDb(), { job, now: new Date(t0.getTime() + HOUR - 1), env: env() });
    expect(early).toEqual({ job: job.name, ran: false, reason: "not due", nextDueAt: new Date(t0.getTime() + HOUR) });
    expect(job.runs()).toBe(1);

    const later = await runMaintenanceJob(getDb(), { job, now: new Date(t0.getTime() + HOUR), env: env() });
    expect(later).toMatchObject({ ran: true, result: { runs: 2 } });
    const [record] = await getDb().select().from(maintenanceJobRuns).where(eq(maintenanceJobRuns.job, job.name));
    expect(record).toMatchObject({ startedAt: new Date(t0.getTime() + HOUR), result: { runs: 2 } });
  });

  it("is due before its period ends when its boundary passed (dueEarly), and runs at once when forced", async () => {
    const monday = new Date("2026-11-30T00:00:00Z");
    const job = countingJob({ dueEarly: (last, now) => last < monday && now >= monday });
    await runMaintenanceJob(getDb(), { job, now: new Date("2026-11-29T23:30:00Z"), env: env() });
    expect(await runMaintenanceJob(getDb(), { job, now: new Date("2026-11-29T23:59:59Z"), env: env() })).toMatchObject({ ran: false });
    expect(await runMaintenanceJob(getDb(), { job, now: monday, env: env() })).toMatchObject({ ran: true });
    expect(await runMaintenanceJob(getDb(), { job, now: monday, env: env(), force: true })).toMatchObject({ ran: true });
    expect(job.runs()).toBe(3);
  });

  it("leaves no record of a run that threw, so the job is due again at once", async () => {
    const failing = countingJob({
      run: async () => {
        throw new Error("boom");
      },
    });
    const now = new Date("2026-11-27T12:00:00Z");
    await expect(runMaintenanceJob(getDb(), { job: failing, now, env: env() })).rejects.toThrow("boom");
    expect(await getDb().select().from(maintenanceJobRuns).where(eq(maintenanceJobRuns.job, failing.name))).toEqual([]);
  });

  it("runs only one of two passes started at once; the other says another instance is running it", raceTest, async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    const job = countingJob({
      run: async () => {
        entered += 1;
        await gate;
        return { runs: entered };
      },
    });
    const now = new Date("2026-11-27T13:00:00Z");
    const first = runMaintenanceJob(getDb(), { job, now, env: env() });
    await expect.poll(() => entered).toBe(1);
    const second = await runMaintenanceJob(getDb(), { job, now, env: env(), force: true });
    release();
    expect(second).toEqual({ job: job.name, ran: false, reason: "another instance is running it" });
    expect(await first).toMatchObject({ ran: true });
    expect(entered).toBe(1);
  });
});

describe("a pass of the maintenance timer", () => {
  it("runs every registered job the first time, then only what is due; --only runs the named job whether due or not", async () => {
    const now = new Date("2026-11-27T14:00:00Z");
    const e = { ...env(), MAINTENANCE_INTERVAL_MS: HOUR };
    const first = await runDueMaintenanceJobs(getDb(), { now, env: e });
    expect(first.map((o) => [o.job, o.ran])).toEqual(MAINTENANCE_JOBS.map((job) => [job.name, true]));

    // Half a minute later: the shortest period (provider exports, a minute) has not passed.
    const soon = await runDueMaintenanceJobs(getDb(), { now: new Date(now.getTime() + 30_000), env: e });
    expect(soon.every((o) => !o.ran && o.reason === "not due")).toBe(true);

    const only = await runDueMaintenanceJobs(getDb(), { now: new Date(now.getTime() + 60_000), env: e, only: ["retention"] });
    expect(only).toEqual([expect.objectContaining({ job: "retention", ran: true })]);
  });
});
