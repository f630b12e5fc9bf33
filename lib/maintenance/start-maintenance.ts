import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { runningBackgroundJob, startBackgroundJob } from "@/lib/runtime/background-job";
import { MAINTENANCE_JOBS } from "./maintenance-jobs";
import { runDueMaintenanceJobs } from "./run-due-jobs";

// The maintenance timer, in every instance: each pass runs the jobs that are due (maintenance-jobs.ts),
// each under its own advisory lock, so one instance at a time runs a job and the record of its last run
// tells every instance when it is next due. The first pass waits a minute after start-up, so a rolling
// deploy does not run every job on every start.
const FIRST_RUN_DELAY_MS = 60_000;
const JOB_NAME = "maintenance";

/** Starts the schedule (MAINTENANCE_INTERVAL_MS; 0 turns it off). Calling it again does nothing. */
export function startMaintenanceSchedule(): void {
  if (runningBackgroundJob(JOB_NAME)) return;
  const e = env();
  if (e.MAINTENANCE_INTERVAL_MS === 0) {
    log.info("maintenance.schedule_off", { reason: "MAINTENANCE_INTERVAL_MS is 0" });
    return;
  }
  // A pass as often as the most frequent job falls due.
  const intervalMs = Math.min(...MAINTENANCE_JOBS.map((job) => job.periodMs(e)));
  startBackgroundJob({
    name: JOB_NAME,
    intervalMs,
    firstRunDelayMs: Math.min(FIRST_RUN_DELAY_MS, intervalMs),
    failedEvent: "maintenance.failed",
    async run() {
      const outcomes = await runDueMaintenanceJobs(await databaseReady(), { now: new Date(), env: e });
      let emails = 0;
      for (const outcome of outcomes) {
        if (outcome.ran) {
          log.info("maintenance.job_ran", { job: outcome.job, durationMs: outcome.durationMs, ...outcome.result });
          emails += outcome.result.emails ?? 0;
        } else if (outcome.reason === "failed") {
          log.error("maintenance.job_failed", { job: outcome.job, error: outcome.error });
        } else if (outcome.reason !== "not due") {
          log.info("maintenance.job_skipped", { job: outcome.job, reason: outcome.reason });
        }
      }
      // Emails queued by a job go out now rather than at the dispatcher's next poll.
      if (emails > 0) kickEmailDispatcher();
    },
  });
  log.info("maintenance.schedule_started", { intervalMs, jobs: MAINTENANCE_JOBS.map((job) => job.name) });
}

/** Shutdown: no new pass; a job going finishes (it is one transaction). */
export async function stopMaintenanceSchedule(): Promise<void> {
  await runningBackgroundJob(JOB_NAME)?.stop();
}
