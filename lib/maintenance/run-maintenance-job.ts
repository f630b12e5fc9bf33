import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { maintenanceJobRuns } from "@/db/schema-operations";
import type { Env } from "@/lib/config/env";
import type { JobResult, MaintenanceJob } from "./maintenance-job";

export type JobOutcome =
  | { job: string; ran: true; result: JobResult; durationMs: number }
  | { job: string; ran: false; reason: "not due"; nextDueAt: Date }
  | { job: string; ran: false; reason: "another instance is running it" };

/** When the job is next due after a run started at `lastStartedAt` (now or earlier when it is due). */
export function nextDueAt(job: MaintenanceJob, env: Env, lastStartedAt: Date | null, now: Date): Date {
  if (!lastStartedAt) return now;
  if (job.dueEarly?.(lastStartedAt, now)) return now;
  return new Date(lastStartedAt.getTime() + job.periodMs(env));
}

/**
 * Runs the job once if it is due (or `force`), by at most one process at a time: under its advisory
 * lock, taken without waiting (a run already going is enough), in one transaction with the record of
 * the run, so a process that dies mid-run leaves neither a half-written run nor a held lock.
 */
export async function runMaintenanceJob(
  db: Db,
  params: { job: MaintenanceJob; now: Date; env: Env; force?: boolean },
): Promise<JobOutcome> {
  const { job, now, env } = params;
  return db.transaction(async (tx) => {
    const [lock] = await executeRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${job.lockId}) as locked`);
    if (!lock?.locked) return { job: job.name, ran: false, reason: "another instance is running it" } as const;
    if (!params.force) {
      const [last] = await tx
        .select({ startedAt: maintenanceJobRuns.startedAt })
        .from(maintenanceJobRuns)
        .where(sql`${maintenanceJobRuns.job} = ${job.name}`)
        .limit(1);
      const due = nextDueAt(job, env, last?.startedAt ?? null, now);
      if (due.getTime() > now.getTime()) return { job: job.name, ran: false, reason: "not due", nextDueAt: due } as const;
    }
    const started = performance.now();
    const result = await job.run(tx, { now, env });
    await tx
      .insert(maintenanceJobRuns)
      .values({ job: job.name, startedAt: now, finishedAt: new Date(), result })
      .onConflictDoUpdate({
        target: maintenanceJobRuns.job,
        set: { startedAt: now, finishedAt: new Date(), result },
      });
    return { job: job.name, ran: true, result, durationMs: Math.round(performance.now() - started) } as const;
  });
}
