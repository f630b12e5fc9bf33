import type { Db } from "@/db/client";
import type { Env } from "@/lib/config/env";
import { MAINTENANCE_JOBS } from "./maintenance-jobs";
import { runMaintenanceJob, type JobOutcome } from "./run-maintenance-job";

/**
 * One pass of the maintenance timer: every job that is due, one after another, each in its own
 * transaction under its own lock. With `only`, just those jobs, run now whether due or not (the CLI's
 * `--only`). A job that throws does not stop the others; its error is in its outcome.
 */
export async function runDueMaintenanceJobs(
  db: Db,
  params: { now: Date; env: Env; only?: readonly string[] },
): Promise<(JobOutcome | { job: string; ran: false; reason: "failed"; error: unknown })[]> {
  const jobs = params.only ? MAINTENANCE_JOBS.filter((job) => params.only!.includes(job.name)) : MAINTENANCE_JOBS;
  const outcomes = [];
  for (const job of jobs) {
    try {
      outcomes.push(await runMaintenanceJob(db, { job, now: params.now, env: params.env, force: params.only !== undefined }));
    } catch (error) {
      outcomes.push({ job: job.name, ran: false as const, reason: "failed" as const, error });
    }
  }
  return outcomes;
}
